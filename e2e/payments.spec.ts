import { expect, test } from "./test.ts";
import {
  accessibleAtBothWidths,
  expectAccessible,
  instructorPage,
  signedInMember,
  stripeUrl,
  deliverCheckoutCompleted,
  standInSession,
} from "./helpers.ts";

// Online payment runs against the stand-in for Stripe's API that the global setup starts
// (testing/stripe-stand-in.ts): its checkout page has a Pay link back to the site, and
// the test, playing Stripe, sends the signed checkout.session.completed event to the webhook.

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
    await expect(page).toHaveURL(new RegExp(`^${stripeUrl()}/pay/cs_test_[a-f0-9]+$`));
    const sessionId = new URL(page.url()).pathname.split("/").pop()!;
    await page.getByRole("link", { name: "Pay" }).click();

    await expect(page).toHaveURL(new RegExp(`/purchase/success\\?course=4&session_id=${sessionId}$`));
    await expect(page.getByRole("heading", { name: "Payment received" })).toBeVisible();
    // (axe waits for animations to end, and the waiting ring turns until the course opens: checked after.)
    await expect(page.getByRole("progressbar", { name: "Opening your course" })).toBeVisible();

    const session = await standInSession(request, sessionId);
    expect(session).toMatchObject({ mode: "subscription", amount_total: 1900, currency: "usd" });
    await deliverCheckoutCompleted(request, session);

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
    await expect(page).toHaveURL(new RegExp(`^${stripeUrl()}/pay/`));
    await page.getByRole("link", { name: "Cancel" }).click();
    await expect(page).toHaveURL(/\/purchase\?course=3&checkout=cancelled$/);
    await expect(page.getByText("No payment was taken.")).toBeVisible();
    await expect(page.getByRole("button", { name: "Manage billing" })).toHaveCount(0);
    await expectAccessible(page);
  });

  test("a member pays with a code the doula gave out: Checkout charges the reduced price, and the course opens", async ({
    page,
    request,
    browser,
  }) => {
    // The doula adds the code in the studio (docs/gifts.md).
    const studio = await instructorPage(browser);
    // Its own letters on every run: a retry finds the first run's code taken.
    const code = `GIFT-${Math.random().toString(36).slice(2, 7).toUpperCase()}`;
    await studio.goto("/studio/plans");
    await studio.getByRole("link", { name: "Discount codes" }).click();
    await expect(studio.getByRole("heading", { name: "Discount codes", level: 1 })).toBeVisible();
    await studio.getByLabel("Code", { exact: true }).fill(code);
    await studio.getByLabel("Percentage off").fill("20");
    await studio.getByRole("checkbox", { name: "Partner Course" }).check();
    await studio.getByRole("button", { name: "Add the code" }).click();
    await expect(studio.getByRole("status")).toContainText(`Added the code ${code}.`);
    const codes = studio.getByRole("table", { name: "Discount codes" });
    await expect(codes.getByRole("row", { name: new RegExp(code) })).toContainText("20%");
    await accessibleAtBothWidths(studio);

    await signedInMember(page, "code-payer");
    await page.goto("/purchase?course=3");
    await page.getByText("Have a code?").click();
    await page.getByLabel("Code").fill(code.toLowerCase());
    await expectAccessible(page);
    await page.getByRole("region", { name: "Partner Course" }).getByRole("button", { name: /^Buy/ }).click();
    await expect(page).toHaveURL(new RegExp(`^${stripeUrl()}/pay/cs_test_[a-f0-9]+$`));
    const sessionId = new URL(page.url()).pathname.split("/").pop()!;
    const session = await standInSession(request, sessionId);
    expect(session).toMatchObject({ mode: "payment", amount_total: 3920, currency: "usd" });
    await page.getByRole("link", { name: "Pay" }).click();
    await deliverCheckoutCompleted(request, session);
    await expect(page.getByText("Partner Course is now part of your account")).toBeVisible();

    // The studio counts the use as paid.
    await studio.reload();
    await expect(codes.getByRole("row", { name: new RegExp(code) })).toContainText("1 used");
    await studio.context().close();
  });
});
