import { formattingLocales, sourceLanguage } from "../../../contract/languages.ts";
import { composeMail, greeting, type Mail, type MailContext, translatorOf } from "../mail/mail-templates.ts";

declare module "../mail/mail-templates.ts" {
  interface MailKinds {
    purchase_receipt: true;
  }
}

export function purchaseReceiptMail(
  to: string,
  firstName: string | null,
  purchase: { plan: string; amountMinor: number; currency: string; paidAt: Date },
  context: MailContext,
): Mail {
  const language = context.language ?? sourceLanguage;
  const i18n = translatorOf(context);
  const amount = new Intl.NumberFormat(formattingLocales[language], {
    style: "currency",
    currency: purchase.currency,
    currencyDisplay: "narrowSymbol",
  }).format(purchase.amountMinor / 100);
  const date = new Intl.DateTimeFormat(formattingLocales[language], {
    day: "numeric",
    month: "long",
    year: "numeric",
    timeZone: "UTC",
  }).format(purchase.paidAt);
  return composeMail("purchase_receipt", to, i18n._("Your receipt: {plan}", { plan: purchase.plan }), context, [
    greeting(firstName, language),
    i18n._("Thank you. We received {amount} for {plan} on {date}, and its courses are open in your library now.", {
      amount,
      plan: purchase.plan,
      date,
    }),
    { label: i18n._("Open your library"), link: `${context.publicUrl}/library` },
    i18n._("Stripe, who handled the payment, sends its own receipt too. Your purchases and billing are on the Purchase page."),
  ]);
}
