import { createContext, useContext } from "react";
import type { LazyPart } from "./lazy-part.tsx";

// The studio's slots (docs/architecture.md, "Slots"), apart from the site's (slots.tsx): the router
// provides them around the studio's frame, and this small module is all every page carries of them.

/**
 * A link a capability adds beside a person in the studio (a booking, an enquiry, a member's page):
 * it opens `page` with her `email`, `first_name`, `last_name` and `due_date` in the query, for a
 * form there to start from. One `ofMember` opens its page for her account (its ":id" is her
 * account's id), so it shows only where the studio knows her account.
 */
export type PersonAction = { label: string; page: string; ofMember?: true };

/** What capabilities add to the studio's screens (web/src/app/studio-slots.ts composes them). */
export type StudioSlots = {
  /** Links beside a person the studio shows. */
  personActions: readonly PersonAction[];
  /** Links among Studio → Calendar's sections, to a capability's own part of her calendar (her periods off call). */
  calendarLinks: readonly { label: string; page: string }[];
  /** Links on Studio → Plans to a capability's own screens about selling them (its discount codes). */
  plansLinks: readonly { label: string; page: string }[];
  /** Sections of a lesson's editor, after its downloads (its transcripts), each loaded when the page shows it. */
  lessonEditorParts: readonly LazyPart<{ lessonId: number }>[];
};

/** What one feature adds to studio screens, in its studio/slots.ts (links come from its routes). */
export type FeatureStudioSlots = Partial<Pick<StudioSlots, "lessonEditorParts">>;

export const StudioSlotsContext = createContext<StudioSlots>({
  personActions: [],
  calendarLinks: [],
  plansLinks: [],
  lessonEditorParts: [],
});

export const useStudioSlots = (): StudioSlots => useContext(StudioSlotsContext);
