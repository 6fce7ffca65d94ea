import { z } from "zod";
import { ApiError } from "./errors.ts";
import { StudioOutcome, WholeNumber } from "./studio/studio-shared.ts";
import { type Endpoint, ok } from "./endpoint.ts";
import { idInPath, PlanTier } from "./catalogue.ts";
import { sentence } from "./languages.ts";
import { Email, looksLikeALink, notALinkSentence, registrationPass } from "./sign-in.ts";

// Gifts, her birth registry, codes and pay-what-you-can (docs/gifts.md). This part: the codes the
// doula gives out, whose price the server computes and whose uses are counted across app servers.

const CODE_PATTERN = /^[A-Z0-9][A-Z0-9-]{2,31}$/;

/** A code as she types it: letters and digits read without regard to case ("spring-25" is SPRING-25). */
export const CodeText = z
  .string({ error: "Type the code." })
  .trim()
  .transform((code) => code.toUpperCase())
  .pipe(z.string().regex(CODE_PATTERN, { error: "A code is 3 to 32 letters, digits or dashes." }));

const Ids = (what: string) =>
  z
    .array(z.number({ error: what }).int({ error: what }).positive({ error: what }), { error: what })
    .max(200, { error: what })
    .default([]);

const Day = z.iso.date({ error: "Give a date as YYYY-MM-DD." });

export const CodeCreate = z
  .object({
    code: CodeText,
    percent_off: WholeNumber(sentence("the percentage off"), 1, 99).optional(),
    // In cents, as every price here.
    amount_off: WholeNumber(sentence("the amount off"), 1, 10_000_000).optional(),
    plan_ids: Ids(sentence("plan_ids is a list of plan ids.")),
    package_ids: Ids(sentence("package_ids is a list of package ids.")),
    class_ids: Ids(sentence("class_ids is a list of class ids.")),
    starts_on: Day.nullish(),
    ends_on: Day.nullish(),
    // Empty: as many uses as come.
    max_uses: WholeNumber(sentence("the number of uses"), 1, 1_000_000).nullish(),
    first_purchase_only: z.boolean({ error: "first_purchase_only is true or false." }).default(false),
  })
  .superRefine((code, context) => {
    if ((code.percent_off === undefined) === (code.amount_off === undefined))
      context.addIssue({ code: "custom", path: ["percent_off"], message: "Give either a percentage off or an amount off." });
    if (code.plan_ids.length + code.package_ids.length + code.class_ids.length === 0)
      context.addIssue({ code: "custom", path: ["plan_ids"], message: "Choose at least one plan, package or class the code is for." });
    if (code.starts_on && code.ends_on && code.ends_on < code.starts_on)
      context.addIssue({ code: "custom", path: ["ends_on"], message: "The last day comes on or after the first." });
  });
export type CodeCreate = z.input<typeof CodeCreate>;

export const StudioCode = z.object({
  id: z.number(),
  code: z.string(),
  percent_off: z.number().nullable(),
  amount_off: z.number().nullable().describe("minor units, e.g. cents"),
  plan_ids: z.array(z.number()),
  package_ids: z.array(z.number()),
  class_ids: z.array(z.number()),
  starts_on: z.string().nullable(),
  ends_on: z.string().nullable(),
  max_uses: z.number().nullable(),
  /** Paid uses, and checkouts started and not yet paid or expired (their use is held). */
  used: z.number(),
  held: z.number(),
  first_purchase_only: z.boolean(),
  created_at: z.string(),
});
export type StudioCode = z.infer<typeof StudioCode>;

export const CodeIdParams = z.object({ id: idInPath("There is no such code.") });

/** A name on a gift: the giver's or the recipient's, as she writes it. */
const GiftName = (missing: string) =>
  z
    .string({ error: missing })
    .trim()
    .min(1, { error: missing })
    .max(100, { error: "A name can be at most 100 characters." })
    .refine((name) => !looksLikeALink(name), { error: notALinkSentence });

const GiftMessage = z
  .string({ error: "The message must be text." })
  .trim()
  .max(1000, { error: "A message can be at most 1,000 characters." })
  .default("");

/** A link from a gift's mail (the recipient's, or the giver's to change it). */
export const GiftToken = z
  .string({ error: "This link is not complete. Please open the whole link from the mail." })
  .trim()
  .regex(/^[A-Za-z0-9_-]{20,100}$/, { error: "This link is not complete. Please open the whole link from the mail." });

export const GiftCheckoutRequest = z.object({
  plan_id: z.number({ error: "Choose what to give." }).int({ error: "Choose what to give." }).positive({ error: "Choose what to give." }),
  /** A monthly or yearly plan is given as a number of months, paid once (a yearly one in whole years). */
  months: WholeNumber(sentence("the number of months"), 1, 36).optional(),
  recipient_name: GiftName("Write the name of the person you are giving it to."),
  recipient_email: Email,
  message: GiftMessage,
  deliver_on: Day,
  giver_name: GiftName("Write your name, as she will read it."),
  giver_email: Email,
  code: z.string().max(64).optional(),
  tier: z.union([z.string().max(100), z.number().int()]).optional(),
});
export type GiftCheckoutRequest = z.input<typeof GiftCheckoutRequest>;

export const GiftTokenRequest = z.object({ token: GiftToken });

/** A gift as its giver sees it from the link in her receipt. */
export const GiftForGiver = z.object({
  plan_name: z.string(),
  months: z.number().nullable(),
  recipient_name: z.string(),
  recipient_email: z.string(),
  message: z.string(),
  deliver_on: z.string(),
  status: z.enum(["paid", "delivered", "opened", "refunded"]),
});
export type GiftForGiver = z.infer<typeof GiftForGiver>;

export const GiftChange = z.object({
  token: GiftToken,
  recipient_email: Email,
  message: GiftMessage,
  deliver_on: Day,
});
export type GiftChange = z.input<typeof GiftChange>;

export const GiftOpened = z.object({
  message: z.string(),
  plan_name: z.string(),
  course_ids: z.array(z.number()),
  /** When the courses close again; null: for good. */
  open_until: z.string().nullable(),
});

export const StudioGift = z.object({
  id: z.number(),
  plan_name: z.string(),
  months: z.number().nullable(),
  amount: z.number().describe("minor units, e.g. cents"),
  currency: z.string(),
  giver_name: z.string(),
  giver_email: z.string(),
  recipient_name: z.string(),
  recipient_email: z.string(),
  deliver_on: z.string(),
  status: z.enum(["paid", "delivered", "opened", "refunded"]),
  paid_at: z.string().nullable(),
  delivered_at: z.string().nullable(),
  opened_at: z.string().nullable(),
});
export type StudioGift = z.infer<typeof StudioGift>;

export const GiftIdParams = z.object({ id: idInPath("There is no such gift.") });

/** What her registry offers: plans as gifts to her, places in live classes, and contributions to her doula care. */
const RegistryGifts = z
  .union(
    [
      z.object({
        plan_ids: z.array(z.number().int().positive()).max(20).default([]),
        class_ids: z.array(z.number().int().positive()).max(20).default([]),
        care: z.boolean().default(false),
      }),
      // Or as a list: plan ids, { class_id }, and "care" (or { care: true }).
      z
        .array(
          z.union([
            z.number().int().positive(),
            z.literal("care"),
            z.object({ care: z.literal(true) }),
            z.object({ class_id: z.number().int().positive() }),
          ]),
        )
        .max(41)
        .transform((items) => ({
          plan_ids: items.filter((item): item is number => typeof item === "number"),
          class_ids: items.flatMap((item) => (typeof item === "object" && "class_id" in item ? [item.class_id] : [])),
          care: items.some((item) => item === "care" || (typeof item === "object" && "care" in item)),
        })),
    ],
    {
      error:
        "gifts lists the plan ids to offer, class_ids for places in live classes, and care: true for contributions to your doula care.",
    },
  )
  .refine((gifts) => gifts.plan_ids.length > 0 || gifts.class_ids.length > 0 || gifts.care, {
    error: "Choose at least one thing friends can give.",
  });

export const RegistryRequest = z.object({
  line: z.string({ error: "Your line must be text." }).trim().max(400, { error: "Your line can be at most 400 characters." }).default(""),
  show_due_month: z.boolean({ error: "show_due_month is true or false." }).default(false),
  gifts: RegistryGifts,
});
export type RegistryRequest = z.input<typeof RegistryRequest>;

const GiftPlan = z.object({
  id: z.number(),
  name: z.string(),
  description: z.string(),
  price: z.number(),
  currency: z.string(),
  billing_interval: z.enum(["month", "year", "once"]),
  /** Pay what you can: the plan's tiers, for the friend to choose from (none: its one price). */
  tiers: z.array(PlanTier),
});

/** A place in a live class, as a registry offers it: paid, not begun. */
const GiftClass = z.object({
  id: z.number(),
  title: z.string(),
  starts_at: z.string(),
  price: z.number(),
  currency: z.string(),
  tiers: z.array(PlanTier),
  /** Places nobody holds yet: 0 while the class is full, when a place in it cannot be given. */
  places_left: z.number(),
});

/** What friends gave, as her page shows it: totals, and the givers who chose to appear. */
const RegistryGiven = z.object({
  count: z.number(),
  totals: z.array(z.object({ currency: z.string(), amount: z.number() })),
  givers: z.array(z.object({ name: z.string(), message: z.string(), what: z.string() })),
});

/** Her registry as she sees it on /account. */
export const MyRegistry = z.object({
  name: z.string(),
  line: z.string(),
  show_due_month: z.boolean(),
  plan_ids: z.array(z.number()),
  class_ids: z.array(z.number()),
  care: z.boolean(),
  closed: z.boolean(),
  given: RegistryGiven,
});
export type MyRegistry = z.infer<typeof MyRegistry>;

/** Her registry's page (no sign-in): her first name only, and nothing she did not choose to show. */
export const RegistryPage = z.object({
  first_name: z.string().nullable(),
  line: z.string(),
  /** "2027-05", only when she chose to show it. */
  due_month: z.string().nullable(),
  open: z.boolean(),
  plans: z.array(GiftPlan),
  /** Places in live classes she listed, still to come. */
  classes: z.array(GiftClass),
  /** Contributions to her doula care, in her payment plan's currency; null when not offered. */
  care: z.object({ currency: z.string(), least: z.number() }).nullable(),
  given: RegistryGiven,
});
export type RegistryPage = z.infer<typeof RegistryPage>;

export const RegistryNameParams = z.object({
  name: z.string().regex(/^[a-z0-9-]{3,60}$/, { error: "There is no such registry." }),
});

export const ContributionRequest = z
  .object({
    /** Towards her doula care, in cents: 5 in the currency or more. */
    amount: WholeNumber(sentence("the amount"), 1, 10_000_000).optional(),
    /** Or a plan she listed, given to her. */
    plan_id: z.number().int().positive().optional(),
    /** Or a place in a live class she listed, held in her name while you pay. */
    class_id: z.number().int().positive().optional(),
    months: WholeNumber(sentence("the number of months"), 1, 36).optional(),
    giver_name: GiftName("Write your name, as she will read it."),
    giver_email: Email,
    message: GiftMessage,
    public: z.boolean({ error: "public is true or false." }).default(true),
    /** A code the doula gave out, for a gift she listed (a contribution to her care is any amount). */
    code: GiftCheckoutRequest.shape.code,
    /** Pay what you can: a tier of the plan or class given, by its name or its price in cents. */
    tier: GiftCheckoutRequest.shape.tier,
  })
  .refine((body) => [body.amount, body.plan_id, body.class_id].filter((given) => given !== undefined).length === 1, {
    error: "Give either an amount towards her doula care or one of the gifts she listed.",
    path: ["amount"],
  })
  .refine((body) => body.tier === undefined || body.amount === undefined, {
    error: "A contribution to her care is the amount you choose, so it has no tiers.",
    path: ["tier"],
  })
  .refine((body) => !body.code?.trim() || body.amount === undefined, {
    error: "A code is for one of the gifts she listed; a contribution to her care is the amount you choose.",
    path: ["code"],
  });
export type ContributionRequest = z.input<typeof ContributionRequest>;

export const StudioContribution = z.object({
  id: z.number(),
  for_name: z.string(),
  kind: z.enum(["care", "plan", "class"]),
  what: z.string(),
  amount: z.number(),
  currency: z.string(),
  giver_name: z.string(),
  giver_email: z.string(),
  credit: z.number().describe("what was beyond what she owed, minor units"),
  status: z.enum(["paid", "refunded"]),
  paid_at: z.string().nullable(),
});
export type StudioContribution = z.infer<typeof StudioContribution>;

/**
 * Community places (docs/gifts.md): what Supporter tiers brought beyond the plans' and classes'
 * own prices, by currency, what was given from it as places, and what is left.
 */
export const CommunityPlaces = z.object({
  funds: z.array(z.object({ currency: z.string(), raised: z.number(), given: z.number(), left: z.number() })),
  given: z.array(
    z.object({
      id: z.number(),
      /** Null once her account is deleted: the place stays in the fund's account without her. */
      member: z.object({ name: z.string(), email: z.string() }).nullable(),
      /** The address a place waits for while no account has proven it hers; null once it is hers. */
      waiting_for: z.string().nullable(),
      plan_name: z.string(),
      months: z.number().nullable(),
      cost: z.number(),
      currency: z.string(),
      given_at: z.string(),
    }),
  ),
});
export type CommunityPlaces = z.infer<typeof CommunityPlaces>;

/** A place given from the fund to a family who asked: her account's address, the plan, and how long. */
export const CommunityPlaceRequest = z.object({
  email: Email,
  plan_id: GiftCheckoutRequest.shape.plan_id,
  months: GiftCheckoutRequest.shape.months,
});
export type CommunityPlaceRequest = z.input<typeof CommunityPlaceRequest>;

/** This capability's entries of the endpoint table (contract/api.ts composes every part). */
/** The link a gift's mail brings stands for the access code when its recipient registers (contract/api.ts composes the passes). */
export const giftsRegistrationPass = { gift_token: registrationPass(sentence("That link to your gift is not complete.")) };

export const giftsEndpoints = {
  communityPlaces: {
    method: "GET",
    path: "/reactapi/studio/community-places",
    summary: "The community places' fund: what Supporter tiers brought beyond the standard prices, what was given, what is left",
    access: "instructor",
    travels: "gifts-studio",
    answers: ok(CommunityPlaces),
  },
  giveCommunityPlace: {
    method: "POST",
    path: "/reactapi/studio/community-places",
    summary: "Opens a plan's courses to a member for the months chosen (a one-time plan for good), paid from the community fund",
    access: "instructor",
    travels: "gifts-studio",
    body: CommunityPlaceRequest,
    invalidates: ["communityPlaces"],
    answers: {
      201: { description: "Given: her courses are open.", schema: StudioOutcome },
      400: { description: "A bad body, or a yearly plan given in months that are not whole years.", schema: ApiError },
      404: { description: "No member has that address, or no such plan.", schema: ApiError },
      409: { description: "The fund holds less than the place costs.", schema: ApiError },
    },
  },
  createCode: {
    method: "POST",
    path: "/reactapi/studio/codes",
    summary: "Adds a code: a percentage or an amount off, for chosen plans, packages and classes, between dates, for a number of uses",
    access: "instructor",
    travels: "gifts-studio",
    body: CodeCreate,
    invalidates: ["studioCodes"],
    answers: {
      201: { description: "Added.", schema: StudioOutcome.extend({ id: z.number() }) },
      409: { description: "A code with those letters exists.", schema: ApiError },
    },
  },
  studioCodes: {
    method: "GET",
    path: "/reactapi/studio/codes",
    summary: "The codes, newest first, with their uses",
    access: "instructor",
    travels: "gifts-studio",
    answers: ok(z.object({ codes: z.array(StudioCode) })),
  },
  removeCode: {
    method: "POST",
    path: "/reactapi/studio/codes/:id/delete",
    summary: "Deletes a code: it is refused from then on (purchases made with it stay as they were)",
    access: "instructor",
    travels: "gifts-studio",
    params: CodeIdParams,
    invalidates: ["studioCodes"],
    answers: { ...ok(StudioOutcome), 404: { description: "No such code.", schema: ApiError } },
  },
  giftCheckout: {
    method: "POST",
    path: "/reactapi/gifts/checkout",
    summary:
      "Opens Checkout for a gift of a plan (anyone, signed in or not): the plan's own price (times the months of a monthly or yearly plan), for a recipient, a message and a day",
    access: "anyone",
    travels: "gifts",
    body: GiftCheckoutRequest,
    answers: {
      ...ok(z.object({ url: z.string() })),
      400: { description: "A bad body, or a code refused (the sentence says why).", schema: ApiError },
      404: { description: "No such plan, or online payment is not set up.", schema: ApiError },
      429: { description: "Too many payment pages opened from this address in the hour (BOOKINGS_PER_HOUR).", schema: ApiError },
    },
  },
  giftForGiver: {
    method: "POST",
    path: "/reactapi/gifts/as-giver",
    summary: "The gift the link in the giver's receipt names (a POST, so its token is not in an address that gets logged)",
    access: "anyone",
    travels: "gifts",
    body: GiftTokenRequest,
    answers: { ...ok(GiftForGiver), 404: { description: "No such link.", schema: ApiError } },
  },
  changeGift: {
    method: "POST",
    path: "/reactapi/gifts/change",
    summary: "The giver changes the day, the recipient's address or the message, until the gift is delivered",
    access: "anyone",
    travels: "gifts",
    body: GiftChange,
    invalidates: ["giftForGiver"],
    answers: {
      ...ok(StudioOutcome),
      404: { description: "No such link.", schema: ApiError },
      409: { description: "Delivered already.", schema: ApiError },
    },
  },
  redeemGift: {
    method: "POST",
    path: "/reactapi/gifts/redeem",
    summary: "Opens a gift's courses on the signed-in member's account: the link works once",
    access: "member",
    travels: "gifts",
    body: GiftTokenRequest,
    invalidates: ["getUserAccess", "getCourses"],
    answers: {
      ...ok(GiftOpened),
      404: { description: "No such link.", schema: ApiError },
      409: { description: "Used already.", schema: ApiError },
    },
  },
  studioGifts: {
    method: "GET",
    path: "/reactapi/studio/gifts",
    summary: "The gifts bought, newest first: waiting for their day, delivered, opened, refunded",
    access: "instructor",
    travels: "gifts-studio",
    answers: ok(z.object({ gifts: z.array(StudioGift) })),
  },
  resendGift: {
    method: "POST",
    path: "/reactapi/studio/gifts/:id/resend",
    summary: "Sends a delivered gift's mail again, with a new link (the old one stops working)",
    access: "instructor",
    travels: "gifts-studio",
    params: GiftIdParams,
    invalidates: ["studioGifts"],
    answers: {
      ...ok(StudioOutcome),
      404: { description: "No such gift.", schema: ApiError },
      409: { description: "Not delivered yet, opened or refunded.", schema: ApiError },
    },
  },
  refundGift: {
    method: "POST",
    path: "/reactapi/studio/gifts/:id/refund",
    summary: "Refunds a gift through Stripe; its link stops working (courses it opened stay open)",
    access: "instructor",
    travels: "gifts-studio",
    params: GiftIdParams,
    invalidates: ["studioGifts"],
    answers: {
      ...ok(StudioOutcome),
      404: { description: "No such gift.", schema: ApiError },
      409: { description: "Refunded already.", schema: ApiError },
      502: { description: "Stripe could not refund it; nothing changed.", schema: ApiError },
    },
  },
  saveRegistry: {
    method: "POST",
    path: "/reactapi/account/registry",
    summary: "Makes (or changes, and opens again) her birth registry: her line, whether her due month shows, and what friends can give",
    access: "mother",
    partnerRefusal: sentence("A birth registry is the mother's to make, from her own account."),
    travels: "gifts",
    body: RegistryRequest,
    invalidates: ["myRegistry"],
    answers: {
      ...ok(StudioOutcome.extend({ name: z.string() })),
      400: { description: "A bad body, or care offered without a care plan.", schema: ApiError },
      403: { description: "A partner's account.", schema: ApiError },
    },
  },
  myRegistry: {
    method: "GET",
    path: "/reactapi/account/registry",
    summary: "Her birth registry, if she made one, with what was given",
    access: "member",
    travels: "gifts",
    answers: ok(
      z.object({
        registry: MyRegistry.nullable(),
        /** Whether she has a care plan with payments left, which friends' contributions can go to. */
        care_possible: z.boolean(),
        /** The live classes she may list: paid, not begun. */
        classes_possible: z.array(GiftClass),
      }),
    ),
  },
  closeRegistry: {
    method: "POST",
    path: "/reactapi/account/registry/close",
    summary: "Closes her registry: its page says so and takes nothing more",
    access: "member",
    travels: "gifts",
    invalidates: ["myRegistry"],
    answers: { ...ok(StudioOutcome), 404: { description: "She has no registry.", schema: ApiError } },
  },
  registryPage: {
    method: "GET",
    path: "/reactapi/registry/:name",
    summary: "A birth registry's page, for anyone with its link: her first name, her line, what can be given and what was",
    access: "anyone",
    travels: "gifts",
    params: RegistryNameParams,
    answers: { ...ok(RegistryPage), 404: { description: "No such registry.", schema: ApiError } },
  },
  contributeToRegistry: {
    method: "POST",
    path: "/reactapi/registry/:name/contributions",
    summary:
      "Opens Checkout for a friend's gift through a registry: an amount towards her doula care, a plan she listed, or a place in a class she listed (held in her name while the friend pays)",
    access: "anyone",
    travels: "gifts",
    params: RegistryNameParams,
    body: ContributionRequest,
    answers: {
      ...ok(z.object({ url: z.string() })),
      400: { description: "A bad body.", schema: ApiError },
      404: { description: "No such registry, or online payment is not set up.", schema: ApiError },
      409: { description: "The registry is closed, or the class listed has begun, is full, or is hers already.", schema: ApiError },
      429: { description: "Too many payment pages opened from this address in the hour (BOOKINGS_PER_HOUR).", schema: ApiError },
    },
  },
  studioContributions: {
    method: "GET",
    path: "/reactapi/studio/registry-contributions",
    summary: "What friends gave through birth registries, with the credit beyond what each owed",
    access: "instructor",
    travels: "gifts-studio",
    answers: ok(z.object({ contributions: z.array(StudioContribution) })),
  },
  refundRegistryCredit: {
    method: "POST",
    path: "/reactapi/studio/registry-contributions/:id/refund-credit",
    summary: "Refunds through Stripe the part of a contribution beyond what she owed (all of a class place that could not be hers)",
    access: "instructor",
    travels: "gifts-studio",
    params: GiftIdParams,
    invalidates: ["studioContributions"],
    answers: {
      ...ok(StudioOutcome),
      404: { description: "No such contribution.", schema: ApiError },
      409: { description: "No credit left.", schema: ApiError },
      502: { description: "Stripe could not refund it; nothing changed.", schema: ApiError },
    },
  },
} satisfies Record<string, Endpoint>;
