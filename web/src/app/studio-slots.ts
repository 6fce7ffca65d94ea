import { featureStudioSlots } from "../feature-studio-slots.ts";
import { capabilityOfModule, fromCapability } from "../lib/capabilities-off.ts";
import { routes, type StudioLink } from "../lib/routes.ts";
import type { StudioSlots } from "../lib/studio-slots.tsx";

// What capabilities add to the studio's screens (web/src/lib/studio-slots.tsx). The links to a
// capability's studio screen from screens it does not own are declared with that screen's route
// (`linkedFrom`, web/src/lib/route-table.ts) and gathered here; a part of a studio page (a lesson's
// transcripts) is declared in its feature's studio/slots.ts (web/src/feature-studio-slots.ts lists
// them), its own chunk, loaded when shown.
const linksFrom = (place: StudioLink["place"]) =>
  routes.flatMap((route) =>
    (route.linkedFrom ?? [])
      .filter((link) => link.place === place)
      .map((link) =>
        fromCapability(capabilityOfModule(route.screen) ?? "", {
          label: link.label,
          page: link.anchor ? `${route.path}#${link.anchor}` : route.path,
          ...(link.ofMember ? { ofMember: true as const } : {}),
        }),
      ),
  );

export const studioSlots: StudioSlots = {
  personActions: linksFrom("person"),
  calendarLinks: linksFrom("calendar"),
  plansLinks: linksFrom("plans"),
  lessonEditorParts: featureStudioSlots.flatMap((slots) => slots.lessonEditorParts ?? []),
};
