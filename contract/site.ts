import { z } from "zod";
import { type Endpoint, ok } from "./endpoint.ts";

export const SiteDetails = z.object({
  contact_email: z.string(),
  contact_phone: z.string(),
  contact_city: z.string(),
  podcast_player_url: z.string(),
  /** True when Stripe is configured: the Purchase page then offers Buy and Subscribe. */
  online_payment: z.boolean(),
  links: z.object({
    podcast_directory: z.string(),
    blog: z.string(),
    facebook: z.string(),
    youtube: z.string(),
    pinterest: z.string(),
    instagram: z.string(),
  }),
});
export type SiteDetails = z.infer<typeof SiteDetails>;

/** This capability's entries of the endpoint table (contract/api.ts composes every part). */
export const siteEndpoints = {
  siteDetails: {
    method: "GET",
    path: "/reactapi/site",
    summary: "The instructor's contact details, links and whether online payment is on",
    access: "anyone",
    answers: ok(SiteDetails),
  },
} satisfies Record<string, Endpoint>;
