import { z } from "zod";
import { idInPath } from "../catalogue.ts";
import { PageNumber, StudioOutcome } from "./studio-shared.ts";
import { ApiError } from "../errors.ts";
import { type Endpoint, ok } from "../endpoint.ts";

// Feedback and contact messages, as the inbox lists them.

export const INBOX_PAGE_SIZE = 50;

export const InboxQuery = z.object({
  kind: z.enum(["feedback", "contact"], { error: "The kind is feedback or contact." }).optional(),
  search: z.string().trim().max(200, { error: "Search for at most 200 characters." }).optional().default(""),
  page: PageNumber,
});

export const InboxMessage = z.object({
  id: z.number(),
  kind: z.enum(["feedback", "contact"]),
  received_at: z.string(),
  read: z.boolean(),
  member_email: z.string().nullable(),
  fields: z.array(z.object({ label: z.string(), value: z.string() })),
  /** Where a reply goes: the address she typed on the contact form, or her account's; null when there is none. */
  reply_to: z.string().nullable(),
  /** The instructor's replies, oldest first. */
  replies: z.array(z.object({ sent_at: z.string(), body: z.string(), author: z.string() })),
});
export type InboxMessage = z.infer<typeof InboxMessage>;

export const InboxPage = z.object({
  messages: z.array(InboxMessage),
  total: z.number(),
  unread: z.number(),
  page: z.number(),
  page_size: z.number(),
});
export type InboxPage = z.infer<typeof InboxPage>;

export const MessageIdParams = z.object({ id: idInPath("That message does not exist.") });

export const ReadRequest = z.object({ read: z.boolean({ error: "Say read: true or false." }) });

export const UnreadCount = z.object({ unread: z.number() });
export type UnreadCount = z.infer<typeof UnreadCount>;

/** A key the page makes once per reply it writes, so a second press of Send mails nothing more. */
export const SendKey = z
  .string({ error: "The page's key for this message is missing; please reload." })
  .regex(/^[A-Za-z0-9-]{8,64}$/, { error: "The page's key for this message is missing; please reload." });

export const ReplyRequest = z.object({
  body: z
    .string({ error: "Write your reply first." })
    .trim()
    .min(1, { error: "Write your reply first." })
    .max(20_000, { error: "Keep the reply under 20,000 characters." }),
  send_key: SendKey,
});
export type ReplyRequest = z.input<typeof ReplyRequest>;

/** This capability's entries of the endpoint table (contract/api.ts composes every part). */
export const studioInboxEndpoints = {
  studioInbox: {
    method: "GET",
    path: "/reactapi/studio/inbox",
    summary: "Feedback and contact messages, newest first, 50 a page, by kind and search",
    access: "instructor",
    travels: "studio-inbox",
    query: InboxQuery,
    answers: ok(InboxPage),
  },
  studioUnread: {
    method: "GET",
    path: "/reactapi/studio/inbox/unread",
    summary: "How many messages are unread",
    access: "instructor",
    answers: ok(UnreadCount),
  },
  markMessageRead: {
    method: "POST",
    path: "/reactapi/studio/inbox/:id/read",
    invalidates: ["studioInbox", "studioUnread", "studioDashboard"],
    summary: "Marks a message read or unread",
    access: "instructor",
    travels: "studio-inbox",
    params: MessageIdParams,
    body: ReadRequest,
    answers: { ...ok(StudioOutcome), 404: { description: "No such message.", schema: ApiError } },
  },
  studioInboxCsv: {
    method: "GET",
    path: "/reactapi/studio/inbox.csv",
    summary: "The messages matching the filter as CSV (RFC 4180; formulas neutralised)",
    access: "instructor",
    travels: "studio-inbox",
    query: InboxQuery,
    answers: { 200: { description: "inbox-KIND-DATE.csv", contentType: "text/csv" } },
  },
} satisfies Record<string, Endpoint>;
