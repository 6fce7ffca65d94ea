import { describe, expect, it } from "vitest";
import { registrationErrorMessage } from "./registration-errors.ts";

describe("registrationErrorMessage", () => {
  it.each([
    [400, "Bad request. Please check your input."],
    [401, "Unauthorized. Access code invalid."],
    [403, "Forbidden. Access code inactive."],
    [404, "Access code not found."],
    [409, "Email already registered."],
    [500, "Internal server error. Please try again later."],
    [418, "An unexpected error occurred."],
    [0, "An unexpected error occurred."],
  ])("shows the default text for status %i", (status, text) => {
    expect(registrationErrorMessage({ status })).toBe(text);
  });

  it("prefers the server's own text", () => {
    expect(registrationErrorMessage({ status: 400, error: "Please enter a valid e-mail address." })).toBe(
      "Please enter a valid e-mail address.",
    );
  });

  it("shows nothing when there is no error", () => {
    expect(registrationErrorMessage(null)).toBeNull();
  });
});
