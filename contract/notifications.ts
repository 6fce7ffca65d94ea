import { z } from "zod";
import { type Endpoint, ok } from "./endpoint.ts";
import { noticeKindsPushedOnTheirOwn, studioNoticeKinds } from "./notifications-kinds.ts";

// What happened in her practice, told once (docs/notifications.md): a list in the studio with its
// unread count, and by her choice per kind a mail or a push too.

export { noticeKindsPushedOnTheirOwn, studioNoticeKinds };

export const StudioNoticeKind = z.enum(studioNoticeKinds, { error: "That is not a kind of notification we keep." });
export type StudioNoticeKind = z.infer<typeof StudioNoticeKind>;

/** How she hears of a kind: in the studio's list only, by mail too, or on her devices too. */
export const NoticeDelivery = z.enum(["list", "mail", "push"], {
  error: "Choose the list, the list and a mail, or the list and your devices.",
});
export type NoticeDelivery = z.infer<typeof NoticeDelivery>;

export const StudioNotice = z.object({
  id: z.number(),
  kind: StudioNoticeKind,
  /** What happened, in the reader's language ("Rosa Díaz signed her agreement."). */
  text: z.string(),
  /** The studio page it is about. */
  link: z.string(),
  at: z.string(),
  unread: z.boolean(),
});
export type StudioNotice = z.infer<typeof StudioNotice>;

export const StudioNotices = z.object({ notices: z.array(StudioNotice), unread: z.number() });
export type StudioNotices = z.infer<typeof StudioNotices>;

export const NoticeChoices = z.object({
  choices: z
    .partialRecord(StudioNoticeKind, NoticeDelivery)
    .refine((choices) => noticeKindsPushedOnTheirOwn.every((kind) => choices[kind] !== "push"), {
      error: "Your devices hear of this through its own switch in your account: choose the list or a mail.",
    }),
});
export type NoticeChoices = z.input<typeof NoticeChoices>;

/** What this capability tells her devices (docs/push.md): the studio's notifications of the kinds she chose to hear of on her devices (docs/notifications.md). */
export const notificationsPushKinds = ["studio_notices"] as const;

export const notificationsEndpoints = {
  studioNotices: {
    method: "GET",
    path: "/reactapi/studio/notifications",
    summary: "What happened in her practice, newest first (the last 100), and how many she has not seen",
    access: "instructor",
    travels: "studio",
    answers: ok(StudioNotices),
  },
  studioNoticesUnread: {
    method: "GET",
    path: "/reactapi/studio/notifications/unread",
    summary: "How many notifications she has not seen, for the studio's menu",
    access: "instructor",
    travels: "studio",
    answers: ok(z.object({ unread: z.number() })),
  },
  markNoticesRead: {
    method: "POST",
    path: "/reactapi/studio/notifications/read",
    summary: "Marks every notification she has been shown as seen",
    access: "instructor",
    travels: "studio",
    body: z.object({ up_to: z.number({ error: "Say up to which notification." }).int().min(0) }),
    invalidates: ["studioNotices", "studioNoticesUnread"],
    answers: ok(z.object({ unread: z.number() })),
  },
  noticeChoices: {
    method: "GET",
    path: "/reactapi/studio/notifications/choices",
    summary: "How she hears of each kind: the list only, a mail too, or a push to her devices too",
    access: "instructor",
    travels: "studio",
    answers: ok(z.object({ choices: z.record(StudioNoticeKind, NoticeDelivery) })),
  },
  saveNoticeChoices: {
    method: "POST",
    path: "/reactapi/studio/notifications/choices",
    summary: "Saves how she hears of each kind",
    access: "instructor",
    travels: "studio",
    body: NoticeChoices,
    invalidates: ["noticeChoices"],
    answers: ok(z.object({ choices: z.record(StudioNoticeKind, NoticeDelivery) })),
  },
} satisfies Record<string, Endpoint>;
