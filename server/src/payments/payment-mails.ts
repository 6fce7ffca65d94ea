import { composeMail, greeting, type Mail, type MailContext } from "../mail/mail-templates.ts";

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
  const amount = new Intl.NumberFormat("en", { style: "currency", currency: purchase.currency }).format(purchase.amountMinor / 100);
  const date = purchase.paidAt.toLocaleDateString("en-GB", { day: "numeric", month: "long", year: "numeric", timeZone: "UTC" });
  return composeMail("purchase_receipt", to, `Your receipt: ${purchase.plan}`, context, [
    greeting(firstName),
    `Thank you. We received ${amount} for ${purchase.plan} on ${date}, and its courses are open in your library now.`,
    { label: "Open your library", link: `${context.publicUrl}/library` },
    "Stripe, who handled the payment, sends its own receipt too. Your purchases and billing are on the Purchase page.",
  ]);
}
