import { sentence } from "../../../contract/languages.ts";
import { homeCard, newCountFrom, type ShownTo, slotPart, type Slots } from "../lib/slots.tsx";

// What each capability adds to screens it does not own (web/src/lib/slots.tsx), one line each.
// Every part here loads when first shown: a slot's parts travel together in one file named after
// the slot (web/chunk-groups.ts reads this file's import()s), which the pages that show the slot
// name for the browser (routes.ts firstNeeds.slots): none reaches a first visit that does not show it.

// A partner's account opens no community and keeps no due date or birth tools of its own (docs/product.md, Partner seat).
const mothers: ShownTo = (profile) => profile.joined_as !== "partner";

export const slots: Slots = {
  lessonExtras: [
    slotPart(() => import("../features/checks/lesson-checks.tsx")),
    slotPart(() => import("../features/community/lesson-questions.tsx")),
  ],
  lessonVideoExtras: [slotPart(() => import("../features/transcripts/lesson-transcript.tsx"))],
  savedWithLesson: [(lessonId) => import("../features/transcripts/offline-copies.ts").then((part) => part.transcriptAddresses(lessonId))],
  libraryTop: [slotPart(() => import("../features/search/library-search.tsx"))],
  courseExtras: [slotPart(() => import("../features/checks/course-checks.tsx"))],
  timerExtras: [slotPart(() => import("../features/labour/tell-my-doula.tsx"))],
  accountSections: [
    {
      id: "bookings-heading",
      title: sentence("My bookings"),
      Body: slotPart(() => import("../features/bookings/my-bookings-section.tsx")),
      needs: "myBookings",
      first: true,
    },
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
    {
      id: "partner-heading",
      title: (profile) => (profile.joined_as === "partner" ? sentence("Your partner link") : sentence("Your partner")),
      Body: slotPart(() => import("../features/partners/partner-seat.tsx")),
    },
    {
      id: "registry-heading",
      title: sentence("Your birth registry"),
      Body: slotPart(() => import("../features/gifts/registry-section.tsx")),
      shownTo: mothers,
    },
    {
      id: "community-heading",
      title: sentence("Community"),
      Body: slotPart(() => import("../features/community/community-settings.tsx")),
      shownTo: mothers,
    },
  ],
  homeCards: [
    // The doula's and her team's way into the studio, before the member's own cards.
    { Card: slotPart(() => import("../components/studio-card.tsx")), shownTo: (profile) => profile.role !== "member" },
    homeCard("myCare", () => import("../features/labour/labour-card.tsx")),
    homeCard("myCare", () => import("../features/care/care-card.tsx")),
    homeCard("partner", () => import("../features/partners/partner-card.tsx")),
    homeCard("myAnnouncements", () => import("../features/messages/announcements-card.tsx")),
    homeCard("myBookings", () => import("../features/bookings/next-session-card.tsx")),
    homeCard("listClasses", () => import("../features/classes/next-class-card.tsx")),
    homeCard("progressSummary", () => import("../features/courses/continue-card.tsx")),
    homeCard("savedLessons", () => import("../features/content-notes/saved-for-later-card.tsx")),
    homeCard("progressSummary", () => import("../features/courses/pacing-card.tsx")),
    { Card: slotPart(() => import("../features/birth-plan/birth-tools-card.tsx")), shownTo: mothers },
  ],
  memberMenu: [
    { label: sentence("Search"), to: "/search" },
    { label: sentence("Live classes"), to: "/classes" },
    {
      label: sentence("Community"),
      to: "/community",
      shownTo: mothers,
      newCount: newCountFrom("communityProfile", (profile) => profile.unread),
    },
  ],
  invitations: [
    {
      page: "/care",
      field: "care_invitation",
      Words: slotPart(() => import("../features/care/invitation-words.tsx")),
    },
    {
      page: "/studio/on-call",
      field: "team_invitation",
      Words: slotPart(() => import("../features/team/invitation-words.tsx")),
    },
    {
      page: "/gift/redeem",
      field: "gift_token",
      parameter: "token",
      after: "/library",
      Words: slotPart(() => import("../features/gifts/gift-invitation-words.tsx")),
    },
  ],
  unsubscribeLists: [
    { list: null, Part: slotPart(() => import("../features/messages/unsubscribe-announcements.tsx")) },
    { list: "classes", Part: slotPart(() => import("../features/classes/unsubscribe-class-mails.tsx")) },
    { list: "community", Part: slotPart(() => import("../features/community/unsubscribe-thread.tsx")) },
  ],
};
