import type { Database } from "../db/client.ts";
import type { Clock } from "../lib/clock.ts";
import type { MailSender } from "../mail/mail-sender.ts";
import type { MailContext } from "../mail/mail-templates.ts";
import { queueMail } from "../mail/outbox.ts";
import { queuePushes } from "../push/push-repository.ts";
import { translatorFor } from "../language/catalogues.ts";
import { languageOr, sourceLanguage } from "../../../contract/languages.ts";
import type { TimedWork } from "../timed-work/timed-work.ts";
import { journeyStepMail, stepAddress } from "./journey-mails.ts";
import {
  type AudienceCheck,
  claimDelivery,
  inLanguage,
  isDue,
  type JourneyMember,
  journeyMembersWithDueDates,
  type JourneyWithSteps,
  journeysWithSteps,
} from "./journeys-repository.ts";

export type JourneyWorkDeps = { db: Database; clock: Clock; mail: MailContext; sender: MailSender; isFor: AudienceCheck };

/**
 * Sends the steps whose moment has come (docs/journeys.md): each claimed for its member by one
 * insert, so it reaches her once whichever server runs this, and mailed in the same transaction
 * when she chose mail. Answers how many it sent.
 */
export async function sendDueSteps(deps: JourneyWorkDeps): Promise<number> {
  const all = await journeysWithSteps(deps.db);
  if (all.every(({ steps }) => steps.length === 0)) return 0;
  const now = deps.clock.now();
  let sent = 0;
  for (const member of await journeyMembersWithDueDates(deps.db)) sent += await sendDueStepsTo(deps, member, all, now);
  if (sent > 0) deps.sender.wake();
  return sent;
}

/**
 * One member's steps whose moment has come, of these journeys: the timed work's, and hers when she
 * opens her journey, so she never waits for the next run to read a step whose hour has come. Answers
 * how many it sent; the caller wakes the mail sender.
 */
export async function sendDueStepsTo(
  { db, mail, isFor }: Pick<JourneyWorkDeps, "db" | "mail" | "isFor">,
  member: JourneyMember,
  all: JourneyWithSteps[],
  now: Date,
): Promise<number> {
  if (member.paused) return 0;
  let sent = 0;
  for (const { journey, steps } of all) {
    const due = steps.flatMap((step) => {
      const moment = isDue(step, member, now);
      return moment ? [{ step, moment }] : [];
    });
    if (due.length === 0 || !(await isFor(journey, member))) continue;
    for (const { step, moment } of due) {
      const claimed = await db.transaction(async (tx) => {
        if (!(await claimDelivery(tx, step.id, member.id, moment, now))) return false;
        if (step.channels.includes("push") && member.channels.includes("push")) {
          const i18n = translatorFor(languageOr(member.language, sourceLanguage));
          await queuePushes(
            tx,
            [
              {
                userId: member.id,
                kind: "journeys",
                message: {
                  title: inLanguage(step.title, member.language),
                  body: inLanguage(step.text, member.language).slice(0, 160),
                  url: stepAddress(step.id),
                  tag: `journeys-step-${step.id}`,
                  locked: { title: i18n._("Your journey"), body: i18n._("A new step of your journey is here.") },
                },
              },
            ],
            now,
          );
        }
        if (step.channels.includes("mail") && member.channels.includes("mail"))
          await queueMail(
            tx,
            journeyStepMail(
              member,
              { id: step.id, title: inLanguage(step.title, member.language), text: inLanguage(step.text, member.language) },
              mail,
            ),
          );
        return true;
      });
      if (claimed) sent += 1;
    }
  }
  return sent;
}

export const journeyWork = (deps: JourneyWorkDeps): TimedWork => ({
  name: "journeys: steps due",
  everyMs: 60_000,
  firstAfterMs: 5_000,
  run: () => sendDueSteps(deps),
});
