import {
  AnnouncementIdParams,
  AnnouncementRequest,
  AnnouncementSent,
  AnnouncementsQuery,
  MyAnnouncements,
  StudioAnnouncements,
  Unsubscribed,
  UnsubscribeParams,
} from "./announcements.ts";
import { ApiError } from "./errors.ts";
import { MessageIdParams, ReplyRequest } from "./studio/inbox.ts";
import { StudioOutcome } from "./studio/studio-shared.ts";
import { z } from "zod";
import { type Endpoint, ok } from "./endpoint.ts";

/** This capability's entries of the endpoint table (contract/api.ts composes every part). */
/** What this capability tells her devices (docs/push.md): her doula's announcements. */
export const messagesPushKinds = ["announcements"] as const;

export const messagesEndpoints = {
  replyToMessage: {
    method: "POST",
    path: "/reactapi/studio/inbox/:id/reply",
    invalidates: ["studioInbox", "studioUnread", "studioDashboard"],
    summary: "Mails her reply to the sender (Reply-To her address) through the outbox, once per send key, and keeps it beside the message",
    access: "instructor",
    travels: "messages",
    params: MessageIdParams,
    body: ReplyRequest,
    answers: {
      ...ok(StudioOutcome),
      404: { description: "No such message.", schema: ApiError },
      409: { description: "The message has no address to reply to.", schema: ApiError },
    },
  },
  studioAnnouncements: {
    method: "GET",
    path: "/reactapi/studio/announcements",
    summary: "Her announcements, newest first, 50 a page",
    access: "instructor",
    travels: "messages",
    query: AnnouncementsQuery,
    answers: ok(StudioAnnouncements),
  },
  sendAnnouncement: {
    method: "POST",
    path: "/reactapi/studio/announcements",
    invalidates: ["studioAnnouncements", "myAnnouncements"],
    summary:
      "Mails an announcement to all members, a course's members or the members due in a month (once per send key), and shows it on their /home",
    access: "instructor",
    travels: "messages",
    body: AnnouncementRequest,
    answers: {
      201: { description: "Sent (or already sent with this key).", schema: AnnouncementSent },
      400: { description: "A bad body, or a course that does not exist.", schema: ApiError },
    },
  },
  removeAnnouncement: {
    method: "POST",
    path: "/reactapi/studio/announcements/:id/remove",
    invalidates: ["studioAnnouncements", "myAnnouncements"],
    summary: "Takes an announcement off members' /home (the mail was sent already)",
    access: "instructor",
    travels: "messages",
    params: AnnouncementIdParams,
    body: z.object({}),
    answers: { ...ok(StudioOutcome), 404: { description: "No such announcement.", schema: ApiError } },
  },
  myAnnouncements: {
    method: "GET",
    path: "/reactapi/announcements",
    summary: "The announcements meant for her that the instructor has not removed, newest first",
    access: "member",
    answers: ok(MyAnnouncements),
  },
  unsubscribeAnnouncements: {
    method: "POST",
    path: "/reactapi/announcements/unsubscribe/:token",
    summary: "One-click unsubscribe from announcements (RFC 8058): the link's token is the proof, no sign-in; any body",
    access: "anyone",
    travels: "unsubscribe",
    params: UnsubscribeParams,
    answers: { ...ok(Unsubscribed), 404: { description: "No member has this link.", schema: ApiError } },
  },
} satisfies Record<string, Endpoint>;
