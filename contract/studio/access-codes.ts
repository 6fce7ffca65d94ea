import { z } from "zod";
import { isCalendarDate } from "../forms.ts";
import { ApiError } from "../errors.ts";
import { StudioOutcome } from "./studio-shared.ts";
import { type Endpoint, ok } from "../endpoint.ts";

// The beta's access codes: create, list with their invite links, open and close.

const CodeText = z
  .string({ error: "An access code is text." })
  .trim()
  .max(64, { error: "An access code can be at most 64 characters." })
  .transform((code) => code.toUpperCase())
  .refine((code) => code === "" || /^[A-Z0-9][A-Z0-9_-]{2,63}$/.test(code), {
    error: "Use 3 to 64 letters, digits, dashes or underscores, starting with a letter or a digit.",
  });

const OptionalDate = (sentence: string) =>
  z
    .string({ error: sentence })
    .trim()
    .nullable()
    .optional()
    .transform((date) => (date ? date : null))
    .refine((date) => date === null || isCalendarDate(date), { error: sentence });

export const AccessCodeCreateRequest = z.object({
  /** Her own word, or empty for a generated BETA-XXXX-XXXX. */
  code: CodeText.optional().default(""),
  max_uses: z
    .number({ error: "The maximum number of uses is a whole number." })
    .int({ error: "The maximum number of uses is a whole number." })
    .min(1, { error: "Allow at least one use, or leave it empty for no limit." })
    .max(1_000_000, { error: "That is more uses than a code can have." })
    .nullable()
    .optional()
    .transform((uses) => uses ?? null),
  /** The last day the code works (UTC), or null for no expiry. */
  expires_on: OptionalDate("Please enter the last valid day as a real date (YYYY-MM-DD)."),
});
export type AccessCodeCreateRequest = z.input<typeof AccessCodeCreateRequest>;

export const AccessCodeParams = z.object({
  code: z
    .string()
    .trim()
    .min(1)
    .max(64)
    .transform((code) => code.toUpperCase()),
});

export const AccessCodeStatus = z.enum(["active", "inactive", "expired", "used up"]);

export const AccessCode = z.object({
  code: z.string(),
  uses: z.number(),
  max_uses: z.number().nullable(),
  expires_on: z.string().nullable(),
  status: AccessCodeStatus,
  invite_url: z.string(),
  created_at: z.string(),
});
export type AccessCode = z.infer<typeof AccessCode>;

export const AccessCodeList = z.object({ codes: z.array(AccessCode) });
export type AccessCodeList = z.infer<typeof AccessCodeList>;

/** This capability's entries of the endpoint table (contract/api.ts composes every part). */
export const studioAccessCodesEndpoints = {
  studioAccessCodes: {
    method: "GET",
    path: "/reactapi/studio/access-codes",
    summary: "Every access code, newest first, with its uses, expiry, status and invite link",
    access: "instructor",
    travels: "studio-access-codes",
    answers: ok(AccessCodeList),
  },
  createAccessCode: {
    method: "POST",
    path: "/reactapi/studio/access-codes",
    invalidates: ["studioAccessCodes"],
    summary: "Creates an access code (her word, or a generated one)",
    access: "instructor",
    travels: "studio-access-codes",
    body: AccessCodeCreateRequest,
    answers: {
      201: { description: "Created.", schema: z.object({ code: AccessCode, message: z.string() }) },
      409: { description: "The code exists.", schema: ApiError },
    },
  },
  deactivateAccessCode: {
    method: "POST",
    path: "/reactapi/studio/access-codes/:code/deactivate",
    invalidates: ["studioAccessCodes"],
    summary: "Stops registrations with a code",
    access: "instructor",
    travels: "studio-access-codes",
    params: AccessCodeParams,
    body: z.object({}),
    answers: { ...ok(StudioOutcome), 404: { description: "No such code.", schema: ApiError } },
  },
  reactivateAccessCode: {
    method: "POST",
    path: "/reactapi/studio/access-codes/:code/reactivate",
    invalidates: ["studioAccessCodes"],
    summary: "Opens a code to registrations again",
    access: "instructor",
    travels: "studio-access-codes",
    params: AccessCodeParams,
    body: z.object({}),
    answers: { ...ok(StudioOutcome), 404: { description: "No such code.", schema: ApiError } },
  },
} satisfies Record<string, Endpoint>;
