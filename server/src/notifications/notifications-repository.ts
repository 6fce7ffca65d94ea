import { and, desc, eq, isNull, lte, sql } from "drizzle-orm";
import { formattingLocales, type Language, sourceLanguage } from "../../../contract/languages.ts";
import { type NoticeDelivery, type StudioNotice, type StudioNoticeKind, studioNoticeKinds } from "../../../contract/notifications.ts";
import { accountLanguage, instructorAccounts } from "../accounts/users-repository.ts";
import type { Queryable } from "../db/client.ts";
import { translate, translatorFor } from "../language/catalogues.ts";
import { queuePushes } from "../push/push-repository.ts";
import { type NoticeValue, studioNoticeChoices, studioNotices } from "./notifications-schema.ts";

/**
 * What a capability tells the studio: `key` names the event so that it is told once however often
 * it is told (a webhook retried, two servers); `message` is an English sentence of the catalogue,
 * marked with sentence() where it is written, its `{values}` filled when the list is read.
 */
export type StudioNoticeInput = {
  kind: StudioNoticeKind;
  key: string;
  message: string;
  values?: Record<string, NoticeValue>;
  /** The studio page it is about ("/studio/clients/12"). */
  link: string;
  /** The member it is about, if she has an account: deleting her account deletes it. */
  about?: number | null;
};

/**
 * Tells the studio that something happened, once. Call it inside the transaction of what happened,
 * so the notice exists exactly when it did; its mail, if she chose one, is queued by this feature's
 * timed work (notifications-mails.ts), never by the caller; its push, if she chose one, is queued
 * here in the same transaction, so it goes out within seconds and only if the notice is new.
 */
export async function notifyStudio(db: Queryable, notice: StudioNoticeInput, now: Date): Promise<void> {
  const [told] = await db
    .insert(studioNotices)
    .values({
      key: notice.key,
      kind: notice.kind,
      message: notice.message,
      values: notice.values ?? {},
      link: notice.link,
      aboutUserId: notice.about ?? null,
      createdAt: now,
    })
    .onConflictDoNothing({ target: studioNotices.key })
    .returning();
  if (told && (await noticeChoices(db))[told.kind] === "push") await pushNotice(db, told, now);
}

/**
 * To every studio account's devices that chose the studio's notifications: the sentence itself
 * only where previews are allowed, as it names a client; a locked screen says that something happened.
 */
async function pushNotice(db: Queryable, notice: typeof studioNotices.$inferSelect, now: Date) {
  const studio = await instructorAccounts(db);
  await queuePushes(
    db,
    studio.map((account) => {
      const language = accountLanguage(account, sourceLanguage);
      const i18n = translatorFor(language);
      return {
        userId: account.id,
        kind: "studio_notices",
        message: {
          title: i18n._("In your practice"),
          body: noticeText(notice, language),
          url: notice.link,
          tag: `studio-notice-${notice.id}`,
          locked: { title: i18n._("In your practice"), body: i18n._("Something happened. Open the studio to read it.") },
        },
      };
    }),
    now,
  );
}

const written = (value: NoticeValue, language: Language) =>
  typeof value === "string"
    ? value
    : // As the studio's pages write prices ("$300.00", "300,00 €"), so a notice reads like the page it links to.
      new Intl.NumberFormat(formattingLocales[language], {
        style: "currency",
        currency: value.currency,
        currencyDisplay: "narrowSymbol",
      }).format(value.money / 100);

/** A notice's sentence in a language, its amounts written as that language writes money. */
export const noticeText = (row: { message: string; values: Record<string, NoticeValue> }, language: Language) =>
  translate(language, row.message, Object.fromEntries(Object.entries(row.values).map(([name, value]) => [name, written(value, language)])));

const LISTED = 100;

export async function listNotices(db: Queryable, language: Language): Promise<{ notices: StudioNotice[]; unread: number }> {
  const rows = await db.select().from(studioNotices).orderBy(desc(studioNotices.id)).limit(LISTED);
  return {
    notices: rows.map((row) => ({
      id: row.id,
      kind: row.kind,
      text: noticeText(row, language),
      link: row.link,
      at: row.createdAt.toISOString(),
      unread: row.readAt === null,
    })),
    unread: await unreadNotices(db),
  };
}

export async function unreadNotices(db: Queryable): Promise<number> {
  const [row] = await db
    .select({ unread: sql<number>`count(*)::int` })
    .from(studioNotices)
    .where(isNull(studioNotices.readAt));
  return row?.unread ?? 0;
}

/** Marks read what she was shown (up to the newest id on her page): what came after stays unread. */
export async function markNoticesRead(db: Queryable, upTo: number, now: Date): Promise<number> {
  await db
    .update(studioNotices)
    .set({ readAt: now })
    .where(and(isNull(studioNotices.readAt), lte(studioNotices.id, upTo)));
  return unreadNotices(db);
}

/** How she hears of every kind: the list only unless she chose a mail too. */
export async function noticeChoices(db: Queryable): Promise<Record<StudioNoticeKind, NoticeDelivery>> {
  const [row] = await db.select().from(studioNoticeChoices).where(eq(studioNoticeChoices.id, 1));
  return Object.fromEntries(studioNoticeKinds.map((kind) => [kind, row?.choices[kind] ?? "list"])) as Record<
    StudioNoticeKind,
    NoticeDelivery
  >;
}

export async function saveNoticeChoices(db: Queryable, choices: Partial<Record<StudioNoticeKind, NoticeDelivery>>) {
  const merged = { ...(await noticeChoices(db)), ...choices };
  await db
    .insert(studioNoticeChoices)
    .values({ id: 1, choices: merged })
    .onConflictDoUpdate({ target: studioNoticeChoices.id, set: { choices: merged } });
  return merged;
}
