import { type ComponentType, createContext, useContext } from "react";
import type { Profile } from "../../../contract/sign-in.ts";

/**
 * What a capability adds to screens it does not own (docs/architecture.md, "Slots"): the screen
 * renders whatever is in its slot, and `web/src/app/slots.ts` fills the slots, one line per
 * contribution, with components loaded when shown. The screens name no capability.
 */
export type Slots = {
  /** After a lesson's own words, in order (its questions). */
  lessonExtras: readonly ComponentType<{ lessonId: number }>[];
  /** Sections of her account page, after the account's own and before her data. */
  accountSections: readonly AccountSection[];
};

export type AccountSection = {
  /** The heading's id (the section is labelled by it) and its words. */
  id: string;
  title: string;
  Body: ComponentType;
  /** Whether her account shows it (all do, unless told). */
  shownTo?: (profile: Profile) => boolean;
};

export const SlotsContext = createContext<Slots>({ lessonExtras: [], accountSections: [] });

export const useSlots = (): Slots => useContext(SlotsContext);
