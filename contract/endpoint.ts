import type { z } from "zod";

// What one entry of the endpoint table says (contract/api.ts composes the capabilities' parts).

/**
 * Who may call an entry: an open list. These are the platform's; a capability adds its own level
 * from its contract part (`declare module "./endpoint.ts" { interface AccessLevels { client: true } }`)
 * and its server manifest says how a request is checked (the `accessLevels` point).
 * "mother": a member on her own account, never a partner's (docs/product.md, Partner seat): a
 * partner's account is told `partnerRefusal` (403) before anything about the body.
 * "doula": the instructor, or a team doula of the practice (her backup), each reaching only what is shared with her.
 */
export interface AccessLevels {
  anyone: true;
  member: true;
  mother: true;
  instructor: true;
  doula: true;
  "stripe-signature": true;
  "metrics-token": true;
}
export type Access = keyof AccessLevels;
export type Endpoint = {
  /** GET and POST for the API the web app calls; PATCH and DELETE only for a protocol of their own (tus's resumable uploads). */
  method: "GET" | "POST" | "PATCH" | "DELETE";
  path: string;
  summary: string;
  access: Access;
  /** For "mother": the sentence a partner's account is refused with (a sentence of the catalogue). */
  partnerRefusal?: string;
  params?: z.ZodType;
  query?: z.ZodType;
  body?: z.ZodType;
  /** A multipart/form-data body with one file in a field named `file`, instead of JSON (the studio's upload). */
  upload?: true;
  /**
   * Its answers: the success (the lowest 2xx, JSON when it has a schema) and the refusals beyond
   * those every endpoint may give (400, 401, 403, 415, 503: ApiError).
   */
  answers: Record<number, { description: string; schema?: z.ZodType; contentType?: string }>;
  /** The readers (GET endpoints, by name) whose answers a successful call of this one changes; the web app asks them again. */
  invalidates?: readonly string[];
  /**
   * The part of the browser's table it travels in: the screens that call it import
   * `virtual:endpoint-table/<part>` first (web/endpoint-table.ts), so a first visit does not carry
   * it. Without it, the entry is in every page's table (as any a screen asks before it arrives must
   * be); "none" keeps it out of every page (what only a server, Stripe or a monitor calls).
   */
  travels?: string;
};

export const ok = <Schema extends z.ZodType>(schema: Schema, description = "Done.") => ({ 200: { description, schema } });

/** The status of an endpoint's success: the lowest 2xx it lists. */
export function successStatus(endpoint: Endpoint): number {
  return Math.min(
    ...Object.keys(endpoint.answers)
      .map(Number)
      .filter((status) => status >= 200 && status < 300),
  );
}
