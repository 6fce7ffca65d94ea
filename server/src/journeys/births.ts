import { Temporal } from "temporal-polyfill";
import { formattingLocales, sentence, sourceLanguage } from "../../../contract/languages.ts";
import {
  accountLanguage,
  findUserById,
  fullName,
  instructorAccounts,
  markBabyArrived,
  type UserRow,
} from "../accounts/users-repository.ts";
import { translatorFor } from "../language/catalogues.ts";
import { queuePushes } from "../push/push-repository.ts";
import { labourRecords, setStage } from "../care/care-repository.ts";
import type { Database } from "../db/client.ts";
import { HttpError } from "../http/errors.ts";
import type { Clock } from "../lib/clock.ts";
import { longDay } from "../lib/time-zones.ts";
import type { MailSender } from "../mail/mail-sender.ts";
import { composeMail, type MailContext, translatorOf } from "../mail/mail-templates.ts";
import { queueMail } from "../mail/outbox.ts";
import { practiceZone } from "./journeys-repository.ts";
import { journeyPushesTo } from "./journey-mails.ts";
import { journeyMembers } from "./journeys-schema.ts";
import { eq } from "drizzle-orm";

declare module "../mail/mail-templates.ts" {
  interface MailKinds {
    baby_arrived: true;
  }
}

// "Baby is here" (docs/journeys.md): she, her partner or her doula records the birth; her journeys
// turn to the days after it, her labour line closes, her care turns to postpartum, her doula is told.

export type BirthDeps = {
  db: Database;
  clock: Clock;
  mail: MailContext;
  sender: MailSender;
  contactEmail: string;
  /** Posts news in the community as its author (the community's offer), when she chose to tell it. */
  announce: (author: UserRow, post: { title: string; body: string }) => Promise<unknown>;
};

export type Birth = {
  born_on: string;
  baby_name: string;
  weight_grams?: number | null | undefined;
  tell_community?: boolean | undefined;
};

export async function recordBirth(
  { db, clock, mail, sender, contactEmail, announce }: BirthDeps,
  motherId: number,
  birth: Birth,
  recordedBy: "her" | "her partner" | "her doula",
  /** Who tells the community, when she chose to: she or her partner, from their own account. */
  author?: UserRow,
): Promise<{ message: string }> {
  const practiceToday = Temporal.Instant.fromEpochMilliseconds(clock.now().getTime())
    .toZonedDateTimeISO(await practiceZone(db))
    .toPlainDate();
  const bornOn = Temporal.PlainDate.from(birth.born_on);
  // A day ahead of the practice's is still today somewhere (her zone may be east of it).
  if (Temporal.PlainDate.compare(bornOn, practiceToday.add({ days: 1 })) > 0)
    throw new HttpError(400, "The birth date cannot be in the future.", { born_on: "The birth date cannot be in the future." });
  if (Temporal.PlainDate.compare(bornOn, practiceToday.subtract({ days: 365 })) < 0)
    throw new HttpError(400, "The birth date is more than a year ago. Please check it.", {
      born_on: "The birth date is more than a year ago.",
    });
  const mother = await findUserById(db, motherId);
  if (!mother) throw new HttpError(404, "There is no account to record the birth on.");
  const values = {
    bornOn: birth.born_on,
    babyName: birth.baby_name || null,
    weightGrams: birth.weight_grams ?? null,
    updatedAt: clock.now(),
  };
  const first = await db.transaction(async (tx) => {
    const [before] = await tx
      .select({ bornOn: journeyMembers.bornOn })
      .from(journeyMembers)
      .where(eq(journeyMembers.memberId, motherId))
      .for("update");
    await tx
      .insert(journeyMembers)
      .values({ memberId: motherId, ...values })
      .onConflictDoUpdate({ target: journeyMembers.memberId, set: values });
    const records = await labourRecords(tx, { memberId: motherId });
    // Care under way (its agreement signed) follows the days after the birth; one
    // still waiting for its agreement keeps its stage for the doula to settle.
    for (const record of records)
      if (["signed", "deposit_paid", "active", "birth"].includes(record.stage)) await setStage(tx, record.id, "postpartum");
    const told = !before?.bornOn;
    if (told) {
      const i18n = translatorOf(mail);
      // As the doula knows her: her care record's name, else her account's.
      const name = records[0]?.name || fullName(mother) || mother.email;
      const details = [birth.baby_name, birth.weight_grams ? `${birth.weight_grams} g` : ""].filter(Boolean).join(", ");
      const link = records[0] ? `${mail.publicUrl}/studio/clients/${records[0].id}` : `${mail.publicUrl}/studio/members/${mother.id}`;
      await queueMail(
        tx,
        composeMail("baby_arrived", contactEmail, i18n._("{name}'s baby is here", { name }), mail, [
          i18n._("Born on {date}.", { date: longDay(birth.born_on, formattingLocales[mail.language ?? sourceLanguage]) }),
          ...(recordedBy === "her"
            ? [i18n._("She recorded it herself.")]
            : recordedBy === "her partner"
              ? [i18n._("Her partner recorded it.")]
              : []),
          ...(details ? [details] : []),
          i18n._("Her journeys now follow the days after the birth, and her labour line is closed."),
          { label: i18n._("Open her page"), link },
        ]),
      );
      // And her devices, each in its owner's language; a locked phone shows no name.
      await queuePushes(
        tx,
        journeyPushesTo(await instructorAccounts(tx), (i18n, language) => ({
          title: i18n._("{name}'s baby is here", { name }),
          body: i18n._("Born on {date}.", { date: longDay(birth.born_on, formattingLocales[language]) }),
          url: link.slice(mail.publicUrl.length),
          tag: `journeys-birth-${motherId}`,
          locked: { title: i18n._(sentence("Journeys")), body: i18n._(sentence("A baby is here. Open to see whose.")) },
        })),
        clock.now(),
      );
    }
    return told;
  });
  await markBabyArrived(db, motherId);
  if (first) sender.wake();
  if (first && birth.tell_community && author) {
    const language = accountLanguage(author, sourceLanguage);
    const i18n = translatorFor(language);
    await announce(author, {
      title: birth.baby_name ? i18n._("{name} is here!", { name: birth.baby_name }) : i18n._("Our baby is here!"),
      body: [
        i18n._("Born on {date}.", { date: longDay(birth.born_on, formattingLocales[language]) }),
        ...(birth.weight_grams ? [`${birth.weight_grams} g`] : []),
      ].join(" "),
    });
  }
  if (!first) return { message: sentence("Saved the birth's details.") };
  return {
    message:
      recordedBy === "her"
        ? sentence("Congratulations. Your doula has been told, and your journey now follows the days after the birth.")
        : sentence("Congratulations. Her doula has been told, and her journey now follows the days after the birth."),
  };
}
