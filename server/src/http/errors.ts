import type { z } from "zod";
import { fieldErrors } from "../../../contract/errors.ts";

/** An error whose message is written for the person who will read it. */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    readonly details?: Record<string, string>,
    readonly headers?: Record<string, string>,
  ) {
    super(message);
    this.name = "HttpError";
  }
}

/** Validates a request part against its contract schema, or answers 400 naming each bad field. */
export function parseInput<Schema extends z.ZodType>(schema: Schema, input: unknown): z.output<Schema> {
  const result = schema.safeParse(input ?? {});
  if (result.success) return result.data;
  const details = fieldErrors(result.error);
  const first = Object.values(details)[0] ?? "Bad request. Please check your input.";
  if (details.body) {
    throw new HttpError(400, "Bad request. Please send a JSON object.", details);
  }
  throw new HttpError(400, first, details);
}
