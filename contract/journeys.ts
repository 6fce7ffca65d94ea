import { z } from "zod";
import { ApiError } from "./errors.ts";
import { sentence } from "./languages.ts";
import { type Endpoint, ok } from "./endpoint.ts";
import { idInPath } from "./catalogue.ts";
import { StudioOutcome } from "./studio/studio-shared.ts";

// Journeys (docs/journeys.md): steps the doula writes at moments of a pregnancy (28+0, 36+3) or
// days after the birth, each reaching a member once at an hour of her own day.

/** A moment of the pregnancy: completed weeks and days, 40+0 being the due date. */
export const PregnancyMoment = z.strictObject({
  week: z
    .number({ error: "The week is a number from 4 to 42." })
    .int({ error: "The week is a whole number." })
    .min(4, { error: "The week is a number from 4 to 42." })
    .max(42, { error: "The week is a number from 4 to 42." }),
  day: z
    .number({ error: "The day is a number from 0 to 6." })
    .int({ error: "The day is a whole number." })
    .min(0, { error: "The day is a number from 0 to 6." })
    .max(6, { error: "The day is a number from 0 to 6." }),
});

/** A moment after the birth, in days (0: the day she was born). */
export const AfterBirthMoment = z.strictObject({
  after_birth_days: z
    .number({ error: "The days after the birth are a number from 0 to 365." })
    .int({ error: "The days after the birth are a whole number." })
    .min(0, { error: "The days after the birth are a number from 0 to 365." })
    .max(365, { error: "The days after the birth are a number from 0 to 365." }),
});

export const StepMoment = z.union([PregnancyMoment, AfterBirthMoment], {
  error: "Say when the step comes: a week and day of the pregnancy, or days after the birth.",
});
export type StepMoment = z.infer<typeof StepMoment>;

export const journeyChannels = ["app", "mail", "push"] as const;
export const JourneyChannel = z.enum(journeyChannels, { error: "A step reaches her in the app, by mail or by a notification." });

const Hour = z
  .string({ error: "The hour is written as 09:00." })
  .regex(/^([01]\d|2[0-3]):[0-5]\d$/, { error: "The hour is written as 09:00, from 00:00 to 23:59." });

/** A text in each language of the site: English is needed, Spanish reads the English until it is written. */
const InLanguages = (what: { missing: string; max: number; tooLong: string }) =>
  z.strictObject({
    en: z.string({ error: what.missing }).trim().min(1, { error: what.missing }).max(what.max, { error: what.tooLong }),
    es: z.string({ error: what.missing }).trim().max(what.max, { error: what.tooLong }).optional().default(""),
  });

export const JourneyStepInput = z.strictObject({
  at: StepMoment,
  hour: Hour.optional().default("09:00"),
  channels: z
    .array(JourneyChannel, { error: "Choose how the step reaches her." })
    .min(1, { error: "Choose how the step reaches her: in the app, by mail or by a notification." })
    .max(3)
    .refine((channels) => new Set(channels).size === channels.length, { error: "Each channel once, please." }),
  title: InLanguages({
    missing: sentence("Please give the step a title."),
    max: 200,
    tooLong: sentence("A step's title can be at most 200 characters."),
  }),
  text: InLanguages({
    missing: sentence("Please write what the step says."),
    max: 4000,
    tooLong: sentence("A step's text can be at most 4,000 characters."),
  }),
  lesson_id: z.number({ error: "Choose the lesson." }).int().positive({ error: "Choose the lesson." }).nullable().optional(),
  /** The wellbeing check-in, or one of her questionnaires (by its id) with "Would you like your doula to contact you?" at its end. */
  check_in: z
    .union([z.literal("wellbeing"), z.number().int().positive().max(2_147_483_647)], {
      error: 'A step\'s check-in is "wellbeing" or the id of one of your questionnaires.',
    })
    .nullable()
    .optional(),
});
export type JourneyStepInput = z.input<typeof JourneyStepInput>;

/** Who a journey is for: every member with a due date, her birth clients, or the members of one course. */
export const JourneyAudience = z.union(
  [
    z.literal("due_date"),
    z.literal("clients"),
    z.strictObject({ course_id: z.number({ error: "Choose the course." }).int().positive({ error: "Choose the course." }) }),
  ],
  { error: 'Say who the journey is for: "due_date", "clients" or a course.' },
);
export type JourneyAudience = z.infer<typeof JourneyAudience>;

export const JourneySave = z.strictObject({
  name: z
    .string({ error: "Please give the journey a name." })
    .trim()
    .min(1, { error: "Please give the journey a name." })
    .max(120, { error: "A journey's name can be at most 120 characters." }),
  for: JourneyAudience,
  steps: z
    .array(JourneyStepInput, { error: "Send the steps as a list." })
    .min(1, { error: "A journey has at least one step." })
    .max(60, { error: "A journey can have at most 60 steps." }),
});
export type JourneySave = z.input<typeof JourneySave>;

export const JourneyStep = z.object({
  id: z.number(),
  at: StepMoment,
  hour: z.string(),
  channels: z.array(JourneyChannel),
  title: z.object({ en: z.string(), es: z.string() }),
  text: z.object({ en: z.string(), es: z.string() }),
  lesson_id: z.number().nullable(),
  check_in: z.union([z.literal("wellbeing"), z.number()]).nullable(),
});

export const StudioJourney = z.object({
  id: z.number(),
  name: z.string(),
  for: JourneyAudience,
  steps: z.array(JourneyStep),
  created_at: z.string(),
});
export type StudioJourney = z.infer<typeof StudioJourney>;

export const StudioJourneys = z.object({
  journeys: z.array(StudioJourney),
  /** What a journey may name: a course for its audience, a lesson for a step to open. */
  courses: z.array(z.object({ id: z.number(), title: z.string() })),
  lessons: z.array(z.object({ id: z.number(), title: z.string(), course_title: z.string() })),
  /** Her questionnaires (her clients' journey's), any of which a step may send as its check-in. */
  questionnaires: z.array(z.object({ id: z.number(), title: z.string() })),
});

export const JourneyIdParams = z.object({ id: idInPath("That journey does not exist.") });

const Day = z.iso.date({ error: "A date is written as YYYY-MM-DD." });

export const JourneyPreviewQuery = z.object({ due_date: Day });
/** Each step's moment for a sample due date (after-birth steps from a birth on that date), in the practice's zone. */
export const JourneyPreview = z.object({ steps: z.array(z.object({ id: z.number(), at_iso: z.string() })) });
export type JourneyPreview = z.infer<typeof JourneyPreview>;

export const stepStatuses = ["upcoming", "sent", "answered"] as const;

/** Her timeline: what was sent to her and what comes next, in her language. */
export const MyJourney = z.object({
  due_date: z.string().nullable(),
  born_on: z.string().nullable(),
  time_zone: z.string(),
  paused: z.boolean(),
  /** The ways besides the app she lets her steps reach her. */
  channels: z.array(z.enum(["mail", "push"])),
  steps: z.array(
    z.object({
      id: z.number(),
      at: z.string(),
      title: z.string(),
      text: z.string(),
      lesson_id: z.number().nullable(),
      check_in_id: z.union([z.literal("wellbeing"), z.number()]).nullable(),
      status: z.enum(stepStatuses),
    }),
  ),
});
export type MyJourney = z.infer<typeof MyJourney>;

export const JourneySettings = z.strictObject({
  time_zone: z.string({ error: "The time zone is a name such as America/Chicago." }).max(64).optional(),
  paused: z.boolean({ error: "Paused is true or false." }).optional(),
  channels: z
    .array(z.enum(["mail", "push"], { error: 'Her steps reach her in the app, and by "mail" or "push" if she likes.' }), {
      error: "Send the ways as a list.",
    })
    .max(2)
    .optional(),
});

/** "Baby is here": the day she was born, and, if she likes, her name and weight. */
export const BirthRecord = z.strictObject({
  born_on: Day,
  baby_name: z
    .string({ error: "The baby's name is a line of text." })
    .trim()
    .max(80, { error: "Please keep the baby's name to 80 characters." })
    .optional()
    .default(""),
  weight_grams: z
    .number({ error: "The weight is a number of grams." })
    .int({ error: "The weight is a whole number of grams." })
    .min(300, { error: "The weight is a number of grams from 300 to 7,000." })
    .max(7000, { error: "The weight is a number of grams from 300 to 7,000." })
    .nullable()
    .optional(),
  /** Whether to post the news in the community, as her (or her partner) writing it. */
  tell_community: z.boolean({ error: "Say whether to tell the community: true or false." }).optional().default(false),
});
export type BirthRecord = z.input<typeof BirthRecord>;

export const ClientBirthParams = z.object({ id: idInPath("That care record does not exist.") });

export const checkInScales = ["phq2", "gad2", "harm", "contact"] as const;

/** One question of a check-in, in her language; `scale` says what it counts towards (never shown to her as a score). */
/**
 * One question of a check-in, in her language; `scale` says what it counts towards (never shown to
 * her as a score). A question with a scale is answered with its option's `value`; one of her
 * questionnaires' (no scale) as her clients' questionnaires are: text (a date as YYYY-MM-DD), the
 * label chosen, the labels chosen, or true/false.
 */
export const CheckInQuestion = z.object({
  id: z.string(),
  text: z.string(),
  kind: z.enum(["choice", "choices", "text", "long_text", "date", "yes_no"]),
  options: z.array(z.object({ value: z.number(), label: z.string() })),
  scale: z.enum(checkInScales).nullable(),
  optional: z.boolean(),
  /** Health or birth history: answered only with her consent. */
  sensitive: z.boolean(),
});
export type CheckInQuestion = z.infer<typeof CheckInQuestion>;

export const MyJourneyStep = z.object({
  id: z.number(),
  at: z.string(),
  title: z.string(),
  text: z.string(),
  lesson_id: z.number().nullable(),
  /** The lesson it opens, with its course (a lesson's address names both). */
  lesson: z.object({ id: z.number(), course_id: z.number(), title: z.string() }).nullable(),
  status: z.enum(stepStatuses),
  check_in: z.object({ intro: z.string(), questions: z.array(CheckInQuestion) }).nullable(),
});
export type MyJourneyStep = z.infer<typeof MyJourneyStep>;

export const StepIdParams = z.object({ id: idInPath("That step does not exist.") });

export const CheckInAnswers = z.strictObject({
  consent: z.boolean({ error: "Say whether you agree to your doula keeping your answers." }).optional(),
  answers: z.record(
    z.string().max(40),
    z.union(
      [
        z.number().int().min(0).max(3),
        z.string().max(20_000, { error: "Please keep an answer under 20,000 characters." }),
        z.array(z.string().max(200)).max(30),
        z.boolean(),
      ],
      { error: "Each answer is one of the choices, a text, the choices taken, or yes or no." },
    ),
    { error: "Send the answers by question." },
  ),
});
export type CheckInAnswers = z.input<typeof CheckInAnswers>;

/** A line to call when she is not safe or needs to talk now, as the doula set them (a US default until then). */
export const CrisisLine = z.object({ name: z.string(), phone: z.string(), note: z.string() });
export type CrisisLine = z.infer<typeof CrisisLine>;

/** The lines the doula sets for where her clients live; none brings back the US default. */
export const CrisisLinesSave = z.strictObject({
  lines: z
    .array(
      z.strictObject({
        name: z
          .string({ error: "Please name the line." })
          .trim()
          .min(1, { error: "Please name the line." })
          .max(100, { error: "A line's name can be at most 100 characters." }),
        phone: z
          .string({ error: "Please give the number to call or text." })
          .trim()
          .min(1, { error: "Please give the number to call or text." })
          .max(40, { error: "That number is too long." })
          .regex(/^[+0-9 ().-]+$/, { error: "A number has digits, spaces, +, ( ) and - only." }),
        note: z
          .string({ error: "The note is a line of text." })
          .trim()
          .max(200, { error: "Please keep the note to 200 characters." })
          .optional()
          .default(""),
      }),
      { error: "Send the lines as a list." },
    )
    .max(6, { error: "At most six lines, please: a mother in crisis reads few." }),
});
export const CrisisLines = z.object({ lines: z.array(CrisisLine), is_default: z.boolean() });

/** What she sees once she has answered: whether her doula will reach out, and the lines to call now. */
export const CheckInAnswered = z.object({
  message: z.string(),
  doula_will_reach_out: z.boolean(),
  crisis_lines: z.array(CrisisLine),
});
export type CheckInAnswered = z.infer<typeof CheckInAnswered>;

export const contactReasons = ["asked", "score", "harm"] as const;

export const ContactRequest = z.object({
  id: z.number(),
  member_id: z.number(),
  name: z.string(),
  at: z.string(),
  reason: z.enum(contactReasons),
  seen_by: z.string().nullable(),
  seen_at: z.string().nullable(),
});
export type ContactRequest = z.infer<typeof ContactRequest>;
export const ContactRequests = z.array(ContactRequest);

export const ContactRequestParams = z.object({ id: idInPath("That request does not exist.") });

export const MemberJourneyParams = z.object({ id: idInPath("That member does not exist.") });

/** What the doula reads of one member's journeys: the steps sent her and when, and her check-ins' answers, question by question. */
export const StudioMemberJourney = z.object({
  member_id: z.number(),
  name: z.string(),
  due_date: z.string().nullable(),
  born_on: z.string().nullable(),
  steps_sent: z.array(z.object({ step_id: z.number(), title: z.string(), due_at: z.string(), sent_at: z.string() })),
  check_ins: z.array(
    z.object({
      step_id: z.number(),
      title: z.string(),
      answered_at: z.string(),
      answers: z.array(z.object({ question: z.string(), answer: z.string() })),
    }),
  ),
  contact_requests: z.array(ContactRequest),
});
export type StudioMemberJourney = z.infer<typeof StudioMemberJourney>;

const notFound = (description: string) => ({ 404: { description, schema: ApiError } });

/** What this capability tells devices (docs/push.md): a step of her journey (to her), a member asking for a call (to her doula). */
export const journeysPushKinds = ["journeys"] as const;

/** This capability's entries of the endpoint table (contract/api.ts composes every part). */
export const journeysEndpoints = {
  studioJourneys: {
    method: "GET",
    path: "/reactapi/studio/journeys",
    summary: "Her journeys, with their steps",
    access: "instructor",
    travels: "journeys-studio",
    answers: ok(StudioJourneys),
  },
  createJourney: {
    method: "POST",
    path: "/reactapi/studio/journeys",
    summary: "Writes a new journey: its name, who it is for, its steps",
    access: "instructor",
    travels: "journeys-studio",
    body: JourneySave,
    invalidates: ["studioJourneys"],
    answers: {
      201: { description: "Saved.", schema: z.object({ id: z.number(), message: z.string() }) },
      404: { description: "A course or lesson it names does not exist.", schema: ApiError },
    },
  },
  saveJourney: {
    method: "POST",
    path: "/reactapi/studio/journeys/:id",
    summary: "Saves a journey as a whole; steps already sent to someone stay sent",
    access: "instructor",
    travels: "journeys-studio",
    params: JourneyIdParams,
    body: JourneySave,
    invalidates: ["studioJourneys"],
    answers: { ...ok(StudioOutcome), ...notFound("No such journey, or a course or lesson it names does not exist.") },
  },
  deleteJourney: {
    method: "POST",
    path: "/reactapi/studio/journeys/:id/delete",
    summary: "Deletes a journey: no more of its steps are sent",
    access: "instructor",
    travels: "journeys-studio",
    params: JourneyIdParams,
    invalidates: ["studioJourneys"],
    answers: { ...ok(StudioOutcome), ...notFound("No such journey.") },
  },
  previewJourney: {
    method: "GET",
    path: "/reactapi/studio/journeys/:id/preview",
    summary: "The moment each step would reach a member due on a sample date",
    access: "instructor",
    travels: "journeys-studio",
    params: JourneyIdParams,
    query: JourneyPreviewQuery,
    answers: { ...ok(JourneyPreview), ...notFound("No such journey.") },
  },
  myJourney: {
    method: "GET",
    path: "/reactapi/journey",
    summary: "Her timeline: the steps sent to her and those to come, in her language",
    access: "member",
    // In every page's table: her home's "This week" card reads it.
    answers: ok(MyJourney),
  },
  saveJourneySettings: {
    method: "POST",
    path: "/reactapi/journey/settings",
    summary: "Her time zone (steps come at their hour of her day) and whether her journeys are paused",
    access: "member",
    travels: "journeys",
    body: JourneySettings,
    invalidates: ["myJourney"],
    answers: ok(StudioOutcome),
  },
  recordBirth: {
    method: "POST",
    path: "/reactapi/account/birth",
    summary:
      "Baby is here: records the birth (hers, or on her partner's account hers), turns her journeys to after the birth, closes her labour line and tells her doula",
    access: "member",
    travels: "journeys",
    body: BirthRecord,
    invalidates: ["myJourney", "myAccount", "me", "progressSummary"],
    answers: {
      ...ok(StudioOutcome),
      400: { description: "A birth date in the future, or more than a year ago.", schema: ApiError },
      404: { description: "A partner's account with no one linked to it.", schema: ApiError },
    },
  },
  recordClientBirth: {
    method: "POST",
    path: "/reactapi/studio/care/clients/:id/birth",
    summary: "Records the birth of a birth client's baby, as she would herself",
    access: "instructor",
    travels: "journeys-studio",
    params: ClientBirthParams,
    body: BirthRecord,
    answers: { ...ok(StudioOutcome), ...notFound("No such client, or one without an account.") },
  },
  myJourneyStep: {
    method: "GET",
    path: "/reactapi/journey/steps/:id",
    summary: "One step sent to her, in her language, with its check-in's questions",
    access: "member",
    travels: "journeys",
    params: StepIdParams,
    answers: { ...ok(MyJourneyStep), ...notFound("Not a step sent to her.") },
  },
  answerCheckIn: {
    method: "POST",
    path: "/reactapi/journey/steps/:id/check-in",
    summary: "Her answers to a step's check-in; her doula is told at once when she asks to be contacted or her answers call for it",
    access: "mother",
    partnerRefusal: sentence("A check-in is hers to answer, from her own account."),
    travels: "journeys",
    params: StepIdParams,
    body: CheckInAnswers,
    invalidates: ["myJourney", "myJourneyStep"],
    answers: {
      ...ok(CheckInAnswered),
      ...notFound("Not a step sent to her, or one without a check-in."),
      409: { description: "She has answered this check-in already.", schema: ApiError },
    },
  },
  contactRequests: {
    method: "GET",
    path: "/reactapi/studio/journeys/contact-requests",
    summary: "The members who asked to be contacted, or whose check-in called for it, newest first",
    access: "instructor",
    travels: "journeys-studio",
    answers: ok(ContactRequests),
  },
  studioMemberJourney: {
    method: "GET",
    path: "/reactapi/studio/journeys/members/:id",
    summary: "One member's journeys as her doula reads them: the steps sent and when, her check-ins' answers, her requests",
    access: "instructor",
    travels: "journeys-studio",
    params: MemberJourneyParams,
    answers: { ...ok(StudioMemberJourney), ...notFound("No such member.") },
  },
  studioCrisisLines: {
    method: "GET",
    path: "/reactapi/studio/journeys/crisis-lines",
    summary: "The lines a check-in's page gives her to call now, as the doula set them (the US default until she does)",
    access: "instructor",
    travels: "journeys-studio",
    answers: ok(CrisisLines),
  },
  saveCrisisLines: {
    method: "POST",
    path: "/reactapi/studio/journeys/crisis-lines",
    summary: "Sets the lines to call for where her clients live; an empty list brings back the US default",
    access: "instructor",
    travels: "journeys-studio",
    body: CrisisLinesSave,
    invalidates: ["studioCrisisLines"],
    answers: ok(StudioOutcome),
  },
  markContactRequestSeen: {
    method: "POST",
    path: "/reactapi/studio/journeys/contact-requests/:id/seen",
    summary: "I've called her: marks a contact request seen, by whom and when",
    access: "instructor",
    travels: "journeys-studio",
    params: ContactRequestParams,
    invalidates: ["contactRequests", "studioMemberJourney"],
    answers: { ...ok(StudioOutcome), ...notFound("No such request.") },
  },
} as const satisfies Record<string, Endpoint>;
