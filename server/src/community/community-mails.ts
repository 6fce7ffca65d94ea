import { and, asc, eq, gte, isNull, lte, notInArray, or, sql } from "drizzle-orm";
import type { Database } from "../db/client.ts";
import { translatorFor } from "../language/catalogues.ts";
import { communityMembers, communityNotices, communityPosts, communityThreads } from "./community-schema.ts";
import { pausedAccounts, peopleByIds } from "../accounts/users-repository.ts";
import { composeMail, greeting, type MailContext, oneClickUnsubscribe, recipientLanguage } from "../mail/mail-templates.ts";
import { queueMail } from "../mail/outbox.ts";
import { displayName } from "./community-repository.ts";

declare module "../mail/mail-templates.ts" {
  interface MailKinds {
    community_declined: true;
    community_replies: true;
  }
}

const HOUR = 60 * 60_000;
const EXCERPT = 400;

/**
 * Sends each member's digest of new replies in the conversations she follows: at most one mail per
 * conversation an hour, with what arrived since. Every app server runs it each minute; a notice is
 * locked while it is mailed (SKIP LOCKED), so two servers never both send it.
 */
export async function sendReplyDigests(db: Database, now: Date, mail: MailContext): Promise<number> {
  return db.transaction(async (tx) => {
    const due = await tx
      .select({ notice: communityNotices })
      .from(communityNotices)
      .leftJoin(communityMembers, eq(communityMembers.userId, communityNotices.userId))
      .where(
        and(
          sql`${communityNotices.pendingSince} is not null`,
          eq(communityNotices.unsubscribed, false),
          or(isNull(communityNotices.lastMailedAt), lte(communityNotices.lastMailedAt, new Date(now.getTime() - HOUR))),
          or(isNull(communityMembers.mailsOff), eq(communityMembers.mailsOff, false)),
          notInArray(communityNotices.userId, pausedAccounts(tx)),
        ),
      )
      .limit(200)
      .for("update", { of: communityNotices, skipLocked: true });
    const readers = new Map(
      (
        await peopleByIds(
          tx,
          due.map(({ notice }) => notice.userId),
        )
      ).map((person) => [person.id, person]),
    );
    let sent = 0;
    for (const { notice } of due) {
      const reader = readers.get(notice.userId);
      if (!reader) continue;
      const { email, firstName } = reader;
      // Her own language, else the site's (the context's).
      const language = recipientLanguage(reader.language, mail);
      const i18n = translatorFor(language);
      const [thread] = await tx.select().from(communityThreads).where(eq(communityThreads.id, notice.threadId));
      const posts = await tx
        .select({ post: communityPosts, pseudonym: communityMembers.pseudonym })
        .from(communityPosts)
        .leftJoin(communityMembers, eq(communityMembers.userId, communityPosts.authorId))
        .where(
          and(
            eq(communityPosts.threadId, notice.threadId),
            eq(communityPosts.status, "published"),
            gte(communityPosts.createdAt, notice.pendingSince!),
            or(isNull(communityPosts.authorId), sql`${communityPosts.authorId} <> ${notice.userId}`),
          ),
        )
        .orderBy(asc(communityPosts.id));
      const authors = new Map(
        (
          await peopleByIds(
            tx,
            posts.flatMap(({ post }) => (post.authorId === null ? [] : [post.authorId])),
          )
        ).map((person) => [person.id, person]),
      );
      const replies = posts.map(({ post, pseudonym }) => {
        const author = post.authorId === null ? undefined : authors.get(post.authorId);
        return { post, pseudonym, firstName: author?.firstName ?? null, lastName: author?.lastName ?? null, role: author?.role ?? null };
      });
      await tx
        .update(communityNotices)
        .set({ pendingSince: null, ...(replies.length > 0 ? { lastMailedAt: now } : {}) })
        .where(and(eq(communityNotices.userId, notice.userId), eq(communityNotices.threadId, notice.threadId)));
      if (!thread || replies.length === 0) continue;
      const composed = composeMail(
        "community_replies",
        email,
        i18n._("{count, plural, one {A reply in “{title}”} other {# replies in “{title}”}}", {
          count: replies.length,
          title: thread.title,
        }),
        { ...mail, language },
        [
          greeting(firstName, language),
          i18n._("New in “{title}”:", { title: thread.title }),
          ...replies.map(({ post, ...author }) => {
            const name = displayName(author.role === null ? null : { ...author, role: author.role });
            const text = post.body.length > EXCERPT ? `${post.body.slice(0, EXCERPT)}…` : post.body;
            return post.byInstructor
              ? i18n._("{name} (your doula) wrote:\n{text}", { name, text })
              : i18n._("{name} wrote:\n{text}", { name, text });
          }),
          { label: i18n._("Open the conversation"), link: `${mail.publicUrl}/community/thread/${thread.id}` },
          i18n._(
            "At most one mail an hour comes about this conversation. To stop mail about it, open {page}; to stop all reply mails, switch them off on your Community page.",
            { page: `${mail.publicUrl}/unsubscribe?list=community&token=${notice.token}` },
          ),
        ],
      );
      await queueMail(tx, {
        ...composed,
        headers: oneClickUnsubscribe(`${mail.publicUrl}/reactapi/community/unsubscribe/${notice.token}`),
      });
      sent += 1;
    }
    return sent;
  });
}
