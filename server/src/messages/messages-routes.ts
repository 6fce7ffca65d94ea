import { answerWith } from "../../../contract/languages.ts";
import type { FastifyInstance } from "fastify";
import { acceptAnyBody } from "../http/any-body.ts";
import type { FastifyRequest } from "fastify";
import type { Actor } from "../activity/activity-repository.ts";
import type { CatalogueReader } from "../catalogue/catalogue-repository.ts";
import type { Database } from "../db/client.ts";
import type { Clock } from "../lib/clock.ts";
import { route } from "../http/endpoint-route.ts";
import { HttpError } from "../http/errors.ts";
import { requireMember } from "../http/signed-in-member.ts";
import {
  currentAnnouncements,
  listAnnouncements,
  removeAnnouncement,
  sendAnnouncement,
  unsubscribeByToken,
} from "./announcements-repository.ts";
import { type ReplyMailContext, sendReply } from "./replies-repository.ts";

export type MessagesOptions = { db: Database; catalogue: CatalogueReader; mail: ReplyMailContext; clock: Clock };

/** A member's announcements (for /home), and the one-click unsubscribe that needs no sign-in. */
export async function announcementsRoutes(app: FastifyInstance, { db, catalogue }: MessagesOptions) {
  route(app, "myAnnouncements", async (_input, request) => {
    const member = requireMember(request);
    const rows = await currentAnnouncements(db);
    const meant = await Promise.all(
      rows.map(async (row) => {
        if (row.audience === "course") return row.courseId !== null && (await catalogue.mayOpen(member, row.courseId));
        if (row.audience === "due_month") return member.dueDate !== null && member.dueDate.startsWith(`${row.dueMonth}-`);
        return true;
      }),
    );
    return {
      announcements: rows
        .filter((_row, index) => meant[index])
        .slice(0, 5)
        .map((row) => ({ id: row.id, title: row.title, body: row.body, sent_at: row.createdAt.toISOString() })),
    };
  });
  await app.register(oneClickUnsubscribe, { db });
}

/**
 * RFC 8058: a mail program posts "List-Unsubscribe=One-Click" as a form, from no page of ours, so
 * this one route takes any body (and reads none) and is exempt from the same-origin rule; the
 * unguessable token in its address is the proof. Our own /unsubscribe page posts to it as well.
 */
async function oneClickUnsubscribe(app: FastifyInstance, { db }: { db: Database }) {
  acceptAnyBody(app);
  route(
    app,
    "unsubscribeAnnouncements",
    async ({ params: { token } }) => {
      const member = await unsubscribeByToken(db, token);
      if (!member) throw new HttpError(404, "This unsubscribe link is not known here. The account it belonged to may have been deleted.");
      return {
        message: answerWith("{email} will no longer receive announcements by e-mail. They still show on your home page.", {
          email: member.email,
        }),
      };
    },
    { sameOriginExemption: "signed-by-caller" },
  );
}

// The studio's guard (its manifest puts these behind it) has already refused anyone but an instructor.
const actorOf = (request: FastifyRequest): Actor => ({ userId: request.member!.id, label: request.member!.email });

/** The studio's side: replies from the inbox and announcements (behind the studio's guard: its manifest's studio areas). */
export async function messagesStudioRoutes(app: FastifyInstance, { db, mail, clock }: Omit<MessagesOptions, "catalogue">) {
  route(app, "replyToMessage", async ({ params: { id }, body }, request) =>
    sendReply(db, {
      submissionId: id,
      body: body.body,
      sendKey: body.send_key,
      actor: actorOf(request),
      mail: { ...mail, language: request.language },
    }),
  );

  route(app, "studioAnnouncements", async ({ query: { page } }) => ({ ...(await listAnnouncements(db, page)), page }));

  route(app, "sendAnnouncement", async ({ body }, request) =>
    sendAnnouncement(db, {
      title: body.title,
      body: body.body,
      audience:
        body.audience === "course"
          ? { kind: "course", courseId: body.course_id! }
          : body.audience === "due_month"
            ? { kind: "due_month", dueMonth: body.due_month! }
            : { kind: "all" },
      sendKey: body.send_key,
      actor: actorOf(request),
      mail: { ...mail, language: request.language },
      now: clock.now(),
    }),
  );

  route(app, "removeAnnouncement", async ({ params: { id } }, request) => {
    const removed = await removeAnnouncement(db, actorOf(request), id);
    if (!removed) throw HttpError.withValues(404, "There is no announcement with the id {id}.", { id });
    return { message: answerWith("“{title}” no longer shows on members' home pages.", { title: removed.title }) };
  });
}
