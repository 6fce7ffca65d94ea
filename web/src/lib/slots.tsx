import { type ComponentType, createContext, type ReactNode, useContext } from "react";
import { type LazyPart, lazyPart, usePartsLoaded } from "./lazy-part.tsx";
import type { Account } from "../../../contract/my-account.ts";
import type { Profile } from "../../../contract/sign-in.ts";
import type { PushKind, RegistrationPassField } from "../../../contract/api.ts";
import type { AnswerOf, EndpointName } from "./api.ts";
import type { LessonPlayer, VideoFrame } from "./lesson-player.ts";

/** A part a capability adds to a screen it does not own, loaded when first needed (web/src/lib/lazy-part.tsx). */
export type SlotPart<Props extends object> = LazyPart<Props>;
export const slotPart = lazyPart;
export { usePartsLoaded };

/** Who sees a part: every account, unless the part says otherwise. */
export type ShownTo = (profile: Profile) => boolean;

/** What a home card is drawn from: the answer of one endpoint that takes no arguments. */
export type HomeCardProps<Name extends EndpointName> = { answer: AnswerOf<Name>; refresh: () => void };

export type HomeCard = (
  | {
      /** The answer it is drawn from; the page waits for every card's, so nothing she reads jumps down. */
      needs: EndpointName;
      Card: SlotPart<HomeCardProps<EndpointName>>;
    }
  | { needs?: undefined; Card: SlotPart<object> }
) & { shownTo?: ShownTo };

/** A card of the home page drawn from `needs`'s answer (none when it failed). */
export function homeCard<Name extends EndpointName>(
  needs: Name,
  load: () => Promise<{ default: ComponentType<HomeCardProps<Name>> }>,
  shownTo?: ShownTo,
): HomeCard {
  return { needs, Card: slotPart(load) as unknown as SlotPart<HomeCardProps<EndpointName>>, ...(shownTo ? { shownTo } : {}) };
}

export type AccountSection = {
  /** The heading's id (the section is labelled by it) and its words. */
  id: string;
  title: string | ((profile: Profile) => string);
  Body: SlotPart<{ account: Account }>;
  /** The answer it reads first (asked with the page's own, web/src/app/router.tsx). */
  needs?: EndpointName;
  shownTo?: ShownTo;
  /** Before the account's own sections (what she comes to the page for most), not after them. */
  first?: true;
};

/** An entry of the member menu, with a count of what is new there when the capability keeps one. */
export type MenuSlotEntry = {
  label: string;
  to: string;
  shownTo?: ShownTo;
  /** The answer that says how many things are new there, and how to read it. */
  newCount?: { needs: EndpointName; count: (answer: unknown) => number };
};

/** How many things are new behind a menu entry, read from `needs`'s answer. */
export const newCountFrom = <Name extends EndpointName>(needs: Name, count: (answer: AnswerOf<Name>) => number) => ({
  needs,
  count: count as (answer: unknown) => number,
});

/**
 * A link a capability mails to someone who may have no account yet (`<page>?invitation=TOKEN`):
 * a visitor comes to the login page from it, is told why, and registers with the token in place of
 * an access code.
 */
export type InvitationLink = {
  /** The page the mail links to (the login page's `from`). */
  page: string;
  /** The registration's field that carries the token (a capability's pass, composed in contract/api.ts). */
  field: RegistrationPassField;
  /** The page's parameter that carries the token, when it is not `invitation` (a gift's `token`). */
  parameter?: string;
  /** Where she goes once registered, when not back to `page` (the token was used by registering). */
  after?: string;
  /**
   * What the login page tells her, and what the register page tells her: the capability's own
   * words, in its chunk, which only a page opened from such a link loads.
   */
  Words: SlotPart<{ at: "login" | "register" }>;
};

/** What one capability keeps beside a lesson saved for offline. */
export type SavedCompanions = {
  /** Fetched and kept as the server answers them. */
  addresses?: readonly string[];
  /** Answers the capability wrote for the phone (a saved video's one picture size), kept under the address they answer. */
  written?: readonly { address: string; body: string; type: string }[];
  /** Among them is the lesson's video: it plays without a signal. */
  video?: boolean;
};

/** A kind of push her devices may be told about, in the words of the accounts it is offered to. */
export type PushKindChoice = { kind: PushKind; label: string; shownTo: ShownTo };

/**
 * What a capability adds to screens it does not own (docs/architecture.md, "Slots"): the screen
 * renders whatever is in its slot, and each feature's `slots.ts` fills the slots, one line per
 * contribution, with parts loaded when shown (`web/src/feature-slots.ts` lists them, in order). The
 * screens name no capability.
 */
export type Slots = {
  /** After a lesson's own words, in order (its questions). */
  lessonExtras: readonly SlotPart<{ lessonId: number }>[];
  /**
   * Right under a lesson's video (its transcript), with the video to follow and move; `player` is
   * null where the lesson is read without its video (her content note's "Read the summary instead").
   */
  lessonVideoExtras: readonly SlotPart<{ lessonId: number; player: LessonPlayer | null }>[];
  /**
   * A lesson's own video, in place of its link (a video uploaded to the site): the part asks whether
   * the lesson has one and calls `children` with its player, `null` when it has none (the link
   * plays), `undefined` while it asks (the page keeps the player's place). The first part answers.
   */
  lessonVideoSources: readonly SlotPart<{ lessonId: number; children: (frame: VideoFrame | null | undefined) => ReactNode }>[];
  /**
   * What "Save for offline" keeps beside a lesson (its transcript, its own video), so the parts
   * above read and play it without a signal (web/src/sw.ts answers those addresses from the copy).
   */
  savedWithLesson: readonly ((lessonId: number) => Promise<SavedCompanions>)[];
  /**
   * Her choices before saving for offline (a saved video's picture size), beside a lesson's "Save
   * for offline" (`lessonId`) and a course's "Save this course" (`lessonId` null).
   */
  saveChoices: readonly SlotPart<{ lessonId: number | null }>[];
  /** At the end of a course's page, after its modules (its knowledge checks), for a course she may open. */
  courseExtras: readonly SlotPart<{ courseId: number }>[];
  /** At the top of the library, above the courses (the search field). */
  libraryTop: readonly SlotPart<object>[];
  /** Below the contraction timer, mother's or partner's (the labour line). */
  timerExtras: readonly SlotPart<object>[];
  /**
   * In place of the pacing's own "My baby has arrived" (the home's card and her account; on its own
   * it only turns the weeks to the fourth trimester): a capability that records the birth itself,
   * with its day (the journeys' Baby is here, which tells her doula). The first part answers.
   */
  birthActions: readonly SlotPart<object>[];
  /** Sections of her account page, after the account's own and before her data. */
  accountSections: readonly AccountSection[];
  /** The cards at the top of her home page, in order. */
  homeCards: readonly HomeCard[];
  /** The member menu's entries between her account and the studio. */
  memberMenu: readonly MenuSlotEntry[];
  /** What /unsubscribe?list=… shows for each list of mail (null: a link that names no list). */
  unsubscribeLists: readonly { list: string | null; Part: SlotPart<{ token: string }> }[];
  /** The links that register someone without an access code (the partner's is the register page's own). */
  invitations: readonly InvitationLink[];
  /** What a device may be told about, in the order her account page lists them (docs/push.md). */
  pushKinds: readonly PushKindChoice[];
};

/** What one feature adds, in its own slots.ts: any of the slots. */
export type FeatureSlots = Partial<Slots>;

export const noSlots: Slots = {
  lessonExtras: [],
  lessonVideoExtras: [],
  lessonVideoSources: [],
  savedWithLesson: [],
  saveChoices: [],
  libraryTop: [],
  courseExtras: [],
  timerExtras: [],
  birthActions: [],
  accountSections: [],
  homeCards: [],
  memberMenu: [],
  unsubscribeLists: [],
  invitations: [],
  pushKinds: [],
};

export const SlotsContext = createContext<Slots>(noSlots);

export const useSlots = (): Slots => useContext(SlotsContext);

/** The parts of a slot her account shows (before she is known, only those shown to every account). */
export const shownTo = <Part extends { shownTo?: ShownTo }>(parts: readonly Part[], profile: Profile | null | undefined): Part[] =>
  parts.filter((part) => !part.shownTo || (profile ? part.shownTo(profile) : false));

/** The answers the parts of a slot read first: asked beside the page's own on a first visit. */
export function slotNeeds(slots: Slots, name: keyof Slots): EndpointName[] {
  const slot = slots[name] as readonly object[];
  return slot.flatMap((part) => ("needs" in part && typeof part.needs === "string" ? [part.needs as EndpointName] : []));
}

/** Every slot's parts from each feature's, in the order given. */
export function composeSlots(parts: readonly FeatureSlots[]): Slots {
  return Object.fromEntries(
    Object.keys(noSlots).map((name) => [name, parts.flatMap((part) => (part[name as keyof Slots] ?? []) as readonly unknown[])]),
  ) as unknown as Slots;
}
