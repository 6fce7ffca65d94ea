import { formattingLocales, sourceLanguage } from "../../../contract/languages.ts";
import { composeMail, greeting, type Mail, type MailContext, translatorOf } from "../mail/mail-templates.ts";

declare module "../mail/mail-templates.ts" {
  interface MailKinds {
    gift_receipt: true;
    gift_delivered: true;
    registry_gift: true;
    registry_thanks: true;
    community_place: true;
  }
}

/** What a gift's mails say of it. */
export type GiftForMail = {
  planName: string;
  months: number | null;
  amountMinor: number;
  currency: string;
  giverName: string;
  giverEmail: string;
  recipientName: string;
  recipientEmail: string;
  message: string;
  deliverOn: string;
};

const locale = (context: MailContext) => formattingLocales[context.language ?? sourceLanguage];

/** A day (YYYY-MM-DD) as she reads it: "14 March 2027"; the day itself, never moved by a zone. */
const longDay = (day: string, context: MailContext) =>
  new Intl.DateTimeFormat(locale(context), { day: "numeric", month: "long", year: "numeric", timeZone: "UTC" }).format(
    new Date(`${day}T12:00:00Z`),
  );

/** What is given, in words: "Full Membership for 3 months", or the plan's name when it is for good. */
function whatIsGiven(gift: GiftForMail, context: MailContext): string {
  const i18n = translatorOf(context);
  if (gift.months === null) return gift.planName;
  return gift.months === 1
    ? i18n._("{plan} for 1 month", { plan: gift.planName })
    : i18n._("{plan} for {months} months", { plan: gift.planName, months: gift.months });
}

/** The giver's receipt, at once: what she paid, when it goes, and her link to change it until then. */
export function giftReceiptMail(gift: GiftForMail, changeLink: string, context: MailContext): Mail {
  const i18n = translatorOf(context);
  const amount = new Intl.NumberFormat(locale(context), { style: "currency", currency: gift.currency }).format(gift.amountMinor / 100);
  const given = whatIsGiven(gift, context);
  return composeMail(
    "gift_receipt",
    gift.giverEmail,
    i18n._("Your gift for {name}: {what}", { name: gift.recipientName, what: given }),
    context,
    [
      greeting(gift.giverName, context.language),
      i18n._("Thank you. We received {amount} for your gift of {what} to {name}.", { amount, what: given, name: gift.recipientName }),
      i18n._("We will send it to {email} on {day}, with your message and a link that opens it on her account.", {
        email: gift.recipientEmail,
        day: longDay(gift.deliverOn, context),
      }),
      { label: i18n._("Change the day, her address or your message"), link: changeLink },
      i18n._("The link works until the gift is sent. Stripe, who handled the payment, sends its own receipt too."),
    ],
  );
}

/** The recipient's mail, on its day: who gave what, the message, and the link that opens it (once). */
export function giftDeliveredMail(gift: GiftForMail, openLink: string, context: MailContext): Mail {
  const i18n = translatorOf(context);
  const given = whatIsGiven(gift, context);
  return composeMail(
    "gift_delivered",
    gift.recipientEmail,
    i18n._("{giver} has given you {what}", { giver: gift.giverName, what: given }),
    context,
    [
      greeting(gift.recipientName, context.language),
      i18n._("{giver} has given you {what}, to read and watch at your own pace.", { giver: gift.giverName, what: given }),
      ...(gift.message ? [i18n._("Their message: “{message}”", { message: gift.message })] : []),
      { label: i18n._("Open your gift"), link: openLink },
      gift.months === null
        ? i18n._(
            "The link opens it on your account: sign in, or create one with this address (no access code needed). It works once, and the courses stay yours.",
          )
        : i18n._(
            "The link opens it on your account: sign in, or create one with this address (no access code needed). It works once, and the courses stay open for the months given from the day you open it.",
          ),
    ],
  );
}

/** Her mail for each gift through her registry: who gave what, and their message. */
export function registryGiftMail(
  to: string,
  firstName: string | null,
  gift: {
    kind: "care" | "plan" | "class";
    /** The plan's name, or the class's title. */
    planName: string | null;
    months: number | null;
    amountMinor: number;
    currency: string;
    giverName: string;
    message: string;
  },
  context: MailContext,
): Mail {
  const i18n = translatorOf(context);
  const amount = new Intl.NumberFormat(locale(context), { style: "currency", currency: gift.currency }).format(gift.amountMinor / 100);
  const what =
    gift.kind === "care"
      ? i18n._("{amount} towards your doula care", { amount })
      : gift.kind === "class"
        ? i18n._("a place in “{title}”", { title: gift.planName ?? "" })
        : gift.months === 1
          ? i18n._("{plan} for 1 month", { plan: gift.planName ?? "" })
          : gift.months
            ? i18n._("{plan} for {months} months", { plan: gift.planName ?? "", months: gift.months })
            : (gift.planName ?? "");
  return composeMail("registry_gift", to, i18n._("{giver} gave you {what}", { giver: gift.giverName, what }), context, [
    greeting(firstName, context.language),
    i18n._("{giver} gave you {what} through your registry.", { giver: gift.giverName, what }),
    ...(gift.message ? [i18n._("Their message: “{message}”", { message: gift.message })] : []),
    gift.kind === "care"
      ? i18n._("It is credited to your next payments: your client space shows what is left to pay.")
      : gift.kind === "class"
        ? i18n._("The place is yours: a separate mail has the class's time and its calendar invitation.")
        : i18n._("Its courses are open in your library now."),
    {
      label:
        gift.kind === "care"
          ? i18n._("Open your client space")
          : gift.kind === "class"
            ? i18n._("See your classes")
            : i18n._("Open your library"),
      link: `${context.publicUrl}/${{ care: "care", class: "classes", plan: "library" }[gift.kind]}`,
    },
  ]);
}

/**
 * The friend's thanks for a gift through her registry, in the language the friend wrote in: what
 * reached her, that she was told with the message, and that Stripe's receipt is the payment's.
 * Nothing of her beyond her first name, as her registry's page shows.
 */
export function registryThanksMail(
  to: string,
  giverName: string,
  gift: { firstName: string | null; kind: "care" | "plan" | "class"; planName: string | null; amountMinor: number; currency: string },
  context: MailContext,
): Mail {
  const i18n = translatorOf(context);
  const amount = new Intl.NumberFormat(locale(context), { style: "currency", currency: gift.currency }).format(gift.amountMinor / 100);
  const her = gift.firstName ?? i18n._("her");
  const what =
    gift.kind === "care"
      ? i18n._("{amount} towards her doula care", { amount })
      : gift.kind === "class"
        ? i18n._("a place in “{title}”", { title: gift.planName ?? "" })
        : (gift.planName ?? amount);
  return composeMail("registry_thanks", to, i18n._("Thank you for your gift to {name}", { name: her }), context, [
    greeting(giverName, context.language),
    i18n._("Your gift reached {name}: {what}. She has been told, with your message if you wrote one.", { name: her, what }),
    i18n._("The receipt of your payment ({amount}) comes from Stripe.", { amount }),
  ]);
}

/**
 * A community place given to her family (docs/gifts.md): what is open for her and for how long, and
 * who made it possible, in the doula's quiet words; nothing about why she asked.
 */
export function communityPlaceMail(
  to: string,
  firstName: string | null,
  place: { planName: string; until: Date | null; zone: string },
  context: MailContext,
): Mail {
  const i18n = translatorOf(context);
  const what =
    place.until === null
      ? i18n._("{plan} is open for you, for good.", { plan: place.planName })
      : i18n._("{plan} is open for you until {day}.", {
          plan: place.planName,
          day: new Intl.DateTimeFormat(locale(context), { dateStyle: "long", timeZone: place.zone }).format(place.until),
        });
  return composeMail("community_place", to, i18n._("A place for you: {plan}", { plan: place.planName }), context, [
    greeting(firstName, context.language),
    what,
    i18n._("It is a community place: other families chose to pay a little more, so that every family can come. There is nothing to pay."),
    { label: i18n._("Open your library"), link: `${context.publicUrl}/library` },
  ]);
}

/** A place given to an address whose account has not proven it hers yet: how she opens it. */
export function communityPlaceWaitingMail(to: string, place: { planName: string }, context: MailContext): Mail {
  const i18n = translatorOf(context);
  return composeMail("community_place", to, i18n._("A place for you: {plan}", { plan: place.planName }), context, [
    greeting(null, context.language),
    i18n._(
      "A community place in {plan} is waiting for you: other families chose to pay a little more, so that every family can come. There is nothing to pay.",
      { plan: place.planName },
    ),
    i18n._(
      "It opens on your account once this address is shown to be yours: confirm it with the link we mailed you when you made your account, or choose a new password with “Forgot password?”.",
    ),
    { label: i18n._("Sign in"), link: `${context.publicUrl}/login` },
  ]);
}
