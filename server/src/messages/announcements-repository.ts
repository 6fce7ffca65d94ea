import { answerWith, sentence } from "../../../contract/languages.ts";
import { randomBytes } from "node:crypto";
import { count, desc, eq, inArray, isNull, sql } from "drizzle-orm";
import { activeMembers, findUserById } from "../accounts/users-repository.ts";
import { type Actor, recordActivity } from "../activity/activity-repository.ts";
import { courseForAnnouncement, courseTitles } from "../catalogue/catalogue-repository.ts";
import type { Database, Queryable } from "../db/client.ts";
import type { MailChoice, PersonalData } from "../db/personal-data.ts";
import { openGrantHolders } from "../grants/grants-repository.ts";
import { announcementMail, announcements } from "./messages-schema.ts";
import { HttpError } from "../http/errors.ts";
import { translatorFor } from "../language/catalogues.ts";
import { composeMail, namesOf, greeting, type Mail, oneClickUnsubscribe, recipientLanguage } from "../mail/mail-templates.ts";
import { queueMails } from "../mail/outbox.ts";
import { queuePushes } from "../push/push-repository.ts";
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
 * The members an audience names: a course's members are those who may open it (every member for a
 * course open to all, else an open grant); a month's are those due in it.
 */
async function membersOf(db: Queryable, audience: Audience) {
  if (audience.kind === "all") return activeMembers(db);
  if (audience.kind === "due_month") return activeMembers(db, { dueMonth: audience.dueMonth });
  const course = await courseForAnnouncement(db, audience.courseId);
  if (!course) {
    const sentence = `There is no course with the id ${audience.courseId}; reload to see the courses as they are now.`;
    throw new HttpError(400, sentence, { course_id: sentence });
  }
  if (!course.published) {
    const sentence = `“${course.title}” is a draft, so no member has it yet. Publish it first.`;
    throw new HttpError(400, sentence, { course_id: sentence });
  }
  return course.freeForMembers ? activeMembers(db) : activeMembers(db, { among: openGrantHolders(db, course.id) });
}

// A batch stays far below PostgreSQL's limit of 65,535 parameters in one statement.
const BATCH = 1_000;
const batches = <Item>(items: readonly Item[]) =>
  Array.from({ length: Math.ceil(items.length / BATCH) }, (_, index) => items.slice(index * BATCH, (index + 1) * BATCH));

/** An unsubscribe link's token: unguessable, 64 hex characters. */
const newToken = () => randomBytes(32).toString("hex");

/**
 * Each member's announcement mail setting, made (with her unsubscribe token) for those who have
 * none yet; two announcements sent at once make one each.
 */
async function mailSettingsOf(tx: Queryable, memberIds: readonly number[]) {
  const settings = new Map<number, { token: string; offAt: Date | null }>();
  for (const ids of batches(memberIds)) {
    await tx
      .insert(announcementMail)
      .values(ids.map((userId) => ({ userId, token: newToken() })))
      .onConflictDoNothing({ target: announcementMail.userId });
    for (const row of await tx.select().from(announcementMail).where(inArray(announcementMail.userId, ids))) settings.set(row.userId, row);
  }
  return settings;
}

const paragraphsOf = (body: string) => body.split(/\n\s*\n/).map((paragraph) => paragraph.trim());

/**
 * Records an announcement and mails it, in one transaction, to every active member it names who
 * has not unsubscribed; each mail carries her own one-click unsubscribe (RFC 8058). A send key
 * used already answers with that announcement and mails nothing more.
 */
export async function sendAnnouncement(
  db: Database,
  input: { title: string; body: string; audience: Audience; sendKey: string; actor: Actor; mail: ReplyMailContext; now: Date },
): Promise<{ id: number; message: string }> {
  return db.transaction(async (tx) => {
    const [already] = await tx.select().from(announcements).where(eq(announcements.sendKey, input.sendKey));
    if (already)
      return {
        id: already.id,
        message: answerWith("“{title}” was sent already, to {recipients} members.", {
          title: already.title,
          recipients: already.recipients,
        }),
      };
    const members = await membersOf(tx, input.audience);
    const settings = await mailSettingsOf(
      tx,
      members.map((member) => member.id),
    );
    const recipients = members.flatMap((member) => {
      const setting = settings.get(member.id)!;
      return setting.offAt === null ? [{ ...member, token: setting.token }] : [];
    });
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
      // Her words stay as she wrote them; the frame around them is in each member's language, else the studio's.
      const language = recipientLanguage(recipient.language, input.mail);
      const i18n = translatorFor(language);
      const mail = composeMail("announcement", recipient.email, input.title, { ...input.mail, language }, [
        greeting(recipient.firstName, language),
        ...paragraphsOf(input.body),
        { label: i18n._("Open your home page"), link: `${publicUrl}/home` },
        i18n._("You receive this as a member of {business}. To stop these messages by e-mail, open {page}", {
          business: namesOf(input.mail).businessName,
          page: `${publicUrl}/unsubscribe?token=${recipient.token}`,
        }),
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
    // Her devices that chose announcements are told too, whether or not she takes them by mail.
    const firstLine = input.body.split("\n").find((line) => line.trim()) ?? "";
    await queuePushes(
      tx,
      members.map((member) => {
        const i18n = translatorFor(recipientLanguage(member.language, input.mail));
        return {
          userId: member.id,
          kind: "announcements" as const,
          message: {
            title: input.title,
            body: firstLine.length > 140 ? `${firstLine.slice(0, 139)}…` : firstLine,
            url: "/home",
            tag: `announcement-${row!.id}`,
            locked: { title: i18n._("Message from your doula"), body: i18n._("Open the app to read it.") },
          },
        };
      }),
      input.now,
    );
    const many = recipients.length === 1 ? sentence("1 member") : answerWith("{count} members", { count: recipients.length });
    await recordActivity(tx, input.actor, "message", `Sent the announcement “${input.title}” to ${many}.`);
    return {
      id: row!.id,
      message: answerWith("Sent “{title}” to {many}. It shows on their home page until you remove it.", { title: input.title, many }),
    };
  });
}

/** Her announcements, newest first, a page at a time, with the words for each audience. */
export async function listAnnouncements(db: Queryable, page: number) {
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(announcements)
      .orderBy(desc(announcements.id))
      .limit(ANNOUNCEMENTS_PAGE_SIZE)
      .offset((page - 1) * ANNOUNCEMENTS_PAGE_SIZE),
    db.select({ total: count() }).from(announcements),
  ]);
  const titles = await courseTitles(
    db,
    rows.flatMap((row) => (row.courseId === null ? [] : [row.courseId])),
  );
  return {
    total: Number(total?.total ?? 0),
    announcements: rows.map((announcement) => ({
      id: announcement.id,
      title: announcement.title,
      body: announcement.body,
      audience: audienceWords(announcement, announcement.courseId === null ? null : (titles.get(announcement.courseId) ?? null)),
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
    .update(announcementMail)
    .set({ offAt: sql`coalesce(${announcementMail.offAt}, now())` })
    .where(eq(announcementMail.token, token))
    .returning({ userId: announcementMail.userId });
  const member = row && (await findUserById(db, row.userId));
  return member ? { email: member.email } : null;
}

/** Turns her announcement mails off (keeping when she first did) or on again, from her account. */
export async function setAnnouncementMails(db: Queryable, userId: number, wanted: boolean): Promise<void> {
  const offAt = wanted ? null : sql`coalesce(${announcementMail.offAt}, now())`;
  await db
    .insert(announcementMail)
    .values({ userId, token: newToken(), offAt: wanted ? null : sql`now()` })
    .onConflictDoUpdate({ target: announcementMail.userId, set: { offAt } });
}

/** Whether she gets announcements by e-mail: yes until she turns them off. */
async function wantsAnnouncementMails(db: Queryable, userId: number): Promise<boolean> {
  const [row] = await db.select({ offAt: announcementMail.offAt }).from(announcementMail).where(eq(announcementMail.userId, userId));
  return row?.offAt == null;
}

/** Her choice of the instructor's announcements on /account. */
export const announcementMailChoice: MailChoice = {
  key: "announcements",
  label: sentence("announcements"),
  wanted: (db, member) => wantsAnnouncementMails(db, member.id),
  save: (tx, member, wanted) => setAnnouncementMails(tx, member.id, wanted),
};

/** Whether she gets announcements by e-mail, in her data download; the row goes with her account. */
export const announcementsPersonalData = (db: Queryable): PersonalData => ({
  key: "announcements",
  export: async (member) => ({ by_email: await wantsAnnouncementMails(db, member.id) }),
});
