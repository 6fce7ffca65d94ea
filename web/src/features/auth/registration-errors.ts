import { registrationErrorMessages, unexpectedErrorMessage } from "../../../../contract/constants.ts";
import type { ApiFailure } from "../../lib/api.ts";

/** The message a failed registration shows (docs/product.md, Error catalogue): the server's text first, else the status's default. */
export function registrationErrorMessage(failure: ApiFailure | null): string | null {
  if (!failure) return null;
  if (failure.error) return failure.error;
  return registrationErrorMessages[failure.status] ?? unexpectedErrorMessage;
}
