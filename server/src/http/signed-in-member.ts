import type { FastifyRequest } from "fastify";
import type { users } from "../accounts/accounts-schema.ts";
import { HttpError } from "./errors.ts";

/** The member a request's session names (accounts/authentication.ts resolves it before any route runs). */
export type SignedInMember = typeof users.$inferSelect;

declare module "fastify" {
  interface FastifyRequest {
    member: SignedInMember | null;
    /** Asks the session store again who the request's session names now (null once it has ended): a long-lived stream's check. */
    memberNow: () => Promise<SignedInMember | null>;
  }
}

/** The signed-in member, or a 401 with the sentence every member page shows. */
export function requireMember(request: FastifyRequest): SignedInMember {
  if (!request.member) throw new HttpError(401, "Please sign in to continue.");
  return request.member;
}

/** The signed-in instructor: a 401 to a visitor, a 403 to a member who is not the instructor. */
export function requireInstructor(request: FastifyRequest): SignedInMember {
  const member = requireMember(request);
  if (member.role !== "admin") throw new HttpError(403, "The studio is for the instructor; your account cannot open it.");
  return member;
}

/**
 * A doula of the practice: the instructor, or a team doula (a backup she invited, Studio → Team),
 * who reaches only what is shared with her: 401 to a visitor, 403 to anyone else.
 */
export function requireDoula(request: FastifyRequest): SignedInMember {
  const member = requireMember(request);
  if (member.role !== "admin" && member.role !== "team")
    throw new HttpError(403, "This is for the doulas of the practice; your account cannot open it.");
  return member;
}
