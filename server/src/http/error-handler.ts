import type { FastifyError, FastifyInstance } from "fastify";
import { internalErrorMessage } from "../../../contract/errors.ts";
import { HttpError } from "./errors.ts";

// Fastify's own messages are written for developers; these are the ones a person sees instead.
const frameworkMessages: Record<string, string> = {
  FST_ERR_CTP_INVALID_JSON_BODY: "The request body is not valid JSON.",
  FST_ERR_CTP_EMPTY_JSON_BODY: "The request body is empty; please send a JSON object.",
  FST_ERR_CTP_BODY_TOO_LARGE: "The request is too large (the limit is 1 MB).",
  FST_ERR_CTP_INVALID_MEDIA_TYPE: "Please send the request as JSON (Content-Type: application/json).",
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: "The request's Content-Length does not match its body.",
  FST_ERR_BAD_URL: "That address is not valid.",
};

/** One error handler: a person's message below 500, a logged incident with a fixed text above. */
export function installErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError | HttpError | Error, request, reply) => {
    if (error instanceof HttpError) {
      if (error.headers) reply.headers(error.headers);
      return reply
        .code(error.statusCode)
        .send(error.details ? { error: error.message, details: error.details } : { error: error.message });
    }
    const statusCode = (error as FastifyError).statusCode ?? 500;
    if (statusCode >= 400 && statusCode < 500) {
      const code = (error as FastifyError).code ?? "";
      const message =
        frameworkMessages[code] ??
        (error instanceof SyntaxError ? frameworkMessages.FST_ERR_CTP_INVALID_JSON_BODY! : "Bad request. Please check your input.");
      request.log.info({ code, statusCode }, "request refused");
      return reply.code(statusCode).send({ error: message });
    }
    request.log.error({ err: error, url: request.routeOptions.url ?? request.url }, "request failed");
    return reply.code(500).send({ error: internalErrorMessage });
  });
}
