import { composeMail, greeting, type Mail, type MailContext, type Paragraph, whenText } from "../mail/mail-templates.ts";
import type { BookingRow, ServiceRow } from "./bookings-repository.ts";
import { calendarFile } from "../mail/calendar-invite.ts";

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
export type BookingMailContext = MailContext & { contactEmail: string; instructorName: string };

export const manageLink = (booking: BookingRow, context: MailContext) => `${context.publicUrl}/booking/${booking.manageToken}`;

function placeText(service: ServiceRow): string {
  if (service.locationKind === "phone") return "By phone: we will call you on the number you give us, or reply with it.";
  if (service.locationKind === "address") return service.location ? `At ${service.location}.` : "At the address we will send you.";
  return service.location ? `By video call: ${service.location}` : "By video call: the link follows before the session.";
}

function invitation(method: "REQUEST" | "CANCEL", booking: BookingRow, service: ServiceRow, context: BookingMailContext) {
  const content = calendarFile({
    method,
    timeZone: booking.readerTimeZone,
    name: context.businessName,
    organizer: { name: context.instructorName, email: context.contactEmail },
    events: [
      {
        uid: booking.uid,
        sequence: booking.sequence,
        start: booking.startsAt,
        end: booking.endsAt,
        summary: `${service.name} with ${context.instructorName}`,
        description: `${placeText(service)}\n\nTo reschedule or cancel: ${manageLink(booking, context)}`,
        location: service.locationKind === "phone" ? "Phone call" : service.location,
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

const changeParagraph = (booking: BookingRow, service: ServiceRow, context: BookingMailContext): Paragraph[] => [
  `You can reschedule or cancel until ${service.cancelCutoffHours} hours before. After that, please write to ${context.contactEmail}.`,
  { label: "Reschedule or cancel", link: manageLink(booking, context) },
];

export function confirmEmailMail(booking: BookingRow, service: ServiceRow, token: string, context: BookingMailContext): Mail {
  return composeMail("booking_confirm_email", booking.email, `Please confirm your booking: ${service.name}`, context, [
    greeting(booking.name),
    `We are holding ${whenText(booking.startsAt, booking.readerTimeZone)} for your ${service.name}. Please confirm that it was you who asked for it: the time is held for 30 minutes.`,
    { label: "Confirm my booking", link: `${context.publicUrl}/book/confirm?token=${encodeURIComponent(token)}` },
    "If you did not ask for this, ignore this mail and the time is freed.",
  ]);
}

export function confirmedMail(booking: BookingRow, service: ServiceRow, context: BookingMailContext): Mail {
  return {
    ...composeMail(
      "booking_confirmed",
      booking.email,
      `Booked: ${service.name}, ${whenText(booking.startsAt, booking.readerTimeZone)}`,
      context,
      [
        greeting(booking.name),
        `Your ${service.name} with ${context.instructorName} is booked for ${whenText(booking.startsAt, booking.readerTimeZone)}, for ${service.durationMinutes} minutes.`,
        placeText(service),
        "The invitation attached adds it to your calendar. We will remind you the day before and an hour before.",
        ...changeParagraph(booking, service, context),
      ],
    ),
    attachments: invitation("REQUEST", booking, service, context),
  };
}

export function rescheduledMail(booking: BookingRow, service: ServiceRow, context: BookingMailContext): Mail {
  return {
    ...composeMail(
      "booking_rescheduled",
      booking.email,
      `Moved: ${service.name}, now ${whenText(booking.startsAt, booking.readerTimeZone)}`,
      context,
      [
        greeting(booking.name),
        `Your ${service.name} now takes place ${whenText(booking.startsAt, booking.readerTimeZone)}. The invitation attached moves it in your calendar.`,
        placeText(service),
        ...changeParagraph(booking, service, context),
      ],
    ),
    attachments: invitation("REQUEST", booking, service, context),
  };
}

export function reminderMail(booking: BookingRow, service: ServiceRow, which: "day" | "hour", context: BookingMailContext): Mail {
  const soon = which === "day" ? "tomorrow" : "in an hour";
  return composeMail("booking_reminder", booking.email, `Reminder: ${service.name} ${soon}`, context, [
    greeting(booking.name),
    `A gentle reminder: your ${service.name} with ${context.instructorName} is ${whenText(booking.startsAt, booking.readerTimeZone)}.`,
    placeText(service),
    ...(which === "day" ? changeParagraph(booking, service, context) : [{ label: "See your booking", link: manageLink(booking, context) }]),
  ]);
}

export function cancelledMail(
  booking: BookingRow,
  service: ServiceRow,
  input: { byInstructor: boolean; message: string; refunded: boolean },
  context: BookingMailContext,
): Mail {
  return {
    ...composeMail(
      "booking_cancelled",
      booking.email,
      `Cancelled: ${service.name}, ${whenText(booking.startsAt, booking.readerTimeZone)}`,
      context,
      [
        greeting(booking.name),
        input.byInstructor
          ? `${context.instructorName} has had to cancel your ${service.name} of ${whenText(booking.startsAt, booking.readerTimeZone)}. We are sorry.`
          : `Your ${service.name} of ${whenText(booking.startsAt, booking.readerTimeZone)} is cancelled, as you asked.`,
        ...(input.message ? [`Her message: ${input.message}`] : []),
        ...(input.refunded ? ["Your payment is refunded in full; it reaches your card within a few days."] : []),
        "The attachment removes it from your calendar. You are welcome to book another time whenever it suits you.",
        { label: "Book another time", link: `${context.publicUrl}/book` },
      ],
    ),
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
  return composeMail("booking_place_offered", to.email, "A place has opened for your due month", context, [
    greeting(to.name),
    `A birth-support place has opened for ${monthName(month)}, and you were first on the waiting list. It is yours to book until ${whenText(validUntil, timeZone)}.`,
    { label: "Book my place", link },
    "If your plans have changed, there is nothing to do: the place goes to the next person after that.",
  ]);
}

export const monthName = (month: string) =>
  new Intl.DateTimeFormat("en-GB", { month: "long", year: "numeric", timeZone: "UTC" }).format(new Date(`${month}-01T12:00:00Z`));
