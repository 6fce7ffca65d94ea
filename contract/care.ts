import { z } from "zod";
import { ApiError } from "./errors.ts";
import { type Endpoint, ok } from "./endpoint.ts";

declare module "./endpoint.ts" {
  interface AccessLevels {
    /** Her client: a member with a care record of her own (her birth clients' space); anyone else gets 403. */
    client: true;
  }
}
import { isCalendarDate } from "./forms.ts";
import { idInPath, PlanTier } from "./catalogue.ts";
import { PlanInput } from "./studio/plans.ts";
import { sentence } from "./languages.ts";
import { Email, OptionalName, registrationPass } from "./sign-in.ts";
import { CurrencyCode, StudioOutcome, WholeNumber } from "./studio/studio-shared.ts";

// Her birth clients' journey (docs/care.md): the doula's packages, a care record per pregnancy, the
// agreement signed online, its payment schedule and the notes of her visits.

const CalendarDate = z
  .string({ error: "Please enter the date as YYYY-MM-DD." })
  .regex(/^\d{4}-\d{2}-\d{2}$/, { error: "Please enter the date as YYYY-MM-DD." })
  .refine(isCalendarDate, { error: "That date does not exist." });

export { agreementFields } from "./care-fields.ts";

export const PackageRequest = z
  .object({
    name: z
      .string({ error: "Please name the package." })
      .trim()
      .min(1, { error: "Please name the package." })
      .max(120, { error: "Please keep the name under 120 characters." }),
    description: z.string().trim().max(2000, { error: "Please keep the description under 2000 characters." }).default(""),
    fee: WholeNumber(sentence("the fee (in cents)"), 0, 100_000_000),
    currency: CurrencyCode.default("USD"),
    deposit: WholeNumber(sentence("the deposit (in cents)"), 0, 100_000_000).default(0),
    /** How the rest after the deposit is paid: 1 is in one go. */
    instalments: WholeNumber(sentence("the number of instalments"), 1, 24).default(1),
    instalment_every_weeks: WholeNumber(sentence("the weeks between instalments"), 1, 12).default(4),
    /** The week of pregnancy by which the last instalment is due. */
    last_due_week: WholeNumber(sentence("the week the last instalment is due"), 4, 42).default(36),
    prenatal_visits: WholeNumber(sentence("the prenatal visits"), 0, 50).default(2),
    postpartum_visits: WholeNumber(sentence("the postpartum visits"), 0, 50).default(1),
    on_call_from_week: WholeNumber(sentence("the week her on-call window opens"), 20, 44).default(38),
    on_call_until_week: WholeNumber(sentence("the week her on-call window closes"), 20, 44).default(42),
    /** Its text, with fields written {{client_name}}; empty starts from the default agreement. */
    agreement: z.string({ error: "The agreement is text." }).max(100_000, { error: "The agreement is too long to save." }).default(""),
    retired: z.boolean({ error: "Say whether the package is retired." }).default(false),
    /** Pay what you can (docs/gifts.md): none, or two to five fees she chooses from before she signs; left out, a save keeps them. */
    tiers: PlanInput.shape.tiers,
  })
  .refine((input) => input.deposit <= input.fee, { error: "The deposit cannot be more than the fee.", path: ["deposit"] })
  .refine((input) => (input.tiers ?? []).every((tier) => input.deposit <= tier.price), {
    error: "The deposit cannot be more than the lowest tier's fee.",
    path: ["tiers"],
  })
  .refine((input) => input.on_call_from_week <= input.on_call_until_week, {
    error: "The on-call window must open before it closes.",
    path: ["on_call_until_week"],
  });
export type PackageRequest = z.input<typeof PackageRequest>;

export const CarePackage = z.object({
  id: z.number(),
  name: z.string(),
  description: z.string(),
  fee: z.number(),
  currency: z.string(),
  deposit: z.number(),
  instalments: z.number(),
  instalment_every_weeks: z.number(),
  last_due_week: z.number(),
  prenatal_visits: z.number(),
  postpartum_visits: z.number(),
  on_call_from_week: z.number(),
  on_call_until_week: z.number(),
  agreement: z.string(),
  retired: z.boolean(),
  clients: z.number(),
  tiers: z.array(PlanTier),
});
export type CarePackage = z.infer<typeof CarePackage>;

export const PackageIdParams = z.object({ id: idInPath(sentence("That package does not exist.")) });
export const ClientIdParams = z.object({ id: idInPath(sentence("That client does not exist.")) });
export const CareIdParams = z.object({ id: idInPath(sentence("That care record does not exist.")) });
export const PaymentParams = z.object({
  id: idInPath(sentence("That client does not exist.")),
  paymentId: idInPath(sentence("That payment does not exist.")),
});

export const UnappliedParams = z.object({
  id: idInPath(sentence("That client does not exist.")),
  checkoutId: idInPath(sentence("That payment does not exist.")),
});

export const NewClientRequest = z.object({
  email: Email,
  first_name: OptionalName,
  last_name: OptionalName,
  due_date: CalendarDate,
  package_id: z
    .number({ error: "Please choose a package." })
    .int({ error: "Please choose a package." })
    .min(1, { error: "Please choose a package." })
    .max(2_147_483_647, { error: "Please choose a package." }),
  /** A late client's instalments spread evenly to this day (after today), instead of all due at once. */
  spread_until: CalendarDate.optional(),
});
export type NewClientRequest = z.input<typeof NewClientRequest>;

/** Her schedule before she is added: what she would pay and when, for the doula to see a late client's. */
export const SchedulePreviewRequest = NewClientRequest.pick({ due_date: true, package_id: true, spread_until: true });
export type SchedulePreviewRequest = z.input<typeof SchedulePreviewRequest>;
export const SchedulePreview = z.object({
  /** Her practice's day today: a payment due on it is due at once. */
  today: z.string(),
  currency: z.string(),
  payments: z.array(z.object({ kind: z.enum(["deposit", "instalment"]), amount: z.number(), due_on: z.string() })),
});
export type SchedulePreview = z.infer<typeof SchedulePreview>;

export const careStages = ["invited", "signed", "deposit_paid", "active", "on_call", "birth", "postpartum", "closed"] as const;
export const CareStage = z.enum(careStages);

export const CarePayment = z.object({
  id: z.number(),
  kind: z.enum(["deposit", "instalment"]),
  amount: z.number(),
  currency: z.string(),
  due_on: z.string(),
  paid: z.boolean(),
  paid_at: z.string().nullable(),
  waived: z.boolean(),
  /** Paid through Stripe, then refunded in full. */
  refunded: z.boolean(),
  /** What friends paid of it through her birth registry (docs/gifts.md), in minor units. */
  from_registry: z.number(),
  /** What came in for it and was not refunded: Stripe's charge (less after a code), by hand, her registry's credit. */
  received: z.number(),
  /** The discount codes that lowered what she paid for it. */
  codes: z.array(z.string()),
});

export const questionKinds = ["text", "long_text", "choice", "choices", "date", "yes_no"] as const;

export const Question = z
  .object({
    kind: z.enum(questionKinds, { error: "A question is text, long_text, choice, choices, date or yes_no." }),
    label: z
      .string({ error: "Please write each question." })
      .trim()
      .min(1, { error: "Please write each question." })
      .max(500, { error: "Please keep a question under 500 characters." }),
    options: z
      .array(
        z
          .string()
          .trim()
          .min(1, { error: "An option cannot be empty." })
          .max(200, { error: "Please keep an option under 200 characters." }),
      )
      .max(30, { error: "A question can have at most 30 options." })
      .default([]),
    optional: z.boolean({ error: "Say whether the question is optional." }).default(false),
    /** Health or birth history: she is told she can skip it, and consents before answering. */
    sensitive: z.boolean({ error: "Say whether the question is sensitive." }).default(false),
  })
  .refine((question) => (question.kind === "choice" || question.kind === "choices" ? question.options.length >= 2 : true), {
    error: "A question with choices needs at least two options.",
    path: ["options"],
  });
export type Question = z.output<typeof Question>;

export const QuestionnaireRequest = z.object({
  title: z
    .string({ error: "Please give the questionnaire a title." })
    .trim()
    .min(1, { error: "Please give the questionnaire a title." })
    .max(200, { error: "Please keep the title under 200 characters." }),
  questions: z
    .array(Question, { error: "Please add the questions." })
    .min(1, { error: "Please add at least one question." })
    .max(100, { error: "A questionnaire can have at most 100 questions." }),
});
export type QuestionnaireRequest = z.input<typeof QuestionnaireRequest>;

export const SendQuestionnaireRequest = z.object({
  questionnaire_id: z
    .number({ error: "Please choose a questionnaire." })
    .int({ error: "Please choose a questionnaire." })
    .min(1, { error: "Please choose a questionnaire." })
    .max(2_147_483_647, { error: "Please choose a questionnaire." }),
});

export const QuestionnaireParams = z.object({
  id: idInPath(sentence("That care record does not exist.")),
  questionnaireId: idInPath(sentence("That questionnaire does not exist.")),
});

/** An answer: text (a date as YYYY-MM-DD), the options chosen, or yes/no. */
export const AnswerValue = z.union(
  [z.string().max(20_000, { error: "Please keep an answer under 20,000 characters." }), z.array(z.string().max(200)).max(30), z.boolean()],
  {
    error: "An answer is text, a list of choices, or yes or no.",
  },
);

export const AnswersRequest = z.object({
  /** Her answers by the question's number, from 0: what she has written so far. */
  answers: z.record(z.string().regex(/^\d{1,3}$/, { error: "An answer names its question by number." }), AnswerValue, {
    error: "The answers are a list by question.",
  }),
  revision: z.number({ error: "The revision you opened is missing; please reload." }).int().min(0).max(2_147_483_647),
  /** Her agreement that the doula keeps her sensitive answers to care for her. */
  consent: z.boolean({ error: "Say whether you agree." }).optional(),
  /** She says she is done. */
  done: z.boolean({ error: "Say whether you are done." }).optional(),
});
export type AnswersRequest = z.input<typeof AnswersRequest>;

export const Questionnaire = z.object({
  id: z.number(),
  title: z.string(),
  questions: z.array(
    z.object({
      kind: z.enum(questionKinds),
      label: z.string(),
      options: z.array(z.string()),
      optional: z.boolean(),
      sensitive: z.boolean(),
    }),
  ),
  answers: z.record(z.string(), AnswerValue),
  revision: z.number(),
  consent: z.boolean(),
  done: z.boolean(),
  sent_at: z.string(),
});
export type Questionnaire = z.infer<typeof Questionnaire>;

export const AnswersSaved = z.object({ revision: z.number(), done: z.boolean(), message: z.string() });

const Agreement = z.object({
  text: z.string(),
  sha256: z.string(),
  signed: z.boolean(),
  signed_at: z.string().nullable(),
  signed_name: z.string().nullable(),
  /** Whether she drew her signature too (it is on the PDF's signature record). */
  drawn: z.boolean(),
});

const SharedNote = z.object({ id: z.number(), text: z.string(), written_at: z.string() });

/** A file her doula shares with her (a handout, a list of resources): she downloads it from her space. */
export const CareFile = z.object({
  id: z.number(),
  filename: z.string(),
  content_type: z.string(),
  /** In bytes. */
  size: z.number(),
  shared_at: z.string(),
});
export type CareFile = z.infer<typeof CareFile>;

export const CareFileParams = z.object({
  id: idInPath(sentence("That care record does not exist.")),
  fileId: idInPath(sentence("That file does not exist.")),
});

/** One message of the private thread between a client and her doula. */
export const CareMessage = z.object({ id: z.number(), from_doula: z.boolean(), text: z.string(), written_at: z.string() });
export type CareMessage = z.infer<typeof CareMessage>;

/** A visit: one of her bookings with her doula, from the day the record was made. */
export const CareVisit = z.object({ starts_at: z.string(), ends_at: z.string(), service: z.string(), state: z.string() });

/** Her partner's side (GET /reactapi/care/partner): the on-call window and the visits, nothing of money, notes or answers. */
export const PartnerCareRecord = z.object({
  id: z.number(),
  mother_first_name: z.string().nullable(),
  due_date: z.string(),
  on_call_from: z.string(),
  on_call_until: z.string(),
  doula_name: z.string(),
  visits: z.array(CareVisit),
});
export type PartnerCareRecord = z.infer<typeof PartnerCareRecord>;

/** Her side of a care record (GET /reactapi/care): no private note of the doula's, ever. */
export const CareRecord = z.object({
  id: z.number(),
  package_name: z.string(),
  due_date: z.string(),
  on_call_from: z.string(),
  on_call_until: z.string(),
  stage: CareStage,
  doula_name: z.string(),
  /** Pay what you can: the fees her package offers (none, it has one fee), and the one she chose. */
  tiers: z.array(PlanTier),
  tier: z.string().nullable(),
  /** Her package's currency, in which its fees and tiers are priced. */
  currency: z.string(),
  agreement: Agreement,
  payments: z.array(CarePayment),
  notes: z.array(SharedNote),
  files: z.array(CareFile),
  questionnaires: z.array(z.object({ id: z.number(), title: z.string(), done: z.boolean() })),
  visits: z.array(CareVisit),
  messages: z.array(CareMessage),
});
export type CareRecord = z.infer<typeof CareRecord>;

export const ClientSummary = z.object({
  id: z.number(),
  first_name: z.string().nullable(),
  last_name: z.string().nullable(),
  email: z.string().nullable(),
  package_name: z.string(),
  due_date: z.string(),
  on_call_from: z.string(),
  on_call_until: z.string(),
  stage: CareStage,
  has_account: z.boolean(),
  /** The fee she chose, when her package offers tiers. */
  tier: z.string().nullable(),
  /** What is due and not paid or waived, in the package's currency. */
  owed: z.number(),
  /** What fell due before today and is not paid or waived (what her registry paid of it counts as paid), in `currency`. */
  overdue: z.number(),
  /** Everything left to pay of her care, due or not, in `currency`: her record's payments share its package's currency. */
  balance: z.number(),
  currency: z.string(),
});

export const ClientList = z.object({
  clients: z.array(ClientSummary),
  /** What her clients paid this calendar month (in the zone of her hours), per currency, in cents. */
  takings_this_month: z.array(z.object({ currency: z.string(), amount: z.number() })),
});

export const ClientDetails = ClientSummary.extend({
  agreement: Agreement.extend({ signed_from: z.string().nullable(), signed_with: z.string().nullable() }),
  payments: z.array(CarePayment.extend({ note: z.string(), paid_online: z.boolean() })),
  notes: z.array(SharedNote.extend({ shared: z.boolean(), for_team: z.boolean() })),
  /** The files shared with her (every one is shown in her space). */
  files: z.array(CareFile),
  questionnaires: z.array(Questionnaire),
  messages: z.array(CareMessage),
  /** Her bookings with the doula since the record was made (none before she has an account). */
  visits: z.array(CareVisit),
  /**
   * Her invitation while she has no account yet: until when its link works (30 days from its last
   * sending), for the doula to send it again; null once she has one.
   */
  invitation: z.object({ expires_at: z.string(), expired: z.boolean() }).nullable(),
  /** Her backup doula, one of the team (Studio → Team), and the team to choose from. */
  backup: z.object({ id: z.number(), name: z.string() }).nullable(),
  team: z.array(z.object({ id: z.number(), name: z.string() })),
  /**
   * Checkouts she paid for a payment that was settled meanwhile (another tab's, her registry's
   * credit, paid by hand): kept, not lost, for the doula to refund (docs/care.md, Paying online).
   */
  unapplied: z.array(
    z.object({
      id: z.number(),
      payment_id: z.number(),
      amount: z.number(),
      currency: z.string(),
      paid_at: z.string(),
      refunded: z.boolean(),
    }),
  ),
});

export const BackupRequest = z.object({
  user_id: z
    .number({ error: "Choose a doula of your team, or none." })
    .int({ error: "Choose a doula of your team, or none." })
    .min(1, { error: "Choose a doula of your team, or none." })
    .max(2_147_483_647, { error: "Choose a doula of your team, or none." })
    .nullable(),
});
export type ClientDetails = z.infer<typeof ClientDetails>;

export const NoteRequest = z.object({
  text: z
    .string({ error: "Please write the note." })
    .trim()
    .min(1, { error: "Please write the note." })
    .max(20_000, { error: "Please keep a note under 20,000 characters." }),
  shared: z.boolean({ error: "Say whether she sees this note." }).default(false),
  /** Her backup doula reads it too (a note shared with her is shared with the team already). */
  for_team: z.boolean({ error: "Say whether her backup doula reads this note." }).default(false),
});

export const MessageRequest = z.object({
  text: z
    .string({ error: "Please write your message." })
    .trim()
    .min(1, { error: "Please write your message." })
    .max(5000, { error: "Please keep a message under 5,000 characters." }),
});

/** Her due date and on-call window as the doula corrects them (a scan moved the date; she is on call longer). */
export const DatesRequest = z
  .object({ due_date: CalendarDate, on_call_from: CalendarDate, on_call_until: CalendarDate })
  .refine((dates) => dates.on_call_from <= dates.on_call_until, {
    error: "The on-call window must open before it closes.",
    path: ["on_call_until"],
  });

/** The stages only the doula knows of: the birth, the weeks after, the end of her care. */
export const StageRequest = z.object({
  stage: z.enum(["active", "birth", "postpartum", "closed"], { error: "Choose active, birth, postpartum or closed." }),
});

/**
 * One client's payments as the doula changes them (docs/care.md, Changing one client's schedule):
 * each payment not yet paid, waived or credited, with its new day and amount (in minor units).
 */
export const ScheduleChange = z.object({
  payments: z
    .array(
      z.object({
        id: z.number({ error: "Say which payment." }).int().min(1),
        due_on: CalendarDate,
        amount: WholeNumber(sentence("the amount"), 100, 100_000_000),
      }),
      { error: "Send her payments as a list." },
    )
    .min(1, { error: "Change at least one payment." })
    .max(24, { error: "A schedule has at most 24 payments." }),
});
export type ScheduleChange = z.input<typeof ScheduleChange>;

export const PaidRequest = z.object({
  note: z.string().trim().max(500, { error: "Please keep the note under 500 characters." }).default(""),
  waived: z.boolean({ error: "Say whether the payment is waived." }).default(false),
});

export const SignRequest = z.object({
  full_name: z
    .string({ error: "Please type your full name to sign." })
    .trim()
    .min(2, { error: "Please type your full name to sign." })
    .max(200, { error: "Please keep your name under 200 characters." }),
  agree: z.literal(true, { error: "Please tick that you have read and agree." }),
  /** Optionally, her signature drawn with a finger or a mouse: a PNG, as the browser's canvas writes it. */
  drawn_signature: z
    .string({ error: "The drawn signature is not a picture we can keep; please draw it again or leave it out." })
    .max(400_000, { error: "The drawn signature is too large to keep; please clear it and draw it again." })
    .regex(/^data:image\/png;base64,[A-Za-z0-9+/]+={0,2}$/, {
      error: "The drawn signature is not a picture we can keep; please draw it again or leave it out.",
    })
    .optional(),
});
export type SignRequest = z.input<typeof SignRequest>;

export const TierRequest = z.object({
  tier: z
    .string({ error: "Please choose what you pay." })
    .trim()
    .min(1, { error: "Please choose what you pay." })
    .max(40, { error: "Please choose what you pay." }),
});

const Created = z.object({ id: z.number(), message: z.string() });
const notFound = (what: string) => ({ 404: { description: what, schema: ApiError } });

/** This capability's entries of the endpoint table (contract/api.ts composes every part). */
/** The doula's link to her client space stands for the access code when she registers (contract/api.ts composes the passes). */
export const careRegistrationPass = { care_invitation: registrationPass(sentence("That link to your client space is not complete.")) };

export const careEndpoints = {
  carePackages: {
    method: "GET",
    path: "/reactapi/studio/care/packages",
    summary: "Her packages, each with its agreement and how many clients have it",
    access: "instructor",
    travels: "care-studio",
    answers: ok(z.object({ packages: z.array(CarePackage) })),
  },
  createCarePackage: {
    method: "POST",
    path: "/reactapi/studio/care/packages",
    summary: "A new package; an empty agreement starts from the default one",
    access: "instructor",
    travels: "care-studio",
    body: PackageRequest,
    invalidates: ["carePackages"],
    answers: { 201: { description: "Created.", schema: Created } },
  },
  saveCarePackage: {
    method: "POST",
    path: "/reactapi/studio/care/packages/:id",
    summary: "Saves a package: later agreements follow it, signed or sent ones do not",
    access: "instructor",
    travels: "care-studio",
    params: PackageIdParams,
    body: PackageRequest,
    invalidates: ["carePackages"],
    answers: { ...ok(StudioOutcome), ...notFound("No such package.") },
  },
  careClients: {
    method: "GET",
    path: "/reactapi/studio/care/clients",
    summary: "Her clients: where each is, her on-call window and what she owes",
    access: "instructor",
    travels: "care-studio",
    answers: ok(ClientList),
  },
  careSchedulePreview: {
    method: "POST",
    path: "/reactapi/studio/care/schedule",
    summary: "The payment schedule a client would have with this package and due date (spread or not), before she is added",
    access: "instructor",
    travels: "care-studio",
    body: SchedulePreviewRequest,
    answers: { ...ok(SchedulePreview), ...notFound("No such package, or it is retired.") },
  },
  addCareClient: {
    method: "POST",
    path: "/reactapi/studio/care/clients",
    summary: "Adds a client with her due date and a package: a care record, her agreement and schedule, and a mail with her link",
    access: "instructor",
    travels: "care-studio",
    body: NewClientRequest,
    invalidates: ["careClients", "carePackages"],
    answers: { 201: { description: "Added, and mailed.", schema: Created }, ...notFound("No such package, or it is retired.") },
  },
  careClient: {
    method: "GET",
    path: "/reactapi/studio/care/clients/:id",
    summary: "One client's record: the agreement and its signature record, the schedule, every note",
    access: "instructor",
    travels: "care-studio",
    params: ClientIdParams,
    answers: { ...ok(ClientDetails), ...notFound("No such client.") },
  },
  addCareNote: {
    method: "POST",
    path: "/reactapi/studio/care/clients/:id/notes",
    summary: "A dated note: private (hers alone, or read by the client's backup doula too) or shared (shown in the client's space)",
    access: "instructor",
    travels: "care-studio",
    params: ClientIdParams,
    body: NoteRequest,
    invalidates: ["careClient"],
    answers: { 201: { description: "Saved.", schema: Created }, ...notFound("No such client.") },
  },
  shareCareFile: {
    method: "POST",
    path: "/reactapi/studio/care/clients/:id/files",
    summary:
      "Shares a file with a client (PDF, a picture, audio, text or Word; its kind judged from its content; at most 10 MB): she downloads it from her space. The request must carry the page's Origin",
    access: "instructor",
    travels: "care-studio",
    params: ClientIdParams,
    upload: true,
    invalidates: ["careClient"],
    answers: {
      201: { description: "Shared.", schema: z.object({ file: CareFile, message: z.string() }) },
      400: { description: "No file, an empty one, or a damaged upload.", schema: ApiError },
      ...notFound("No such client."),
      413: { description: "Larger than 10 MB; nothing kept.", schema: ApiError },
      415: { description: "Not a kind of file she can be given; nothing kept.", schema: ApiError },
    },
  },
  careClientFile: {
    method: "GET",
    path: "/reactapi/studio/care/clients/:id/files/:fileId",
    summary: "A file shared with a client, as she downloads it",
    access: "instructor",
    travels: "care-studio",
    params: CareFileParams,
    answers: { 200: { description: "The file.", contentType: "application/octet-stream" }, ...notFound("No such file of hers.") },
  },
  unshareCareFile: {
    method: "POST",
    path: "/reactapi/studio/care/clients/:id/files/:fileId/delete",
    summary: "Takes a shared file out of her space (deleted; nothing else changes)",
    access: "instructor",
    travels: "care-studio",
    params: CareFileParams,
    invalidates: ["careClient"],
    answers: { ...ok(StudioOutcome), ...notFound("No such file of hers.") },
  },
  changeCarePayments: {
    method: "POST",
    path: "/reactapi/studio/care/clients/:id/payments",
    summary:
      "Changes the days and amounts of a client's payments not yet paid: before she signs, her agreement is made again with them; after, the new schedule is hers and the doula's",
    access: "instructor",
    travels: "care-studio",
    params: ClientIdParams,
    body: ScheduleChange,
    invalidates: ["careClient", "careClients"],
    answers: {
      ...ok(StudioOutcome),
      ...notFound("No such client or payment."),
      409: { description: "A payment was paid, waived or credited meanwhile.", schema: ApiError },
    },
  },
  markCarePaymentPaid: {
    method: "POST",
    path: "/reactapi/studio/care/clients/:id/payments/:paymentId/paid",
    summary: "Marks a payment paid by hand (cash, a transfer), or waived, with a note",
    access: "instructor",
    travels: "care-studio",
    params: PaymentParams,
    body: PaidRequest,
    invalidates: ["careClient", "careClients"],
    answers: {
      ...ok(StudioOutcome),
      ...notFound("No such client or payment."),
      409: { description: "It is paid or waived already.", schema: ApiError },
    },
  },
  setCareStage: {
    method: "POST",
    path: "/reactapi/studio/care/clients/:id/stage",
    summary: "Sets where a client is when only the doula knows it: the birth, postpartum, closed",
    access: "instructor",
    travels: "care-studio",
    params: ClientIdParams,
    body: StageRequest,
    invalidates: ["careClient", "careClients"],
    answers: { ...ok(StudioOutcome), ...notFound("No such client.") },
  },
  saveCareDates: {
    method: "POST",
    path: "/reactapi/studio/care/clients/:id/dates",
    summary: "Corrects her due date and on-call window; her signed agreement and schedule stay as they were",
    access: "instructor",
    travels: "care-studio",
    params: ClientIdParams,
    body: DatesRequest,
    invalidates: ["careClient", "careClients"],
    answers: { ...ok(StudioOutcome), ...notFound("No such client.") },
  },
  writeToCareClient: {
    method: "POST",
    path: "/reactapi/studio/care/clients/:id/messages",
    summary: "A message to the client, in her private thread; she is mailed at most once an hour",
    access: "instructor",
    travels: "care-studio",
    params: ClientIdParams,
    body: MessageRequest,
    invalidates: ["careClient"],
    answers: { 201: { description: "Sent.", schema: Created }, ...notFound("No such client.") },
  },
  resendCareInvitation: {
    method: "POST",
    path: "/reactapi/studio/care/clients/:id/invitation",
    summary: "Mails her invitation again with a new link, valid 30 days from now (the one mailed before stops working)",
    access: "instructor",
    travels: "care-studio",
    params: ClientIdParams,
    invalidates: ["careClient"],
    answers: {
      ...ok(StudioOutcome, "Mailed again."),
      ...notFound("No such client."),
      409: { description: "She has an account already: her space opens when she signs in.", schema: ApiError },
    },
  },
  setCareBackup: {
    method: "POST",
    path: "/reactapi/studio/care/clients/:id/backup",
    summary: "Her backup doula (a team doula), or none: told of her labour when the doula is off call or does not answer",
    access: "instructor",
    travels: "care-studio",
    params: ClientIdParams,
    body: BackupRequest,
    invalidates: ["careClient"],
    answers: { ...ok(StudioOutcome), ...notFound("No such client."), 409: { description: "Not a doula of her team.", schema: ApiError } },
  },
  refundCarePayment: {
    method: "POST",
    path: "/reactapi/studio/care/clients/:id/payments/:paymentId/refund",
    summary: "Refunds in full, through Stripe, a payment she made online",
    access: "instructor",
    travels: "care-studio",
    params: PaymentParams,
    invalidates: ["careClient", "careClients"],
    answers: {
      ...ok(StudioOutcome),
      ...notFound("No such client or payment, or online payment is not set up."),
      409: { description: "Refunded already, or not paid through Stripe.", schema: ApiError },
      502: { description: "Stripe did not make the refund; nothing changed.", schema: ApiError },
    },
  },
  refundUnappliedCarePayment: {
    method: "POST",
    path: "/reactapi/studio/care/clients/:id/unapplied/:checkoutId/refund",
    summary: "Refunds in full, through Stripe, a Checkout she paid for a payment that was settled already",
    access: "instructor",
    travels: "care-studio",
    params: UnappliedParams,
    invalidates: ["careClient", "careClients"],
    answers: {
      ...ok(StudioOutcome),
      ...notFound("No such client or payment, or online payment is not set up."),
      409: { description: "Refunded already.", schema: ApiError },
      502: { description: "Stripe did not make the refund; nothing changed.", schema: ApiError },
    },
  },
  careQuestionnaires: {
    method: "GET",
    path: "/reactapi/studio/care/questionnaires",
    summary: "Her questionnaires (intake, postpartum)",
    access: "instructor",
    travels: "care-studio",
    answers: ok(z.object({ questionnaires: z.array(z.object({ id: z.number(), title: z.string(), questions: z.number() })) })),
  },
  createCareQuestionnaire: {
    method: "POST",
    path: "/reactapi/studio/care/questionnaires",
    summary:
      "A new questionnaire: short text, long text, one choice, several choices, date, yes/no; optional and sensitive questions marked",
    access: "instructor",
    travels: "care-studio",
    body: QuestionnaireRequest,
    invalidates: ["careQuestionnaires"],
    answers: { 201: { description: "Created.", schema: Created } },
  },
  sendCareQuestionnaire: {
    method: "POST",
    path: "/reactapi/studio/care/clients/:id/questionnaires",
    summary: "Sends a questionnaire to a client: its questions as they are now, for her to fill in her space",
    access: "instructor",
    travels: "care-studio",
    params: ClientIdParams,
    body: SendQuestionnaireRequest,
    invalidates: ["careClient"],
    answers: {
      201: { description: "Sent.", schema: Created },
      ...notFound("No such client or questionnaire."),
      409: { description: "Sent to her already.", schema: ApiError },
    },
  },
  myCareQuestionnaire: {
    method: "GET",
    path: "/reactapi/care/:id/questionnaires/:questionnaireId",
    summary: "A questionnaire sent to her, with what she has answered so far and its revision",
    access: "client",
    travels: "care",
    params: QuestionnaireParams,
    answers: { ...ok(Questionnaire), ...notFound("Not sent to her.") },
  },
  saveCareAnswers: {
    method: "POST",
    path: "/reactapi/care/:id/questionnaires/:questionnaireId",
    summary: "Saves her answers as she goes (with the revision she read), her consent before a sensitive answer, and when she is done",
    access: "client",
    travels: "care",
    params: QuestionnaireParams,
    body: AnswersRequest,
    invalidates: ["myCareQuestionnaire", "myCare"],
    answers: {
      ...ok(AnswersSaved),
      ...notFound("Not sent to her."),
      409: { description: "Changed elsewhere since she read it, or done already.", schema: ApiError },
    },
  },
  myCare: {
    method: "GET",
    path: "/reactapi/care",
    summary: "Her care records: the agreement, her on-call window, the payments and the notes her doula shares; whether she can pay online",
    access: "member",
    answers: ok(
      z.object({
        records: z.array(CareRecord),
        /** Who she is, as About shows her: her name, her photo (contract/pictures.ts) and the address that reaches her. */
        doula: z.object({ name: z.string(), photo: z.string().nullable(), email: z.string() }),
        pay_online: z.boolean(),
        /** On a partner's account: what the mother he is linked to shares of her care (as partnerCare answers). */
        partner_of: z.array(PartnerCareRecord),
      }),
    ),
  },
  partnerCare: {
    method: "GET",
    path: "/reactapi/care/partner",
    summary: "For her partner: her on-call windows and visits, nothing of money, notes or answers",
    access: "member",
    travels: "care",
    answers: ok(z.object({ records: z.array(PartnerCareRecord) })),
  },
  payCarePayment: {
    method: "POST",
    path: "/reactapi/care/:id/payments/:paymentId/checkout",
    summary: "Starts a Stripe Checkout for one of her payments, once her agreement is signed; a code the doula gave out comes off it",
    access: "client",
    travels: "care",
    params: PaymentParams,
    body: z
      .object({
        code: z.string({ error: "Type the code." }).max(64, { error: "A code is 3 to 32 letters, digits or dashes." }).optional(),
        /** A package has one price: any tier is refused. */
        tier: z.union([z.string().max(100), z.number().int()]).optional(),
      })
      .optional(),
    answers: {
      ...ok(z.object({ url: z.string() })),
      ...notFound("Not one of her payments, or online payment is not set up."),
      400: { description: "A code refused (the sentence says why), or a tier.", schema: ApiError },
      409: { description: "Paid or waived already, or her agreement is not signed yet.", schema: ApiError },
      502: { description: "Stripe did not answer.", schema: ApiError },
    },
  },
  myCareRecord: {
    method: "GET",
    path: "/reactapi/care/:id",
    summary: "One of her care records",
    access: "client",
    travels: "care",
    params: CareIdParams,
    answers: { ...ok(CareRecord), ...notFound("Not one of her records.") },
  },
  chooseCareTier: {
    method: "POST",
    path: "/reactapi/care/:id/tier",
    summary:
      "Pay what you can: she chooses her fee among her package's tiers before she signs; her agreement and schedule are made again from it",
    access: "client",
    travels: "care",
    params: CareIdParams,
    body: TierRequest,
    invalidates: ["myCare", "myCareRecord"],
    answers: {
      ...ok(StudioOutcome),
      ...notFound("Not one of her records."),
      400: { description: "Not one of her package's fees.", schema: ApiError },
      409: { description: "Signed already, or a payment was made towards it.", schema: ApiError },
    },
  },
  signCareAgreement: {
    method: "POST",
    path: "/reactapi/care/:id/sign",
    summary: "Signs her agreement: her typed full name and her agreement; what was signed, when and from where is kept",
    access: "client",
    travels: "care",
    params: CareIdParams,
    body: SignRequest,
    invalidates: ["myCare", "myCareRecord"],
    answers: {
      ...ok(StudioOutcome),
      ...notFound("Not one of her records."),
      409: { description: "Signed already, or her package offers fees to choose from and she has not chosen.", schema: ApiError },
    },
  },
  writeToDoula: {
    method: "POST",
    path: "/reactapi/care/:id/messages",
    summary: "A message to her doula, in their private thread; the doula is mailed at most once an hour",
    access: "client",
    travels: "care",
    params: CareIdParams,
    body: MessageRequest,
    invalidates: ["myCare", "myCareRecord"],
    answers: { 201: { description: "Sent.", schema: Created }, ...notFound("Not one of her records.") },
  },
  myCareFile: {
    method: "GET",
    path: "/reactapi/care/:id/files/:fileId",
    summary: "A file her doula shared with her",
    access: "client",
    travels: "care",
    params: CareFileParams,
    answers: { 200: { description: "The file.", contentType: "application/octet-stream" }, ...notFound("Not a file of her records.") },
  },
  careAgreementPdf: {
    method: "GET",
    path: "/reactapi/care/:id/agreement.pdf",
    summary: "Her agreement as a PDF, its last page the signature record with the fingerprint",
    access: "client",
    travels: "care",
    params: CareIdParams,
    answers: { 200: { description: "The PDF.", contentType: "application/pdf" }, ...notFound("Not one of her records.") },
  },
} satisfies Record<string, Endpoint>;
