import type { z } from "zod";
import { fieldErrors } from "../../../contract/errors.ts";
import { sourceLanguage } from "../../../contract/languages.ts";
import { translate } from "../language/catalogues.ts";

type SentenceValues = Record<string, string | number>;

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

  /** The ICU message and its values, when the sentence has values: the answer translates it whole. */
  sentence?: { id: string; values: SentenceValues };

  /**
   * An error whose sentence carries values, written as one ICU message (`"{email} is on the waiting
   * list already."`), so it is translated whole into the request's language (docs/languages.md);
   * its `message` is the English sentence, for the log and the admin CLI.
   */
  static withValues(
    statusCode: number,
    id: string,
    values: SentenceValues,
    { details, headers }: { details?: Record<string, string>; headers?: Record<string, string> } = {},
  ): HttpError {
    const error = new HttpError(statusCode, translate(sourceLanguage, id, values), details, headers);
    error.sentence = { id, values };
    return error;
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
