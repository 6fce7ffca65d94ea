import { sentence } from "../../../contract/languages.ts";
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { internalErrorMessage } from "../../../contract/errors.ts";
import { isDatabaseUnavailable, postgresErrorCode } from "../db/client.ts";
import { HttpError } from "./errors.ts";
import { translate } from "../language/catalogues.ts";

export const DATABASE_UNAVAILABLE_MESSAGE = sentence(
  "We cannot reach our database just now. Nothing was lost; please try again in a few seconds.",
);
export const DATABASE_RETRY_AFTER_SECONDS = "5";

// Data exceptions about a value: characters (22021, 22P05), lengths (22001), numbers (22003),
// dates (22007, 22008), and a value too large for an index (54000).
const STORED_VALUE_REFUSED = /^(22021|22P05|22001|22003|22007|22008|54000)$/;

// Fastify's own messages are written for developers; these are the ones a person sees instead.
const frameworkMessages: Record<string, string> = {
  FST_ERR_CTP_INVALID_JSON_BODY: sentence("The request body is not valid JSON."),
  FST_ERR_CTP_EMPTY_JSON_BODY: sentence("The request body is empty; please send a JSON object."),
  FST_ERR_CTP_BODY_TOO_LARGE: sentence("The request is too large (the limit is 1 MB)."),
  FST_ERR_CTP_INVALID_MEDIA_TYPE: sentence("Please send the request as JSON (Content-Type: application/json)."),
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: sentence("The request's Content-Length does not match its body."),
  FST_ERR_BAD_URL: sentence("That address is not valid. Please check the link, or start again from the home page."),
  FST_ERR_MAX_PARAM_LENGTH: sentence("That address is too long. Please check the link, or start again from the home page."),
};

/**
 * Fastify's router answers an address it cannot decode (bad percent-encoding, an overlong part)
 * before any hook or handler runs; this answers it as every other refusal is answered, with the
 * headers every answer carries.
 */
export function answerRouterError(headers: Record<string, string>) {
  return (error: FastifyError, request: FastifyRequest, reply: FastifyReply) => {
    request.log.info({ code: error.code }, "address refused");
    return reply
      .code(error.statusCode ?? 400)
      .headers({ ...headers, "cache-control": "no-store" })
      .send({ error: frameworkMessages[error.code] ?? sentence("That address is not valid.") });
  };
}

/** One error handler: a person's message below 500, a logged incident with a fixed text above. */
export function installErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError | HttpError | Error, request, reply) => {
    if (error instanceof HttpError) {
      if (error.headers) reply.headers(error.headers);
      const sentence = error.sentence ? translate(request.language, error.sentence.id, error.sentence.values) : error.message;
      return reply.code(error.statusCode).send(error.details ? { error: sentence, details: error.details } : { error: sentence });
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
    const sqlState = postgresErrorCode(error);
    if (sqlState && STORED_VALUE_REFUSED.test(sqlState)) {
      // A value PostgreSQL cannot store (a character, a number or a date out of its range) came in
      // past validation: the member's input is at fault, and it gets a 400, though the gap is logged.
      request.log.warn(
        { sqlState, url: request.routeOptions.url ?? request.url },
        "the database refused a value that validation let through",
      );
      return reply.code(400).send({ error: "Some of what you sent cannot be stored. Please check your input and try again." });
    }
    if (isDatabaseUnavailable(error)) {
      // The outage is logged by whoever sees it first; each refused request is a warning, not an incident.
      request.log.warn(
        { url: request.routeOptions.url ?? request.url, reason: (error as Error).message },
        "database unavailable: answered 503",
      );
      return reply.code(503).header("retry-after", DATABASE_RETRY_AFTER_SECONDS).send({ error: DATABASE_UNAVAILABLE_MESSAGE });
    }
    request.log.error({ err: error, url: request.routeOptions.url ?? request.url }, "request failed");
    return reply.code(500).send({ error: internalErrorMessage });
  });
}
