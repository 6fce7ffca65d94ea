import { expect, test } from "@playwright/test";
import { checkoutCompleted, signedDelivery, type StandInSession } from "../testing/stripe-stand-in.ts";
import { expectAccessible, signedInMember } from "./helpers.ts";

// Online payment runs against the stand-in for Stripe's API that the global setup starts
// (testing/stripe-stand-in.ts): its checkout page has a Pay link back to the site, and
// the test, playing Stripe, sends the signed checkout.session.completed event to the webhook.

function standInUrl(): string {
  const url = process.env.E2E_STRIPE_URL;
  if (!url) throw new Error("E2E_STRIPE_URL is not set: the global setup did not start the Stripe stand-in");
  return url;
}

test.describe("buying a plan", () => {
  test("a member subscribes on a locked course's Purchase page, and the course opens by itself", async ({ page, request }) => {
    await signedInMember(page, "subscriber");
    await page.goto("/library");
    const course = page.getByRole("article", { name: /Pushing and Avoiding Tearing/ });
    await course.getByRole("button", { name: /Show details/ }).click();
    await course.getByRole("button", { name: "Purchase" }).click();
    await expect(page).toHaveURL(/\/purchase\?course=4$/);
    await expect(page.getByText("Payment happens on Stripe's secure page")).toBeVisible();
    await expectAccessible(page);

    await page
      .getByRole("region", { name: "Full Membership" })
      .getByRole("button", { name: /^Subscribe/ })
      .click();
    await expect(page).toHaveURL(new RegExp(`^${standInUrl()}/pay/cs_test_[a-f0-9]+$`));
    const sessionId = new URL(page.url()).pathname.split("/").pop()!;
    await page.getByRole("link", { name: "Pay" }).click();

    await expect(page).toHaveURL(new RegExp(`/purchase/success\\?course=4&session_id=${sessionId}$`));
    await expect(page.getByRole("heading", { name: "Payment received" })).toBeVisible();
    // (axe waits for animations to end, and the waiting ring turns until the course opens: checked after.)
    await expect(page.getByRole("progressbar", { name: "Opening your course" })).toBeVisible();

    const session = (await (await request.get(`${standInUrl()}/stand-in/sessions/${sessionId}`)).json()) as StandInSession;
    expect(session).toMatchObject({ mode: "subscription", amount_total: 1900, currency: "usd" });
    const { payload, headers } = signedDelivery(checkoutCompleted(session));
    const delivered = await request.post("/reactapi/stripe/webhook", { data: payload, headers });
    expect(delivered.status()).toBe(200);

    await expect(page.getByText("Full Membership is now part of your account")).toBeVisible();
    await expectAccessible(page);
    await page.getByRole("button", { name: "View Course" }).click();
    await expect(page).toHaveURL(/\/course\?course=4$/);
    await expect(page.getByRole("heading", { name: "Pushing and Avoiding Tearing", level: 1 })).toBeVisible();
    await expect(page.getByText("You are previewing this course.")).toHaveCount(0);
    await page.getByRole("button", { name: /Healing Afterwards/ }).click();
    await page.getByRole("link", { name: /Lesson 1 Caring for stitches/ }).click();
    await expect(page.getByRole("heading", { name: "Caring for stitches", level: 1 })).toBeVisible();
    await expect(page.getByText("This lesson is part of the full course.")).toHaveCount(0);
    await expect(page.locator("iframe")).toHaveCount(1);

    await page.goto("/purchase?course=4");
    await expect(page.getByRole("button", { name: "Manage billing" })).toBeVisible();
  });

  test("a member who leaves the checkout comes back to a calm sentence and is not charged", async ({ page }) => {
    await signedInMember(page, "undecided");
    await page.goto("/purchase?course=3");
    await page.getByRole("region", { name: "Partner Course" }).getByRole("button", { name: /^Buy/ }).click();
    await expect(page).toHaveURL(new RegExp(`^${standInUrl()}/pay/`));
    await page.getByRole("link", { name: "Cancel" }).click();
    await expect(page).toHaveURL(/\/purchase\?course=3&checkout=cancelled$/);
    await expect(page.getByText("No payment was taken.")).toBeVisible();
    await expect(page.getByRole("button", { name: "Manage billing" })).toHaveCount(0);
    await expectAccessible(page);
  });
});
