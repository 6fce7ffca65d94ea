import { z } from "zod";
import { BookingRequest, OptionalDueDate, Instant } from "./bookings.ts";
import { PlanInput } from "./studio/plans.ts";
import { idInPath, PlanTier } from "./catalogue.ts";
import { CheckoutRequest } from "./payments.ts";
import { ContactRequest } from "./forms.ts";
import { RichText, StudioOutcome, titleOf } from "./studio/studio-shared.ts";
import { parseVideoLink, videoLink, videoLinkProblem } from "./video-link.ts";
import { ApiError } from "./errors.ts";
import { Created } from "./studio/courses.ts";
import { Unsubscribed } from "./announcements.ts";
import { type Endpoint, ok } from "./endpoint.ts";
import { sentence } from "./languages.ts";

// Live classes (docs/product.md, Live classes): places counted exactly, a waiting list served in
// order, and the join link shown only to registered people from JOIN_OPENS_MINUTES before the start.

export const JOIN_OPENS_MINUTES = 15;
/** How long a visitor's place waits for her to confirm her e-mail. */
export const CLASS_HOLD_MINUTES = 30;

export const ClassRegistrationState = z.enum(["registered", "awaiting_email", "awaiting_payment", "waiting_list", "cancelled", "expired"]);
export type ClassRegistrationState = z.infer<typeof ClassRegistrationState>;

export const PublicClass = z.object({
  id: z.number(),
  title: z.string(),
  description_html: z.string(),
  starts_at: z.string(),
  ends_at: z.string(),
  places: z.number(),
  places_left: z.number(),
  price: z.number().describe("minor units; 0 is free"),
  currency: z.string(),
  who: z.enum(["anyone", "members"]),
  /** Pay what you can (docs/gifts.md): the prices she may choose from, when the instructor offers some. */
  tiers: z.array(PlanTier).optional(),
  /** Her own registration's state, when she is signed in and registered or waiting. */
  my_state: ClassRegistrationState.optional(),
  /** Only to a registered person, from JOIN_OPENS_MINUTES before the start until the end. */
  join_url: z.string().optional(),
  /** When the join link shows, for whoever will see it then. */
  join_opens_at: z.string(),
  /** The recording, once the instructor has sent it, to those who had a place. */
  replay_url: z.string().optional(),
  /** The course whose members it is for, if any. */
  course: z.object({ id: z.number(), title: z.string() }).nullable(),
  /** Whether the caller may open that course, and so registers with one press. */
  for_your_course: z.boolean(),
});
export type PublicClass = z.infer<typeof PublicClass>;
export const ClassList = z.object({ upcoming: z.array(PublicClass), past: z.array(PublicClass) });
export type ClassList = z.infer<typeof ClassList>;

export const ClassIdParams = z.object({ id: idInPath("That class does not exist.") });

export const ClassRegistrationRequest = z.object({
  name: BookingRequest.shape.name,
  email: ContactRequest.shape.email,
  due_date: OptionalDueDate,
  /** The zone she reads in, so that her mails show her times; the instructor's when absent or unknown. */
  time_zone: BookingRequest.shape.time_zone,
  /** A code the instructor gave out, for a paid class: the server checks it and computes the price. */
  code: CheckoutRequest.shape.code,
  /** Pay what you can: the tier she chose, by its name or its price in cents; only the class's tiers are taken. */
  tier: z.union([z.string().trim().max(40), z.number().int()], { error: sentence("That is not one of this class's prices.") }).optional(),
});
export type ClassRegistrationRequest = z.input<typeof ClassRegistrationRequest>;

export const ClassRegistered = z.object({
  id: z.number(),
  /** The class it is a place in: a visitor's page marks that class hers. */
  class_id: z.number(),
  state: ClassRegistrationState,
  message: z.string(),
  /** Stripe's payment page, for a paid place held while she pays. */
  checkout_url: z.string().optional(),
});
export type ClassRegistered = z.infer<typeof ClassRegistered>;

const MailedToken = z
  .string({ error: "This link is not complete. Please open the whole link from the mail." })
  .regex(/^[A-Za-z0-9_-]{16,100}$/, { error: "This link is not complete. Please open the whole link from the mail." });
export const ClassTokenRequest = z.object({ token: MailedToken });
/** Paying for a place offered from the waiting list: her mailed link, and a code if she has one. */
export const ClassPayRequest = ClassTokenRequest.extend({ code: CheckoutRequest.shape.code });
export const ClassTokenParams = z.object({ token: MailedToken });

/** Her registration as the link in her mail finds it (to give the place up, or pay for an offered one). */
export const ClassRegistrationByLink = z.object({
  class_id: z.number(),
  title: z.string(),
  starts_at: z.string(),
  state: ClassRegistrationState,
  price: z.number(),
  currency: z.string(),
  hold_until: z.string().nullable(),
});
export type ClassRegistrationByLink = z.infer<typeof ClassRegistrationByLink>;

export const ClassCreate = z.object({
  title: titleOf(sentence("Please give the class a title.")),
  description_html: RichText,
  starts_at: Instant,
  duration_minutes: z
    .number({ error: "The length is a number of minutes." })
    .int({ error: "The length is a whole number of minutes." })
    .min(15, { error: "A class lasts 15 minutes or more." })
    .max(600, { error: "A class lasts at most 10 hours." }),
  places: z
    .number({ error: "The places are a number." })
    .int({ error: "The places are a whole number." })
    .min(1, { error: "A class has at least one place." })
    .max(10_000, { error: "That is more places than a call holds." }),
  price: z
    .number({ error: "The price is a number of cents; 0 is free." })
    .int({ error: "The price is a whole number of cents." })
    .min(0, { error: "The price cannot be negative." })
    .max(100_000_000, { error: "That price is too high." })
    .optional()
    .default(0),
  currency: PlanInput.shape.currency.optional().default("USD"),
  /** Pay what you can (docs/gifts.md): none, or two to five prices she chooses from; a paid class only. */
  tiers: PlanInput.shape.tiers,
  who: z.enum(["anyone", "members"], { error: "Say who may register: anyone or members." }),
  course_id: z
    .number({ error: "Choose the course by its number, or none." })
    .int({ error: "Choose the course by its number, or none." })
    .positive({ error: "Choose the course by its number, or none." })
    .nullable()
    .optional()
    .default(null),
  join_url: z
    .string({ error: "Paste the video call's link." })
    .trim()
    .refine((url) => /^https:\/\/[^\s]+$/i.test(url), { error: "Paste the video call's link, starting with https://." }),
});
export type ClassCreate = z.input<typeof ClassCreate>;

export const StudioClassRegistration = z.object({
  id: z.number(),
  name: z.string(),
  email: z.string(),
  due_date: z.string().nullable(),
  state: ClassRegistrationState,
  registered_at: z.string(),
  from_waiting_list: z.boolean(),
  attended: z.boolean(),
  paid: z.boolean(),
  refunded: z.boolean(),
});
export const StudioClassRegistrations = z.object({ registrations: z.array(StudioClassRegistration) });

/** A class as the studio lists it, with how many have a place and how many wait. */
export const StudioClass = z.object({
  id: z.number(),
  title: z.string(),
  starts_at: z.string(),
  ends_at: z.string(),
  places: z.number(),
  registered: z.number(),
  waiting: z.number(),
  attended: z.number(),
  price: z.number(),
  currency: z.string(),
  tiers: z.array(PlanTier),
  who: z.enum(["anyone", "members"]),
  join_url: z.string(),
  replay_url: z.string().nullable(),
  replay_sent_at: z.string().nullable(),
  course_title: z.string().nullable(),
  cancelled: z.boolean(),
});
export const StudioClasses = z.object({ classes: z.array(StudioClass) });
export type StudioClasses = z.infer<typeof StudioClasses>;

export const ClassRegistrationParams = z.object({
  id: idInPath("That class does not exist."),
  registration: idInPath("That registration does not exist."),
});
export const AttendanceRequest = z.object({ attended: z.boolean({ error: "Say whether she was there: true or false." }) });

/** The replay as she pastes it: a YouTube or Vimeo link, read like a lesson's video and kept in its plain form. */
export const ReplayRequest = z.object({
  replay_url: z
    .string({ error: "Paste the recording's YouTube or Vimeo link." })
    .trim()
    .refine((link) => parseVideoLink(link) !== null, { error: videoLinkProblem })
    .transform((link) => videoLink(parseVideoLink(link)!)),
});

/** This capability's entries of the endpoint table (contract/api.ts composes every part). */
/** What this capability tells her devices (docs/push.md): a live class she registered for is about to start. */
export const classesPushKinds = ["class_starting"] as const;

export const classesEndpoints = {
  listClasses: {
    method: "GET",
    path: "/reactapi/classes",
    summary:
      "Upcoming and past live classes, with places left; the join link only to a registered caller, from 15 minutes before the start until the end",
    access: "anyone",
    answers: ok(ClassList),
  },
  registerForClass: {
    method: "POST",
    path: "/reactapi/classes/:id/registrations",
    summary:
      "Takes a place (a member at once; a visitor once she confirms the mailed link within 30 minutes) or a waiting-list place when full",
    access: "anyone",
    travels: "classes",
    params: ClassIdParams,
    body: ClassRegistrationRequest,
    invalidates: ["listClasses"],
    answers: {
      201: {
        description: "Registered, awaiting her e-mail, awaiting payment (with Checkout's address), or on the waiting list.",
        schema: ClassRegistered,
      },
      400: {
        description: "A bad body, a tier the class does not offer, or a code that cannot be used (the sentence says why).",
        schema: ApiError,
      },
      403: { description: "A class for members only, and she is not signed in.", schema: ApiError },
      404: { description: "No such class, or it was cancelled.", schema: ApiError },
      409: { description: "Already registered with this e-mail, or the class has started.", schema: ApiError },
      502: { description: "A paid class, and Stripe could not be reached: nothing was held or charged.", schema: ApiError },
      503: { description: "A paid class, and payment is not set up on this server.", schema: ApiError },
    },
  },
  classRegistrationByLink: {
    method: "GET",
    path: "/reactapi/classes/registrations/by-link/:token",
    summary: "The registration a mailed link names (to give the place up, or to pay for one offered from the waiting list)",
    access: "anyone",
    travels: "classes",
    params: ClassTokenParams,
    answers: { ...ok(ClassRegistrationByLink), 404: { description: "No such link.", schema: ApiError } },
  },
  cancelClassRegistrationByLink: {
    method: "POST",
    path: "/reactapi/classes/registrations/cancel-by-link",
    summary: "Gives up the place (or the waiting-list place) a mailed link names, without signing in",
    access: "anyone",
    travels: "classes",
    body: ClassTokenRequest,
    invalidates: ["listClasses", "classRegistrationByLink"],
    answers: {
      ...ok(StudioOutcome),
      404: { description: "No such link, or the class was cancelled.", schema: ApiError },
      409: { description: "The class has started.", schema: ApiError },
      502: { description: "The refund could not be made; nothing changed.", schema: ApiError },
    },
  },
  payForClassPlace: {
    method: "POST",
    path: "/reactapi/classes/registrations/pay",
    summary: "Opens Checkout for a paid class's place offered to her from the waiting list, while the offer holds",
    access: "anyone",
    travels: "classes",
    body: ClassPayRequest,
    answers: {
      ...ok(ClassRegistered),
      400: { description: "A bad body, or a code that cannot be used (the sentence says why).", schema: ApiError },
      404: { description: "No such link.", schema: ApiError },
      409: { description: "Paid already, or the offer has lapsed.", schema: ApiError },
      502: { description: "Stripe could not be reached; the place is still held.", schema: ApiError },
      503: { description: "Payment is not set up on this server.", schema: ApiError },
    },
  },
  unsubscribeClassMails: {
    method: "POST",
    path: "/reactapi/classes/unsubscribe/:token",
    summary: "One-click unsubscribe from class reminders and replays (RFC 8058): the link's token is the proof, no sign-in; any body",
    access: "anyone",
    travels: "unsubscribe",
    params: ClassTokenParams,
    answers: { ...ok(Unsubscribed), 404: { description: "No registration has this link.", schema: ApiError } },
  },
  confirmClassRegistration: {
    method: "POST",
    path: "/reactapi/classes/registrations/confirm",
    summary: "A visitor's mailed link: her held place becomes hers (or, when it lapsed, she joins the waiting list)",
    access: "anyone",
    travels: "classes",
    body: ClassTokenRequest,
    invalidates: ["listClasses"],
    answers: { ...ok(ClassRegistered), 404: { description: "No such link.", schema: ApiError } },
  },
  cancelClassRegistration: {
    method: "POST",
    path: "/reactapi/classes/:id/registrations/cancel",
    summary: "A signed-in member gives up her place (the first person waiting gets it, and a mail) or leaves the waiting list",
    access: "member",
    travels: "classes",
    params: ClassIdParams,
    body: z.object({}),
    invalidates: ["listClasses"],
    answers: { ...ok(StudioOutcome), 404: { description: "She is not registered for it.", schema: ApiError } },
  },
  createClass: {
    method: "POST",
    path: "/reactapi/studio/classes",
    summary: "Creates a live class, free (price 0) or paid through Checkout",
    access: "instructor",
    travels: "calendar",
    body: ClassCreate,
    invalidates: ["listClasses", "studioClasses"],
    answers: {
      201: { description: "Created.", schema: Created },
      400: { description: "A bad body.", schema: ApiError },
      409: { description: "A paid class, and payment is not set up on this server.", schema: ApiError },
    },
  },
  cancelClassRegistrationInStudio: {
    method: "POST",
    path: "/reactapi/studio/classes/:id/registrations/:registration/cancel",
    summary: "Cancels one person's place (refunded in full when paid); she is mailed, and the first person waiting gets the place",
    access: "instructor",
    travels: "calendar",
    params: ClassRegistrationParams,
    body: z.object({}),
    invalidates: ["studioClasses", "classRegistrations", "listClasses"],
    answers: {
      ...ok(StudioOutcome),
      404: { description: "No such registration.", schema: ApiError },
      502: { description: "The refund could not be made; nothing changed.", schema: ApiError },
    },
  },
  markClassAttendance: {
    method: "POST",
    path: "/reactapi/studio/classes/:id/registrations/:registration/attendance",
    summary: "Marks whether someone with a place came (from the start of the class)",
    access: "instructor",
    travels: "calendar",
    params: ClassRegistrationParams,
    body: AttendanceRequest,
    invalidates: ["studioClasses", "classRegistrations"],
    answers: {
      ...ok(StudioOutcome),
      404: { description: "No such registration.", schema: ApiError },
      409: { description: "The class has not started, or she had no place.", schema: ApiError },
    },
  },
  sendClassReplay: {
    method: "POST",
    path: "/reactapi/studio/classes/:id/replay",
    summary:
      "Keeps the replay's YouTube or Vimeo link and, the first time, mails it: “Thank you for coming” to those marked there, “Sorry we missed you” to the others",
    access: "instructor",
    travels: "calendar",
    params: ClassIdParams,
    body: ReplayRequest,
    invalidates: ["studioClasses", "listClasses"],
    answers: {
      ...ok(StudioOutcome),
      400: { description: "Not a YouTube or Vimeo link.", schema: ApiError },
      404: { description: "No such class.", schema: ApiError },
      409: { description: "The class has not ended, or was cancelled.", schema: ApiError },
    },
  },
  studioClasses: {
    method: "GET",
    path: "/reactapi/studio/classes",
    summary: "Her classes, newest start first, with places taken and the waiting list's length",
    access: "instructor",
    travels: "calendar",
    answers: ok(StudioClasses),
  },
  cancelClass: {
    method: "POST",
    path: "/reactapi/studio/classes/:id/cancel",
    summary: "Cancels a class: everyone registered, held or waiting is mailed the calendar's cancellation",
    access: "instructor",
    travels: "calendar",
    params: ClassIdParams,
    body: z.object({}),
    invalidates: ["studioClasses", "listClasses", "classRegistrations"],
    answers: {
      ...ok(StudioOutcome),
      404: { description: "No such class, or cancelled already.", schema: ApiError },
      409: { description: "It has started already.", schema: ApiError },
    },
  },
  classRegistrationsCsv: {
    method: "GET",
    path: "/reactapi/studio/classes/:id/registrations.csv",
    summary: "A class's registrations as CSV (RFC 4180; formulas neutralised)",
    access: "instructor",
    travels: "calendar",
    params: ClassIdParams,
    answers: { 200: { description: "class-ID-registrations.csv", contentType: "text/csv" } },
  },
  classRegistrations: {
    method: "GET",
    path: "/reactapi/studio/classes/:id/registrations",
    summary: "A class's registrations, waiting list and cancellations, in the order they came",
    access: "instructor",
    travels: "calendar",
    params: ClassIdParams,
    answers: { ...ok(StudioClassRegistrations), 404: { description: "No such class.", schema: ApiError } },
  },
} satisfies Record<string, Endpoint>;
