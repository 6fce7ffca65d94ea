import { z } from "zod";
import { registrationErrorMessages, unexpectedErrorMessage } from "./constants.ts";

/** Every error the API answers with: a sentence for a person, plus per-field sentences on a 400. */
export const ApiError = z.object({
  error: z.string(),
  details: z.record(z.string(), z.string()).optional(),
});
export type ApiError = z.infer<typeof ApiError>;

export { registrationErrorMessages, unexpectedErrorMessage };
export const internalErrorMessage = registrationErrorMessages[500]!;

/** Flattens zod issues into one sentence per field, keeping the first issue of each field. */
export function fieldErrors(error: z.ZodError): Record<string, string> {
  const details: Record<string, string> = {};
  for (const issue of error.issues) {
    const field = issue.path.length > 0 ? issue.path.join(".") : "body";
    details[field] ??= issue.message;
  }
  return details;
}
