import { lazy } from "react";
import type { Slots } from "../lib/slots.tsx";

// What each capability adds to screens it does not own (web/src/lib/slots.tsx). Every component
// here loads when first shown, in its capability's chunks: none reaches a first visit that does
// not show it.
export const slots: Slots = {
  lessonExtras: [lazy(() => import("../features/community/lesson-questions.tsx"))],
  accountSections: [
    {
      id: "community-heading",
      title: "Community",
      Body: lazy(() => import("../features/community/community-settings.tsx")),
      // A partner's account does not open the community (docs/product.md, Partner seat).
      shownTo: (profile) => profile.joined_as !== "partner",
    },
  ],
};
