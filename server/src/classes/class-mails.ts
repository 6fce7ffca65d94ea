import { JOIN_OPENS_MINUTES } from "../../../contract/classes.ts";
import { languageOr, type Language, sourceLanguage } from "../../../contract/languages.ts";
import { translatorFor } from "../language/catalogues.ts";
import { calendarFile } from "../mail/calendar-invite.ts";
import {
  composeMail,
  greeting,
  type Mail,
  type MailContext,
  namesOf,
  oneClickUnsubscribe,
  type Paragraph,
  whenText,
} from "../mail/mail-templates.ts";
import type { liveClasses, classRegistrations } from "./classes-schema.ts";
import type { Push } from "../push/push-repository.ts";

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
export type ClassMailContext = MailContext & { contactEmail: string };

/** The zone her mails speak in: her own, else the instructor's. */
const zoneFor = (row: RegistrationRow, instructorZone: string) => row.timeZone ?? instructorZone;

/** The language her mails speak: the one she registered in (docs/languages.md). */
const languageOf = (row: RegistrationRow): Language => languageOr(row.language, sourceLanguage);
const translatorOfPlace = (row: RegistrationRow) => translatorFor(languageOf(row));
/** The class's start in her zone and language. */
const whenFor = (row: RegistrationRow, at: Date, instructorZone: string) => whenText(at, zoneFor(row, instructorZone), languageOf(row));

/** Every class mail ends with the unsubscribe line and carries its headers: reminders and replays stop; news about her place does not. */
function classMail(kind: Mail["kind"], row: RegistrationRow, subject: string, context: ClassMailContext, paragraphs: Paragraph[]): Mail {
  const page = `${context.publicUrl}/unsubscribe?list=classes&token=${row.unsubscribeToken}`;
  const i18n = translatorOfPlace(row);
  const mail = composeMail(kind, row.email, subject, { ...context, language: languageOf(row) }, [
    ...paragraphs,
    i18n._("To stop class reminders and replays by e-mail, open {page}", { page }),
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
  const i18n = translatorOfPlace(row);
  const content = calendarFile({
    method,
    timeZone,
    name: namesOf(context).businessName,
    organizer: { name: namesOf(context).doulaName, email: context.contactEmail },
    events: [
      {
        uid: live.uid,
        sequence: method === "CANCEL" ? live.revision + 1 : live.revision - 1,
        start: live.startsAt,
        end: live.endsAt,
        summary: live.title,
        description:
          method === "CANCEL"
            ? i18n._("Cancelled.")
            : i18n._("The link to join shows on {page} from {minutes} minutes before the start.", {
                page: `${context.publicUrl}/classes`,
                minutes: JOIN_OPENS_MINUTES,
              }),
        location: i18n._("Video call"),
        url: `${context.publicUrl}/classes`,
        ...(method === "CANCEL" ? { cancelled: true } : {}),
        attendee: { name: row.name, email: row.email },
      },
    ],
  });
  return [{ filename: "class.ics", contentType: `text/calendar; method=${method}; charset=utf-8`, content }];
}

function giveUpLink(row: RegistrationRow, context: ClassMailContext): Paragraph {
  const i18n = translatorOfPlace(row);
  return {
    label: i18n._("Cannot come? Give your place to someone waiting"),
    link: `${context.publicUrl}/classes?cancel=${row.manageToken}`,
  };
}

function seeYourClasses(row: RegistrationRow, context: ClassMailContext): Paragraph {
  const i18n = translatorOfPlace(row);
  return { label: i18n._("See your classes"), link: `${context.publicUrl}/classes` };
}

/** The confirmation of a place, with the class as a calendar invitation. */
export function placeMail(
  kind: "registered" | "promoted",
  row: RegistrationRow,
  live: ClassRow,
  instructorZone: string,
  context: ClassMailContext,
): Mail {
  const timeZone = zoneFor(row, instructorZone);
  const when = whenFor(row, live.startsAt, instructorZone);
  const i18n = translatorOfPlace(row);
  const title = live.title;
  const mail = classMail(
    "class_registered",
    row,
    kind === "promoted" ? i18n._("A place opened for you: {title}", { title }) : i18n._("Registered: {title}, {when}", { title, when }),
    context,
    [
      greeting(row.name, languageOf(row)),
      kind === "promoted"
        ? i18n._("A place opened in “{title}” on {when}, and it is yours: you were first on the waiting list.", { title, when })
        : i18n._("You have a place in “{title}” on {when}.", { title, when }),
      i18n._(
        "The link to join shows on the classes page from {minutes} minutes before the start, and in the reminder an hour before. The invitation attached adds it to your calendar.",
        { minutes: JOIN_OPENS_MINUTES },
      ),
      seeYourClasses(row, context),
      giveUpLink(row, context),
    ],
  );
  return { ...mail, attachments: invitation("REQUEST", row, live, timeZone, context) };
}

export function confirmMail(row: RegistrationRow, live: ClassRow, instructorZone: string, holdMinutes: number, context: ClassMailContext) {
  const i18n = translatorOfPlace(row);
  const title = live.title;
  return classMail("class_confirm_email", row, i18n._("Confirm your place: {title}", { title }), context, [
    greeting(row.name, languageOf(row)),
    i18n._("A place in “{title}” on {when} is held for you for {minutes} minutes. Confirm it is you, and it is yours.", {
      title,
      when: whenFor(row, live.startsAt, instructorZone),
      minutes: holdMinutes,
    }),
    { label: i18n._("Confirm my place"), link: `${context.publicUrl}/classes?confirm=${row.manageToken}` },
    i18n._("If you did not ask for this, do nothing: the place goes back after that time."),
  ]);
}

export function waitingMail(row: RegistrationRow, live: ClassRow, instructorZone: string, context: ClassMailContext) {
  const i18n = translatorOfPlace(row);
  const title = live.title;
  return classMail("class_waiting_list", row, i18n._("On the waiting list: {title}", { title }), context, [
    greeting(row.name, languageOf(row)),
    i18n._(
      "“{title}” on {when} is full, so you are on its waiting list. If a place opens before it starts, it is offered in the order people joined, and we will write to you at once.",
      { title, when: whenFor(row, live.startsAt, instructorZone) },
    ),
    giveUpLink(row, context),
  ]);
}

/** A paid class's freed place, offered to the first person waiting: hers if she pays before the hold ends. */
export function placeOfferedMail(row: RegistrationRow, live: ClassRow, instructorZone: string, context: ClassMailContext) {
  const i18n = translatorOfPlace(row);
  const title = live.title;
  return classMail("class_place_offered", row, i18n._("A place opened for you: {title}", { title }), context, [
    greeting(row.name, languageOf(row)),
    i18n._(
      "A place opened in “{title}” on {when}, and you are first on the waiting list. It is held for you until {until}: pay for it by then and it is yours.",
      { title, when: whenFor(row, live.startsAt, instructorZone), until: whenFor(row, row.holdUntil!, instructorZone) },
    ),
    { label: i18n._("Pay and take my place"), link: `${context.publicUrl}/classes?pay=${row.manageToken}` },
    i18n._("If you no longer want it, do nothing: it goes to the next person after that time."),
  ]);
}

export function reminderMail(
  which: "day" | "hour",
  row: RegistrationRow,
  live: ClassRow,
  instructorZone: string,
  context: ClassMailContext,
) {
  const when = whenFor(row, live.startsAt, instructorZone);
  const i18n = translatorOfPlace(row);
  const title = live.title;
  return classMail(
    "class_reminder",
    row,
    which === "day" ? i18n._("Tomorrow: {title}", { title }) : i18n._("In an hour: {title}", { title }),
    context,
    which === "day"
      ? [
          greeting(row.name, languageOf(row)),
          i18n._("A reminder: “{title}” is on {when}.", { title, when }),
          i18n._(
            "The link to join shows on the classes page from {minutes} minutes before the start, and in the reminder an hour before.",
            { minutes: JOIN_OPENS_MINUTES },
          ),
          seeYourClasses(row, context),
          giveUpLink(row, context),
        ]
      : [
          greeting(row.name, languageOf(row)),
          i18n._("“{title}” starts in an hour, on {when}.", { title, when }),
          { label: i18n._("Join the class"), link: live.joinUrl },
          i18n._("See you soon."),
        ],
  );
}

/**
 * Her devices (kind class_starting) hear when the link to join opens; a locked screen does not
 * show the class's title, which may say more about her than she wants seen (docs/push.md).
 */
export function classStartingPush(row: RegistrationRow & { userId: number }, live: ClassRow): Push {
  const i18n = translatorOfPlace(row);
  return {
    userId: row.userId,
    kind: "class_starting",
    message: {
      title: i18n._("Starting soon: {title}", { title: live.title }),
      body: i18n._("The link to join is open on the classes page."),
      url: "/classes",
      tag: `class-${live.id}`,
      locked: { title: i18n._("A class is starting soon"), body: i18n._("Open the app to join it.") },
    },
  };
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
  const when = whenFor(row, live.startsAt, instructorZone);
  const i18n = translatorOfPlace(row);
  const title = live.title;
  const mail = classMail("class_cancelled", row, i18n._("Cancelled: {title}", { title }), context, [
    greeting(row.name, languageOf(row)),
    options.wholeClass
      ? i18n._("We are sorry: “{title}” on {when} is cancelled. The attached update takes it off your calendar.", { title, when })
      : i18n._("Your place in “{title}” on {when} is cancelled. The attached update takes it off your calendar.", { title, when }),
    ...(options.refunded ? [i18n._("What you paid is refunded in full; it reaches your card in a few days.")] : []),
    { label: i18n._("See the other classes"), link: `${context.publicUrl}/classes` },
  ]);
  return { ...mail, attachments: invitation("CANCEL", row, live, timeZone, context) };
}

/** After the class: the recording, with thanks for those who came and a kind word for those who could not. */
export function replayMail(row: RegistrationRow, live: ClassRow, replayUrl: string, context: ClassMailContext) {
  const i18n = translatorOfPlace(row);
  const title = live.title;
  const watch = { label: i18n._("Watch the replay"), link: replayUrl };
  return classMail(
    "class_replay",
    row,
    row.attended ? i18n._("Thank you for coming: {title}", { title }) : i18n._("Sorry we missed you: {title}", { title }),
    context,
    row.attended
      ? [
          greeting(row.name, languageOf(row)),
          i18n._(
            "Thank you for coming to “{title}”. It was lovely to have you there. The recording is ready, for whenever you want to go over something again.",
            { title },
          ),
          watch,
        ]
      : [
          greeting(row.name, languageOf(row)),
          i18n._(
            "Sorry we missed you at “{title}”. Life with a baby on the way is full, and that is all right: the recording is ready, to watch whenever suits you.",
            { title },
          ),
          watch,
        ],
  );
}
