import { z } from "zod";
import { activityKinds } from "../constants.ts";
import { PageNumber } from "./studio-shared.ts";
import { type Endpoint, ok } from "../endpoint.ts";

// The log of changes made in the studio or with the CLI.

export { activityKinds };

export const ActivityQuery = z.object({
  kind: z.enum(activityKinds, { error: `The kind is one of ${activityKinds.join(", ")}.` }).optional(),
  page: PageNumber,
});

export const ACTIVITY_PAGE_SIZE = 50;

export const ActivityEntry = z.object({ id: z.number(), at: z.string(), actor: z.string(), kind: z.string(), summary: z.string() });
export type ActivityEntry = z.infer<typeof ActivityEntry>;

export const ActivityPage = z.object({ entries: z.array(ActivityEntry), total: z.number(), page: z.number(), page_size: z.number() });
export type ActivityPage = z.infer<typeof ActivityPage>;

/** This capability's entries of the endpoint table (contract/api.ts composes every part). */
export const studioActivityEndpoints = {
  studioActivity: {
    method: "GET",
    path: "/reactapi/studio/activity",
    summary: "Changes made in the studio or with the CLI, newest first, 90 days",
    access: "instructor",
    travels: "studio-activity",
    query: ActivityQuery,
    answers: ok(ActivityPage),
  },
} satisfies Record<string, Endpoint>;
