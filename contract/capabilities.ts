import { z } from "zod";
import { ApiError } from "./errors.ts";
import { type Endpoint, ok } from "./endpoint.ts";

// The capabilities she can turn off (docs/architecture.md, "Capabilities she can turn off"):
// Studio → Site → Features, and which ones every page leaves out.

export const CapabilityName = z
  .string()
  .regex(/^[a-z][a-z-]{0,39}$/, { error: "There is no feature of that name that can be turned off." });

export const CapabilityState = z.object({
  name: z.string(),
  /** Its name in the reader's language ("Live classes"). */
  title: z.string(),
  on: z.boolean(),
  /** The capabilities it cannot work without. */
  needs: z.array(z.string()),
});
export type CapabilityState = z.infer<typeof CapabilityState>;

export const CapabilityStates = z.object({ capabilities: z.array(CapabilityState) });

export const capabilitiesEndpoints = {
  capabilitiesOff: {
    method: "GET",
    path: "/reactapi/capabilities/off",
    summary: "The capabilities she has turned off, which every page leaves out",
    access: "anyone",
    answers: ok(z.object({ off: z.array(z.string()) })),
  },
  studioCapabilities: {
    method: "GET",
    path: "/reactapi/studio/capabilities",
    summary: "The capabilities she can turn off, whether each is on, and what each needs",
    access: "instructor",
    travels: "studio-site",
    answers: ok(CapabilityStates),
  },
  turnCapability: {
    method: "POST",
    path: "/reactapi/studio/capabilities/:name",
    summary: "Turns one capability on or off; its data stays either way",
    access: "instructor",
    travels: "studio-site",
    params: z.object({ name: CapabilityName }),
    body: z.object({ on: z.boolean({ error: "Say whether to turn it on or off." }) }),
    invalidates: ["studioCapabilities", "capabilitiesOff"],
    answers: {
      ...ok(CapabilityStates),
      404: { description: "No capability of that name can be turned off.", schema: ApiError },
      409: { description: "Another capability that is on needs it, or it needs one that is off.", schema: ApiError },
    },
  },
} satisfies Record<string, Endpoint>;
