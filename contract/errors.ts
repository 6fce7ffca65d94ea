import { z } from "zod";

/** Every error the API answers with: a sentence for a person, plus per-field sentences on a 400. */
export const ApiError = z.object({
  error: z.string(),
  details: z.record(z.string(), z.string()).optional(),
});
export type ApiError = z.infer<typeof ApiError>;

/** Default texts of the registration error catalogue (SPEC §8), by HTTP status. */
export const registrationErrorMessages: Record<number, string> = {
  400: "Bad request. Please check your input.",
  401: "Unauthorized. Access code invalid.",
  403: "Forbidden. Access code inactive.",
  404: "Access code not found.",
  409: "Email already registered.",
  500: "Internal server error. Please try again later.",
};
export const unexpectedErrorMessage = "An unexpected error occurred.";
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
