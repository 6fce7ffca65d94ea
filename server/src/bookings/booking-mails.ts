import { formattingLocales, languageOr, type Language, sourceLanguage } from "../../../contract/languages.ts";
import { translatorFor } from "../language/catalogues.ts";
import {
  composeMail,
  namesOf,
  greeting,
  type Mail,
  type MailContext,
  type Paragraph,
  translatorOf,
  whenText,
} from "../mail/mail-templates.ts";
import type { BookingRow, ServiceRow } from "./bookings-repository.ts";
import { calendarFile } from "../mail/calendar-invite.ts";
import type { Push } from "../push/push-repository.ts";

declare module "../mail/mail-templates.ts" {
  interface MailKinds {
    booking_confirm_email: true;
    booking_confirmed: true;
    booking_rescheduled: true;
    booking_reminder: true;
    booking_cancelled: true;
    booking_place_offered: true;
  }
}

/** What booking mails need beyond every mail's context: where to write to her, and who sends invitations. */
export type BookingMailContext = MailContext & { contactEmail: string };

/** The language of her mails about a booking: the one she booked in (docs/languages.md). */
const languageOf = (booking: BookingRow): Language => languageOr(booking.readerLanguage, sourceLanguage);

/** Her mail's context and translator, and her booking's time in her zone and language. */
function writtenFor(booking: BookingRow, context: BookingMailContext) {
  const language = languageOf(booking);
  return {
    i18n: translatorFor(language),
    context: { ...context, language },
    when: whenText(booking.startsAt, booking.readerTimeZone, language),
  };
}

export const manageLink = (booking: BookingRow, context: MailContext) => `${context.publicUrl}/booking/${booking.manageToken}`;

function placeText(service: ServiceRow, language: Language): string {
  const i18n = translatorFor(language);
  if (service.locationKind === "phone") return i18n._("By phone: we will call you on the number you give us, or reply with it.");
  if (service.locationKind === "address")
    return service.location ? i18n._("At {place}.", { place: service.location }) : i18n._("At the address we will send you.");
  return service.location
    ? i18n._("By video call: {link}", { link: service.location })
    : i18n._("By video call: the link follows before the session.");
}

function invitation(method: "REQUEST" | "CANCEL", booking: BookingRow, service: ServiceRow, context: BookingMailContext) {
  const language = languageOf(booking);
  const i18n = translatorFor(language);
  const content = calendarFile({
    method,
    timeZone: booking.readerTimeZone,
    name: namesOf(context).businessName,
    organizer: { name: namesOf(context).doulaName, email: context.contactEmail },
    events: [
      {
        uid: booking.uid,
        sequence: booking.sequence,
        start: booking.startsAt,
        end: booking.endsAt,
        summary: i18n._("{service} with {instructor}", { service: service.name, instructor: namesOf(context).doulaName }),
        description: `${placeText(service, language)}\n\n${i18n._("To reschedule or cancel: {link}", { link: manageLink(booking, context) })}`,
        location: service.locationKind === "phone" ? i18n._("Phone call") : service.location,
        url: manageLink(booking, context),
        cancelled: method === "CANCEL",
        attendee: { name: booking.name, email: booking.email },
      },
    ],
  });
  return [
    {
      filename: method === "CANCEL" ? "cancelled.ics" : "invite.ics",
      contentType: `text/calendar; charset=utf-8; method=${method}`,
      content,
    },
  ];
}

function changeParagraph(booking: BookingRow, service: ServiceRow, context: BookingMailContext): Paragraph[] {
  const i18n = translatorFor(languageOf(booking));
  return [
    i18n._("You can reschedule or cancel until {hours} hours before. After that, please write to {address}.", {
      hours: service.cancelCutoffHours,
      address: context.contactEmail,
    }),
    { label: i18n._("Reschedule or cancel"), link: manageLink(booking, context) },
  ];
}

export function confirmEmailMail(booking: BookingRow, service: ServiceRow, token: string, shared: BookingMailContext): Mail {
  const { i18n, context, when } = writtenFor(booking, shared);
  return composeMail(
    "booking_confirm_email",
    booking.email,
    i18n._("Please confirm your booking: {service}", { service: service.name }),
    context,
    [
      greeting(booking.name, context.language),
      i18n._(
        "We are holding {when} for your {service}. Please confirm that it was you who asked for it: the time is held for 30 minutes.",
        { when, service: service.name },
      ),
      { label: i18n._("Confirm my booking"), link: `${context.publicUrl}/book/confirm?token=${encodeURIComponent(token)}` },
      i18n._("If you did not ask for this, ignore this mail and the time is freed."),
    ],
  );
}

export function confirmedMail(booking: BookingRow, service: ServiceRow, shared: BookingMailContext): Mail {
  const { i18n, context, when } = writtenFor(booking, shared);
  return {
    ...composeMail("booking_confirmed", booking.email, i18n._("Booked: {service}, {when}", { service: service.name, when }), context, [
      greeting(booking.name, context.language),
      i18n._("Your {service} with {instructor} is booked for {when}, for {minutes} minutes.", {
        service: service.name,
        instructor: namesOf(context).doulaName,
        when,
        minutes: service.durationMinutes,
      }),
      placeText(service, context.language),
      i18n._("The invitation attached adds it to your calendar. We will remind you the day before and an hour before."),
      ...changeParagraph(booking, service, context),
    ]),
    attachments: invitation("REQUEST", booking, service, context),
  };
}

export function rescheduledMail(booking: BookingRow, service: ServiceRow, shared: BookingMailContext): Mail {
  const { i18n, context, when } = writtenFor(booking, shared);
  return {
    ...composeMail("booking_rescheduled", booking.email, i18n._("Moved: {service}, now {when}", { service: service.name, when }), context, [
      greeting(booking.name, context.language),
      i18n._("Your {service} now takes place {when}. The invitation attached moves it in your calendar.", { service: service.name, when }),
      placeText(service, context.language),
      ...changeParagraph(booking, service, context),
    ]),
    attachments: invitation("REQUEST", booking, service, context),
  };
}

export function reminderMail(booking: BookingRow, service: ServiceRow, which: "day" | "hour", shared: BookingMailContext): Mail {
  const { i18n, context, when } = writtenFor(booking, shared);
  const subject =
    which === "day"
      ? i18n._("Reminder: {service} tomorrow", { service: service.name })
      : i18n._("Reminder: {service} in an hour", { service: service.name });
  return composeMail("booking_reminder", booking.email, subject, context, [
    greeting(booking.name, context.language),
    i18n._("A gentle reminder: your {service} with {instructor} is {when}.", {
      service: service.name,
      instructor: namesOf(context).doulaName,
      when,
    }),
    placeText(service, context.language),
    ...(which === "day"
      ? changeParagraph(booking, service, context)
      : [{ label: i18n._("See your booking"), link: manageLink(booking, context) }]),
  ]);
}

export function cancelledMail(
  booking: BookingRow,
  service: ServiceRow,
  input: { byInstructor: boolean; message: string; refunded: boolean },
  shared: BookingMailContext,
): Mail {
  const { i18n, context, when } = writtenFor(booking, shared);
  return {
    ...composeMail("booking_cancelled", booking.email, i18n._("Cancelled: {service}, {when}", { service: service.name, when }), context, [
      greeting(booking.name, context.language),
      input.byInstructor
        ? i18n._("{instructor} has had to cancel your {service} of {when}. We are sorry.", {
            instructor: namesOf(context).doulaName,
            service: service.name,
            when,
          })
        : i18n._("Your {service} of {when} is cancelled, as you asked.", { service: service.name, when }),
      ...(input.message ? [i18n._("Her message: {message}", { message: input.message })] : []),
      ...(input.refunded ? [i18n._("Your payment is refunded in full; it reaches your card within a few days.")] : []),
      i18n._("The attachment removes it from your calendar. You are welcome to book another time whenever it suits you."),
      { label: i18n._("Book another time"), link: `${context.publicUrl}/book` },
    ]),
    attachments: invitation("CANCEL", booking, service, context),
  };
}

export function placeOfferedMail(
  to: { name: string; email: string },
  month: string,
  link: string,
  validUntil: Date,
  timeZone: string,
  context: BookingMailContext,
): Mail {
  const language = context.language ?? sourceLanguage;
  const i18n = translatorOf(context);
  return composeMail("booking_place_offered", to.email, i18n._("A place has opened for your due month"), context, [
    greeting(to.name, language),
    i18n._("A birth-support place has opened for {month}, and you were first on the waiting list. It is yours to book until {until}.", {
      month: monthName(month, language),
      until: whenText(validUntil, timeZone, language),
    }),
    { label: i18n._("Book my place"), link },
    i18n._("If your plans have changed, there is nothing to do: the place goes to the next person after that."),
  ]);
}

export const monthName = (month: string, language: Language = sourceLanguage) =>
  new Intl.DateTimeFormat(formattingLocales[language], { month: "long", year: "numeric", timeZone: "UTC" }).format(
    new Date(`${month}-01T12:00:00Z`),
  );

/**
 * What her devices (kind `bookings`) are told beside the mail: her booking confirmed, moved, or
 * coming up; the doula's devices hear of a new or moved booking (docs/push.md).
 */
export function bookingPushes(
  booking: BookingRow,
  service: ServiceRow,
  what: "confirmed" | "moved" | "reminder",
  doulas: { id: number; language: string | null }[],
): Push[] {
  const language = languageOf(booking);
  const i18n = translatorFor(language);
  const when = whenText(booking.startsAt, booking.readerTimeZone, language);
  const hers: Push[] =
    booking.userId === null
      ? []
      : [
          {
            userId: booking.userId,
            kind: "bookings",
            message: {
              title:
                what === "confirmed"
                  ? i18n._("Booked: {service}", { service: service.name })
                  : what === "moved"
                    ? i18n._("Moved: {service}", { service: service.name })
                    : i18n._("Coming up: {service}", { service: service.name }),
              body: when,
              url: "/account",
              tag: `booking-${booking.id}`,
            },
          },
        ];
  if (what === "reminder") return hers;
  return [
    ...hers,
    ...doulas.map((doula) => {
      // Each doula's own language (a name the catalogue's extractor reads as a translator).
      const i18n = translatorFor(languageOr(doula.language, "en"));
      return {
        userId: doula.id,
        kind: "bookings" as const,
        message: {
          title:
            what === "confirmed"
              ? i18n._("New booking: {service}", { service: service.name })
              : i18n._("Booking moved: {service}", { service: service.name }),
          body: `${booking.name}, ${whenText(booking.startsAt, booking.readerTimeZone, languageOr(doula.language, "en"))}`,
          url: "/studio/calendar",
          tag: `booking-${booking.id}`,
          locked: { title: i18n._("A booking changed"), body: i18n._("Open the studio to see it.") },
        },
      };
    }),
  ];
}
