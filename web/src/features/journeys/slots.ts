import { sentence } from "../../../../contract/languages.ts";
import { type FeatureSlots, homeCard, slotPart } from "../../lib/slots.tsx";
import { fromCapability } from "../../lib/capabilities-off.ts";

const mother = (profile: { role: string; joined_as?: string | undefined }) => profile.role === "member" && profile.joined_as !== "partner";

// What it adds to screens it does not own (web/src/lib/slots.tsx; web/src/feature-slots.ts lists the
// features in the order their parts show). Each part loads when first shown, its slot's own chunk.
export const slots: FeatureSlots = {
  homeCards: [
    fromCapability(
      "journeys",
      homeCard("myJourney", () => import("./this-week-card.tsx"), mother),
    ),
  ],
  birthActions: [
    fromCapability(
      "journeys",
      slotPart(() => import("./birth-action.tsx")),
    ),
  ],
  accountSections: [
    fromCapability("journeys", {
      id: "journey-heading",
      title: sentence("Your journey"),
      Body: slotPart(() => import("./journey-settings.tsx")),
      needs: "myJourney",
      shownTo: mother,
    }),
    fromCapability("journeys", {
      id: "baby-is-here-heading",
      title: sentence("Baby is here"),
      Body: slotPart(() => import("./baby-is-here.tsx")),
      shownTo: (profile) => profile.role === "member",
    }),
  ],
  pushKinds: [
    // One kind, two readers: a mother hears her journey's steps, her doula the members who ask for a call.
    fromCapability("journeys", {
      kind: "journeys",
      label: sentence("Steps of my journey"),
      shownTo: mother,
    }),
    fromCapability("journeys", {
      kind: "journeys",
      label: sentence("Members who ask me for a call"),
      // Her team's doulas too: a request she has not marked seen goes on to the member's backup.
      shownTo: (profile) => profile.role !== "member",
    }),
  ],
};
