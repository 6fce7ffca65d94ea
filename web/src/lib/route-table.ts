// The fields of a route of the web app (web/src/lib/routes.ts composes the table from each
// feature's routes.ts). Plain data, so Node reads it too: no React, no imports of screens.

import type { FirstAnswer } from "./first-answers.ts";
import type { Slots } from "./slots.tsx";

export type Layout = "public" | "member" | "studio";

/** The icons of the member bottom bar, drawn by web/src/components/icons.tsx. */
export type BottomBarIcon = "feedback" | "library" | "home" | "podcast" | "support" | "conversation";

export type StudioLink = {
  place: "person" | "calendar" | "plans";
  label: string;
  anchor?: string;
  /** A person link whose route's ":id" is her account's id: shown only beside a person with an account. */
  ofMember?: true;
};

export type ScreenRoute = {
  /** The address; a segment written ":name" stands for any one segment. */
  path: string;
  /** The module under web/src whose default export is the screen. */
  screen: string;
  layout: Layout;
  /** Rendered to HTML at build time, for visitors (they read it before the scripts run). */
  prerender?: true;
  /** Its place in the member bottom bar: the label, the icon, and where it stands (1 first). */
  bottomBar?: { label: string; icon: BottomBarIcon; place: number };
  /** Its place in the studio's sections: the label and where it stands (10 first; leave room between). */
  studioSection?: { label: string; place: number };
  /** Its entry in the visitors' menu (docs/product.md, Screens): the label and where it stands (10 first). */
  publicMenu?: { label: string; place: number };
  /** For a studio screen that is no section of its own (a lesson's editor), the section it belongs to. */
  withinSection?: string;
  /** A studio screen a team doula (a backup the instructor invited) opens too: the labour alerts that come to her. */
  forTeam?: true;
  /**
   * Links to this studio screen from studio screens that do not own it (app/studio-slots.ts lays
   * them out): beside a person the studio shows (`person`: the link carries her address, name and
   * due date in the query, for a form here to start from), among Studio → Calendar's sections
   * (`calendar`), or on Studio → Plans (`plans`). `anchor` is the part of the page it opens at.
   */
  linkedFrom?: readonly StudioLink[];
  /**
   * What it asks for first: its answers, sent beside the session check on a first visit when she
   * may be signed in, and the pictures it shows first, which its built page (scripts/prerender.mjs)
   * asks for beside the scripts. On a phone, every request that waits for the one before costs a
   * round trip.
   */
  firstNeeds?: {
    answers?: readonly FirstAnswer[];
    images?: readonly string[];
    /** The slots (web/src/lib/slots.tsx) it shows as it opens, whose parts' chunks its page names too. */
    slots?: readonly (keyof Slots)[];
  };
};

/**
 * Addresses of a feature's routes whose path has a parameter, or that read one from the query, by
 * path: of something a fresh site has, or of a kind that is not found. The browser journeys and the
 * bench open them (web/src/feature-examples.ts); the app itself never needs them.
 */
export type RouteExamples = Readonly<Record<string, string>>;
