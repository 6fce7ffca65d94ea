import { and, count, desc, eq, isNull, type SQL, sql } from "drizzle-orm";
import { type Actor, recordActivity } from "../activity/activity-repository.ts";
import type { Database, Queryable } from "../db/client.ts";
import type { MailChoice, PersonalData } from "../db/personal-data.ts";
import { announcements } from "./messages-schema.ts";
import { courseGrants } from "../grants/grants-schema.ts";
import { courses } from "../catalogue/catalogue-schema.ts";
import { users } from "../accounts/accounts-schema.ts";
import { HttpError } from "../http/errors.ts";
import { composeMail, greeting, type Mail, oneClickUnsubscribe } from "../mail/mail-templates.ts";
import { queueMails } from "../mail/outbox.ts";
import type { ReplyMailContext } from "./replies-repository.ts";

declare module "../mail/mail-templates.ts" {
  interface MailKinds {
    announcement: true;
  }
}

export type Audience = { kind: "all" } | { kind: "course"; courseId: number } | { kind: "due_month"; dueMonth: string };
type AnnouncementRow = typeof announcements.$inferSelect;

export const ANNOUNCEMENTS_PAGE_SIZE = 50;

/** Who an announcement went to, in her words. */
export function audienceWords(row: Pick<AnnouncementRow, "audience" | "dueMonth">, courseTitle: string | null): string {
  if (row.audience === "course") return `Members of “${courseTitle ?? "a deleted course"}”`;
  if (row.audience === "due_month" && row.dueMonth) {
    const [year, month] = row.dueMonth.split("-").map(Number);
    const name = new Date(Date.UTC(year!, month! - 1, 1)).toLocaleString("en-GB", { month: "long", timeZone: "UTC" });
    return `Members due in ${name} ${year}`;
  }
  return "All members";
}

/**
 * The members an audience names, as SQL on users: a course's members are those who may open it
 * (every member for a course open to all, else an open grant); a month's are those due in it.
 */
async function audienceCondition(db: Queryable, audience: Audience): Promise<SQL | undefined> {
  if (audience.kind === "all") return undefined;
  if (audience.kind === "due_month") return sql`to_char(${users.dueDate}::date, 'YYYY-MM') = ${audience.dueMonth}`;
  const [course] = await db.select().from(courses).where(eq(courses.id, audience.courseId));
  if (!course) {
    const sentence = `There is no course with the id ${audience.courseId}; reload to see the courses as they are now.`;
    throw new HttpError(400, sentence, { course_id: sentence });
  }
  if (!course.published) {
    const sentence = `“${course.title}” is a draft, so no member has it yet. Publish it first.`;
    throw new HttpError(400, sentence, { course_id: sentence });
  }
  if (course.freeForMembers) return undefined;
  return sql`exists (select 1 from ${courseGrants} where ${courseGrants.userId} = ${users.id} and ${courseGrants.courseId} = ${course.id}
    and (${courseGrants.endsAt} is null or ${courseGrants.endsAt} > now()))`;
}

const paragraphsOf = (body: string) => body.split(/\n\s*\n/).map((paragraph) => paragraph.trim());

/**
 * Records an announcement and mails it, in one transaction, to every active member it names who
 * has not unsubscribed; each mail carries her own one-click unsubscribe (RFC 8058). A send key
 * used already answers with that announcement and mails nothing more.
 */
export async function sendAnnouncement(
  db: Database,
  input: { title: string; body: string; audience: Audience; sendKey: string; actor: Actor; mail: ReplyMailContext },
): Promise<{ id: number; message: string }> {
  return db.transaction(async (tx) => {
    const [already] = await tx.select().from(announcements).where(eq(announcements.sendKey, input.sendKey));
    if (already) return { id: already.id, message: `“${already.title}” was sent already, to ${already.recipients} members.` };
    const named = await audienceCondition(tx, input.audience);
    const members = and(eq(users.role, "member"), isNull(users.deactivatedAt), named);
    await tx
      .update(users)
      .set({ mailingToken: sql`replace(gen_random_uuid()::text, '-', '') || replace(gen_random_uuid()::text, '-', '')` })
      .where(and(members, isNull(users.mailingToken)));
    const recipients = await tx
      .select({ email: users.email, firstName: users.firstName, token: users.mailingToken })
      .from(users)
      .where(and(members, isNull(users.announcementsOffAt)));
    const [row] = await tx
      .insert(announcements)
      .values({
        title: input.title,
        body: input.body,
        audience: input.audience.kind,
        courseId: input.audience.kind === "course" ? input.audience.courseId : null,
        dueMonth: input.audience.kind === "due_month" ? input.audience.dueMonth : null,
        recipients: recipients.length,
        authorLabel: input.actor.label,
        sendKey: input.sendKey,
      })
      .returning({ id: announcements.id });
    const { publicUrl, contactEmail } = input.mail;
    const mails = recipients.map((recipient): Mail => {
      const unsubscribe = `${publicUrl}/reactapi/announcements/unsubscribe/${recipient.token}`;
      const mail = composeMail("announcement", recipient.email, input.title, input.mail, [
        greeting(recipient.firstName),
        ...paragraphsOf(input.body),
        { label: "Open your home page", link: `${publicUrl}/home` },
        `You receive this as a member of ${input.mail.businessName}. To stop these messages by e-mail, open ${publicUrl}/unsubscribe?token=${recipient.token}`,
      ]);
      return {
        ...mail,
        headers: {
          "Reply-To": contactEmail,
          ...oneClickUnsubscribe(unsubscribe),
        },
      };
    });
    await queueMails(tx, mails);
    const many = recipients.length === 1 ? "1 member" : `${recipients.length} members`;
    await recordActivity(tx, input.actor, "message", `Sent the announcement “${input.title}” to ${many}.`);
    return { id: row!.id, message: `Sent “${input.title}” to ${many}. It shows on their home page until you remove it.` };
  });
}

/** Her announcements, newest first, a page at a time, with the words for each audience. */
export async function listAnnouncements(db: Queryable, page: number) {
  const [rows, [total]] = await Promise.all([
    db
      .select({ announcement: announcements, courseTitle: courses.title })
      .from(announcements)
      .leftJoin(courses, eq(courses.id, announcements.courseId))
      .orderBy(desc(announcements.id))
      .limit(ANNOUNCEMENTS_PAGE_SIZE)
      .offset((page - 1) * ANNOUNCEMENTS_PAGE_SIZE),
    db.select({ total: count() }).from(announcements),
  ]);
  return {
    total: Number(total?.total ?? 0),
    announcements: rows.map(({ announcement, courseTitle }) => ({
      id: announcement.id,
      title: announcement.title,
      body: announcement.body,
      audience: audienceWords(announcement, courseTitle),
      recipients: announcement.recipients,
      sent_at: announcement.createdAt.toISOString(),
      removed: announcement.removedAt !== null,
    })),
  };
}

/** Takes an announcement off members' home pages; null when there is no such announcement. */
export async function removeAnnouncement(db: Database, actor: Actor, id: number): Promise<{ title: string } | null> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .update(announcements)
      .set({ removedAt: sql`coalesce(${announcements.removedAt}, now())` })
      .where(eq(announcements.id, id))
      .returning({ title: announcements.title });
    if (row) await recordActivity(tx, actor, "message", `Removed the announcement “${row.title}” from members' home pages.`);
    return row ?? null;
  });
}

/** The announcements not removed, newest first (at most `limit`); the caller keeps those meant for her. */
export function currentAnnouncements(db: Queryable, limit = 50) {
  return db.select().from(announcements).where(isNull(announcements.removedAt)).orderBy(desc(announcements.id)).limit(limit);
}

/** Stops announcement mails to whoever holds this link's token; null when no member has it. */
export async function unsubscribeByToken(db: Queryable, token: string): Promise<{ email: string } | null> {
  const [row] = await db
    .update(users)
    .set({ announcementsOffAt: sql`coalesce(${users.announcementsOffAt}, now())` })
    .where(eq(users.mailingToken, token))
    .returning({ email: users.email });
  return row ?? null;
}

/** Turns her announcement mails off (keeping when she first did) or on again, from her account. */
export async function setAnnouncementMails(db: Queryable, userId: number, wanted: boolean): Promise<void> {
  await db
    .update(users)
    .set({ announcementsOffAt: wanted ? null : sql`coalesce(${users.announcementsOffAt}, now())` })
    .where(eq(users.id, userId));
}

/** Her choice of the instructor's announcements on /account. */
export const announcementMailChoice: MailChoice = {
  key: "announcements",
  label: "announcements",
  wanted: async (_db, member) => member.announcementsOffAt === null,
  save: (tx, member, wanted) => setAnnouncementMails(tx, member.id, wanted),
};

/** Whether she gets announcements by e-mail, in her data download; the columns go with her account. */
export const announcementsPersonalData: PersonalData = {
  key: "announcements",
  export: async (member) => ({ by_email: member.announcementsOffAt === null }),
};
