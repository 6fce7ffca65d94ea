import { describe, expect, it } from "vitest";
import { passwordResetMail, welcomeMail } from "./account-mails.ts";
import { purchaseReceiptMail } from "../payments/payment-mails.ts";
import { fixedPracticeNames } from "../lib/practice-names.ts";

const context = {
  practice: fixedPracticeNames({ doulaName: "Sarah", businessName: "Calm Birth Circle" }),
  publicUrl: "https://courses.example",
};

describe("the mails", () => {
  it("carry the same words in both parts, and a member's name never becomes markup", () => {
    const mail = welcomeMail("ada@example.com", `Ada <img src=x onerror="alert(1)">`, context);
    expect(mail.text).toContain(`Hello Ada <img src=x onerror="alert(1)">,`);
    expect(mail.html).toContain("Hello Ada &lt;img src=x onerror=&quot;alert(1)&quot;&gt;,");
    expect(mail.html).not.toContain("<img");
    expect(mail.text).toContain("https://courses.example/library");
    expect(mail.html).toContain('href="https://courses.example/library"');
    expect(mail.text.endsWith("With warmth,\nCalm Birth Circle")).toBe(true);
  });

  it("puts the reset link in both parts, its token encoded", () => {
    const mail = passwordResetMail("ada@example.com", null, "abc_DEF-123", context);
    expect(mail.text).toContain("Hello,");
    expect(mail.text).toContain("https://courses.example/reset-password?token=abc_DEF-123");
    expect(mail.html).toContain('href="https://courses.example/reset-password?token=abc_DEF-123"');
  });

  it("states the amount of a receipt in its currency", () => {
    const mail = purchaseReceiptMail(
      "ada@example.com",
      "Ada",
      { plan: "Full Membership", amountMinor: 1900, currency: "USD", paidAt: new Date("2026-11-23T10:00:00Z") },
      context,
    );
    expect(mail.subject).toBe("Your receipt: Full Membership");
    expect(mail.text).toContain("We received $19.00 for Full Membership on 23 November 2026");
  });
});
