import { sentence } from "../../../contract/languages.ts";
import { homeCard, newCountFrom, type ShownTo, slotPart, type Slots } from "../lib/slots.tsx";
import { fromCapability } from "../lib/capabilities-off.ts";

// What each capability adds to screens it does not own (web/src/lib/slots.tsx), one line each,
// tagged with its capability so that a slot leaves it out while she has turned that off.
// Every part here loads when first shown: a slot's parts travel together in one file named after
// the slot (web/chunk-groups.ts reads this file's import()s), which the pages that show the slot
// name for the browser (routes.ts firstNeeds.slots): none reaches a first visit that does not show it.

// A partner's account opens no community and keeps no due date or birth tools of its own (docs/product.md, Partner seat).
const mothers: ShownTo = (profile) => profile.joined_as !== "partner";
const doula: ShownTo = (profile) => profile.role === "admin";
const members: ShownTo = (profile) => profile.role === "member";

export const slots: Slots = {
  pushKinds: [
    // A team doula hears only of the alerts that come to her as backup: the rest is the practice's.
    fromCapability("labour", {
      kind: "labour_alerts",
      label: sentence("Labour alerts from my clients"),
      shownTo: (profile) => profile.role !== "member",
    }),
    { kind: "replies", label: sentence("Messages from my clients"), shownTo: doula },
    fromCapability("bookings", { kind: "bookings", label: sentence("Bookings: new, moved, reminders"), shownTo: doula }),
    { kind: "studio_notices", label: sentence("What happens in my practice, as chosen under Studio → Notifications"), shownTo: doula },
    fromCapability("timer", {
      kind: "partner_timer",
      label: sentence("Her contraction timer"),
      shownTo: (profile) => profile.joined_as === "partner",
    }),
    { kind: "replies", label: sentence("Replies in my conversations"), shownTo: members },
    fromCapability("classes", { kind: "class_starting", label: sentence("A live class about to start"), shownTo: members }),
    { kind: "announcements", label: sentence("My doula's announcements"), shownTo: members },
    fromCapability("bookings", { kind: "bookings", label: sentence("My bookings: confirmed, moved, reminders"), shownTo: members }),
  ],
  lessonExtras: [
    fromCapability(
      "checks",
      slotPart(() => import("../features/checks/lesson-checks.tsx")),
    ),
    fromCapability(
      "community",
      slotPart(() => import("../features/community/lesson-questions.tsx")),
    ),
  ],
  lessonVideoExtras: [
    fromCapability(
      "transcripts",
      slotPart(() => import("../features/transcripts/lesson-transcript.tsx")),
    ),
  ],
  savedWithLesson: [
    fromCapability("transcripts", (lessonId) =>
      import("../features/transcripts/offline-copies.ts").then((part) => part.transcriptAddresses(lessonId)),
    ),
  ],
  libraryTop: [
    fromCapability(
      "search",
      slotPart(() => import("../features/search/library-search.tsx")),
    ),
  ],
  courseExtras: [
    fromCapability(
      "checks",
      slotPart(() => import("../features/checks/course-checks.tsx")),
    ),
  ],
  timerExtras: [
    fromCapability(
      "labour",
      slotPart(() => import("../features/labour/tell-my-doula.tsx")),
    ),
  ],
  accountSections: [
    fromCapability("bookings", {
      id: "bookings-heading",
      title: sentence("My bookings"),
      Body: slotPart(() => import("../features/bookings/my-bookings-section.tsx")),
      needs: "myBookings",
      first: true,
    }),
    {
      id: "notifications-heading",
      title: sentence("Notifications on this device"),
      Body: slotPart(() => import("../features/push/notifications-section.tsx")),
    },
    {
      id: "content-notes-heading",
      title: sentence("Content notes"),
      Body: slotPart(() => import("../features/content-notes/content-note-choices.tsx")),
    },
    fromCapability("partners", {
      id: "partner-heading",
      title: (profile) => (profile.joined_as === "partner" ? sentence("Your partner link") : sentence("Your partner")),
      Body: slotPart(() => import("../features/partners/partner-seat.tsx")),
    }),
    fromCapability("gifts", {
      id: "registry-heading",
      title: sentence("Your birth registry"),
      Body: slotPart(() => import("../features/gifts/registry-section.tsx")),
      shownTo: mothers,
    }),
    fromCapability("community", {
      id: "community-heading",
      title: sentence("Community"),
      Body: slotPart(() => import("../features/community/community-settings.tsx")),
      shownTo: mothers,
    }),
  ],
  homeCards: [
    // The doula's and her team's way into the studio, before the member's own cards.
    { Card: slotPart(() => import("../components/studio-card.tsx")), shownTo: (profile) => profile.role !== "member" },
    fromCapability(
      "labour",
      homeCard("myCare", () => import("../features/labour/labour-card.tsx")),
    ),
    fromCapability(
      "care",
      homeCard("myCare", () => import("../features/care/care-card.tsx")),
    ),
    fromCapability(
      "partners",
      homeCard("partner", () => import("../features/partners/partner-card.tsx")),
    ),
    homeCard("myAnnouncements", () => import("../features/messages/announcements-card.tsx")),
    fromCapability(
      "bookings",
      homeCard("myBookings", () => import("../features/bookings/next-session-card.tsx")),
    ),
    fromCapability(
      "classes",
      homeCard("listClasses", () => import("../features/classes/next-class-card.tsx")),
    ),
    homeCard("progressSummary", () => import("../features/courses/continue-card.tsx")),
    homeCard("savedLessons", () => import("../features/content-notes/saved-for-later-card.tsx")),
    homeCard("progressSummary", () => import("../features/courses/pacing-card.tsx")),
    { Card: slotPart(() => import("../features/birth-plan/birth-tools-card.tsx")), shownTo: mothers },
  ],
  memberMenu: [
    fromCapability("search", { label: sentence("Search"), to: "/search" }),
    fromCapability("classes", { label: sentence("Live classes"), to: "/classes" }),
    fromCapability("community", {
      label: sentence("Community"),
      to: "/community",
      shownTo: mothers,
      newCount: newCountFrom("communityProfile", (profile) => profile.unread),
    }),
  ],
  invitations: [
    fromCapability("care", {
      page: "/care",
      field: "care_invitation",
      Words: slotPart(() => import("../features/care/invitation-words.tsx")),
    }),
    fromCapability("team", {
      page: "/studio/on-call",
      field: "team_invitation",
      Words: slotPart(() => import("../features/team/invitation-words.tsx")),
    }),
    fromCapability("gifts", {
      page: "/gift/redeem",
      field: "gift_token",
      parameter: "token",
      after: "/library",
      Words: slotPart(() => import("../features/gifts/gift-invitation-words.tsx")),
    }),
  ],
  unsubscribeLists: [
    { list: null, Part: slotPart(() => import("../features/messages/unsubscribe-announcements.tsx")) },
    fromCapability("classes", { list: "classes", Part: slotPart(() => import("../features/classes/unsubscribe-class-mails.tsx")) }),
    fromCapability("community", { list: "community", Part: slotPart(() => import("../features/community/unsubscribe-thread.tsx")) }),
  ],
};
