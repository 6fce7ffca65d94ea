import { JOIN_OPENS_MINUTES } from "../../../contract/classes.ts";
import { calendarFile } from "../mail/calendar-invite.ts";
import {
  composeMail,
  greeting,
  type Mail,
  type MailContext,
  oneClickUnsubscribe,
  type Paragraph,
  whenText,
} from "../mail/mail-templates.ts";
import type { liveClasses, classRegistrations } from "./classes-schema.ts";

declare module "../mail/mail-templates.ts" {
  interface MailKinds {
    class_registered: true;
    class_confirm_email: true;
    class_waiting_list: true;
    class_reminder: true;
    class_cancelled: true;
    class_place_offered: true;
    class_replay: true;
  }
}

// The mails of live classes (docs/product.md, Live classes). Each names the time in her own zone
// when her browser told us it, and each carries the one-click unsubscribe from class mails (RFC 8058).

export type ClassRow = typeof liveClasses.$inferSelect;
export type RegistrationRow = typeof classRegistrations.$inferSelect;
export type ClassMailContext = MailContext & { contactEmail: string; instructorName: string };

/** The zone her mails speak in: her own, else the instructor's. */
const zoneFor = (row: RegistrationRow, instructorZone: string) => row.timeZone ?? instructorZone;

/** Every class mail ends with the unsubscribe line and carries its headers: reminders and replays stop; news about her place does not. */
function classMail(kind: Mail["kind"], row: RegistrationRow, subject: string, context: ClassMailContext, paragraphs: Paragraph[]): Mail {
  const page = `${context.publicUrl}/unsubscribe?list=classes&token=${row.unsubscribeToken}`;
  const mail = composeMail(kind, row.email, subject, context, [
    ...paragraphs,
    `To stop class reminders and replays by e-mail, open ${page}`,
  ]);
  return {
    ...mail,
    headers: {
      "Reply-To": context.contactEmail,
      ...oneClickUnsubscribe(`${context.publicUrl}/reactapi/classes/unsubscribe/${row.unsubscribeToken}`),
    },
  };
}

function invitation(
  method: "REQUEST" | "CANCEL",
  row: RegistrationRow,
  live: ClassRow,
  timeZone: string,
  context: ClassMailContext,
): NonNullable<Mail["attachments"]> {
  const content = calendarFile({
    method,
    timeZone,
    name: context.businessName,
    organizer: { name: context.instructorName, email: context.contactEmail },
    events: [
      {
        uid: live.uid,
        sequence: method === "CANCEL" ? live.revision + 1 : live.revision - 1,
        start: live.startsAt,
        end: live.endsAt,
        summary: live.title,
        description:
          method === "CANCEL"
            ? "Cancelled."
            : `The link to join shows on ${context.publicUrl}/classes from ${JOIN_OPENS_MINUTES} minutes before the start.`,
        location: "Video call",
        url: `${context.publicUrl}/classes`,
        ...(method === "CANCEL" ? { cancelled: true } : {}),
        attendee: { name: row.name, email: row.email },
      },
    ],
  });
  return [{ filename: "class.ics", contentType: `text/calendar; method=${method}; charset=utf-8`, content }];
}

const giveUpLink = (row: RegistrationRow, context: ClassMailContext): Paragraph => ({
  label: "Cannot come? Give your place to someone waiting",
  link: `${context.publicUrl}/classes?cancel=${row.manageToken}`,
});

/** The confirmation of a place, with the class as a calendar invitation. */
export function placeMail(
  kind: "registered" | "promoted",
  row: RegistrationRow,
  live: ClassRow,
  instructorZone: string,
  context: ClassMailContext,
): Mail {
  const timeZone = zoneFor(row, instructorZone);
  const when = whenText(live.startsAt, timeZone);
  const mail = classMail(
    "class_registered",
    row,
    kind === "promoted" ? `A place opened for you: ${live.title}` : `Registered: ${live.title}, ${when}`,
    context,
    [
      greeting(row.name),
      kind === "promoted"
        ? `A place opened in “${live.title}” on ${when}, and it is yours: you were first on the waiting list.`
        : `You have a place in “${live.title}” on ${when}.`,
      `The link to join shows on the classes page from ${JOIN_OPENS_MINUTES} minutes before the start, and in the reminder an hour before. The invitation attached adds it to your calendar.`,
      { label: "See your classes", link: `${context.publicUrl}/classes` },
      giveUpLink(row, context),
    ],
  );
  return { ...mail, attachments: invitation("REQUEST", row, live, timeZone, context) };
}

export function confirmMail(row: RegistrationRow, live: ClassRow, instructorZone: string, holdMinutes: number, context: ClassMailContext) {
  return classMail("class_confirm_email", row, `Confirm your place: ${live.title}`, context, [
    greeting(row.name),
    `A place in “${live.title}” on ${whenText(live.startsAt, zoneFor(row, instructorZone))} is held for you for ${holdMinutes} minutes. Confirm it is you, and it is yours.`,
    { label: "Confirm my place", link: `${context.publicUrl}/classes?confirm=${row.manageToken}` },
    "If you did not ask for this, do nothing: the place goes back after that time.",
  ]);
}

export function waitingMail(row: RegistrationRow, live: ClassRow, instructorZone: string, context: ClassMailContext) {
  return classMail("class_waiting_list", row, `On the waiting list: ${live.title}`, context, [
    greeting(row.name),
    `“${live.title}” on ${whenText(live.startsAt, zoneFor(row, instructorZone))} is full, so you are on its waiting list. If a place opens before it starts, it is offered in the order people joined, and we will write to you at once.`,
    giveUpLink(row, context),
  ]);
}

/** A paid class's freed place, offered to the first person waiting: hers if she pays before the hold ends. */
export function placeOfferedMail(row: RegistrationRow, live: ClassRow, instructorZone: string, context: ClassMailContext) {
  const timeZone = zoneFor(row, instructorZone);
  return classMail("class_place_offered", row, `A place opened for you: ${live.title}`, context, [
    greeting(row.name),
    `A place opened in “${live.title}” on ${whenText(live.startsAt, timeZone)}, and you are first on the waiting list. It is held for you until ${whenText(row.holdUntil!, timeZone)}: pay for it by then and it is yours.`,
    { label: "Pay and take my place", link: `${context.publicUrl}/classes?pay=${row.manageToken}` },
    "If you no longer want it, do nothing: it goes to the next person after that time.",
  ]);
}

export function reminderMail(
  which: "day" | "hour",
  row: RegistrationRow,
  live: ClassRow,
  instructorZone: string,
  context: ClassMailContext,
) {
  const when = whenText(live.startsAt, zoneFor(row, instructorZone));
  return classMail(
    "class_reminder",
    row,
    which === "day" ? `Tomorrow: ${live.title}` : `In an hour: ${live.title}`,
    context,
    which === "day"
      ? [
          greeting(row.name),
          `A reminder: “${live.title}” is on ${when}.`,
          `The link to join shows on the classes page from ${JOIN_OPENS_MINUTES} minutes before the start, and in the reminder an hour before.`,
          { label: "See your classes", link: `${context.publicUrl}/classes` },
          giveUpLink(row, context),
        ]
      : [
          greeting(row.name),
          `“${live.title}” starts in an hour, on ${when}.`,
          { label: "Join the class", link: live.joinUrl },
          "See you soon.",
        ],
  );
}

/** Her place cancelled, by the instructor or with the whole class; the calendar's CANCEL takes it off her calendar. */
export function cancelledMail(
  row: RegistrationRow,
  live: ClassRow,
  instructorZone: string,
  context: ClassMailContext,
  options: { wholeClass: boolean; refunded: boolean },
) {
  const timeZone = zoneFor(row, instructorZone);
  const when = whenText(live.startsAt, timeZone);
  const mail = classMail("class_cancelled", row, `Cancelled: ${live.title}`, context, [
    greeting(row.name),
    options.wholeClass
      ? `We are sorry: “${live.title}” on ${when} is cancelled. The attached update takes it off your calendar.`
      : `Your place in “${live.title}” on ${when} is cancelled. The attached update takes it off your calendar.`,
    ...(options.refunded ? ["What you paid is refunded in full; it reaches your card in a few days."] : []),
    { label: "See the other classes", link: `${context.publicUrl}/classes` },
  ]);
  return { ...mail, attachments: invitation("CANCEL", row, live, timeZone, context) };
}

/** After the class: the recording, with thanks for those who came and a kind word for those who could not. */
export function replayMail(row: RegistrationRow, live: ClassRow, replayUrl: string, context: ClassMailContext) {
  return classMail(
    "class_replay",
    row,
    row.attended ? `Thank you for coming: ${live.title}` : `Sorry we missed you: ${live.title}`,
    context,
    row.attended
      ? [
          greeting(row.name),
          `Thank you for coming to “${live.title}”. It was lovely to have you there. The recording is ready, for whenever you want to go over something again.`,
          { label: "Watch the replay", link: replayUrl },
        ]
      : [
          greeting(row.name),
          `Sorry we missed you at “${live.title}”. Life with a baby on the way is full, and that is all right: the recording is ready, to watch whenever suits you.`,
          { label: "Watch the replay", link: replayUrl },
        ],
  );
}
