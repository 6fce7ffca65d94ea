import { expect, test } from "./test.ts";
import {
  accessibleAtBothWidths,
  instructorPage,
  linkIn,
  mailTo,
  moveServerClock,
  newEmail,
  PASSWORD,
  stripeUrl,
  deliverCheckoutCompleted,
  standInSession,
} from "./helpers.ts";

// Gifts (docs/gifts.md): a visitor gives a course for a day to come; on that day (the server's and
// the browser's clocks moved) the recipient opens the mail and registers through it, with no
// access code, and finds the course open. The test plays Stripe, as e2e/payments.spec.ts does.

/** A day some days from now, as YYYY-MM-DD, and noon of it in UTC (that day in any practice zone within 11 hours of UTC). */
function dayAhead(days: number): { day: string; noon: Date } {
  const noon = new Date(Date.now() + days * 86_400_000);
  const day = noon.toISOString().slice(0, 10);
  return { day, noon: new Date(`${day}T12:00:00Z`) };
}

test("a visitor gives a course for a day to come; on that day the recipient opens the mail and registers through it", async ({
  page,
  browser,
  request,
}) => {
  // Six pages checked at two widths, and a wait of up to one round of the deliveries' timed work
  // (every 15 s) for the gift's mail: past the default minute on a busy two-core machine.
  test.setTimeout(120_000);
  const recipient = newEmail("gift-recipient");
  const giver = newEmail("gift-giver");
  const { day, noon } = dayAhead(5);

  await page.goto("/gift");
  await expect(page.getByRole("heading", { name: "Give a course", level: 1 })).toBeVisible();
  await page.getByRole("radio", { name: /Partner Course/ }).check();
  await page.getByLabel("Her name").fill("Ana");
  await page.getByLabel("Her e-mail address").fill(recipient);
  await page.getByLabel("The day it arrives").fill(day);
  await page.getByLabel("Your message (optional)").fill("For your shower, with love");
  await page.getByLabel("Your name").fill("Grandma Rose");
  await page.getByLabel("Your e-mail address").fill(giver);
  await expect(page.getByText("Total: $49.00, paid once.")).toBeVisible();
  await accessibleAtBothWidths(page);
  await page.getByRole("button", { name: "Go to payment" }).click();

  await expect(page).toHaveURL(new RegExp(`^${stripeUrl()}/pay/cs_test_[a-f0-9]+$`));
  const sessionId = new URL(page.url()).pathname.split("/").pop()!;
  const session = await standInSession(request, sessionId);
  // The plan's own price, paid once, by the giver.
  expect(session).toMatchObject({ mode: "payment", amount_total: 4900, currency: "usd", customer_email: giver });
  await page.getByRole("link", { name: "Pay" }).click();
  await expect(page).toHaveURL(/\/gift\?given=1$/);
  await expect(page.getByRole("heading", { name: "Thank you for your gift" })).toBeVisible();
  await accessibleAtBothWidths(page);
  await deliverCheckoutCompleted(request, session, { payment_intent: `pi_${sessionId}` });

  // The giver's receipt comes at once, with her link to change the gift until its day.
  const receipt = await mailTo(giver, "Your gift for Ana: Partner Course");
  await page.goto(linkIn(receipt, "/gift/change").replace(/^https?:\/\/[^/]+/, ""));
  await expect(page.getByRole("heading", { name: "Your gift for Ana" })).toBeVisible();
  await expect(page.getByLabel("The day it arrives")).toHaveValue(day);
  await accessibleAtBothWidths(page);

  // The studio lists it, waiting for its day.
  const studio = await instructorPage(browser);
  await studio.goto("/studio/gifts");
  const row = studio
    .getByRole("row")
    .filter({ has: studio.getByRole("rowheader", { name: new RegExp(recipient.replace(/[.+]/g, "\\$&")) }) });
  await expect(row).toContainText("Waiting for its day");
  await accessibleAtBothWidths(studio);
  await studio.context().close();

  const recipientContext = await browser.newContext();
  try {
    // Its day comes, for the server and for her browser: the timed work mails it.
    moveServerClock(noon);
    await recipientContext.clock.install({ time: noon });
    const gift = await mailTo(recipient, "Grandma Rose has given you Partner Course", { timeout: 45_000 });
    expect(gift.text).toContain("For your shower, with love");
    const herPage = await recipientContext.newPage();
    await herPage.goto(linkIn(gift, "/gift/redeem").replace(/^https?:\/\/[^/]+/, ""));
    await expect(herPage.getByRole("heading", { name: "A gift for you" })).toBeVisible();
    await accessibleAtBothWidths(herPage);
    await herPage.getByRole("link", { name: "Create your account" }).click();
    await expect(herPage).toHaveURL(/\/register\?gift_token=/);
    await expect(herPage.getByText("Someone has given you a course: create your account here")).toBeVisible();
    await expect(herPage.getByLabel("Access code")).toHaveCount(0);
    await expect(herPage.getByLabel("Email")).toHaveValue(recipient);
    await herPage.getByLabel("First name (optional)").fill("Ana");
    await herPage.getByLabel("Password").fill(PASSWORD);
    await herPage.getByRole("button", { name: "Register" }).click();
    await expect(herPage).toHaveURL(/\/library$/);
    // The course is hers: no preview notice, its lessons open.
    await herPage.goto("/course?course=3");
    await expect(herPage.getByRole("heading", { level: 1 })).toBeVisible();
    await expect(herPage.getByText("You are previewing this course.")).toHaveCount(0);
  } finally {
    moveServerClock(null);
    await recipientContext.close();
  }
});

test("a birth client makes her registry, and a friend contributes to her doula care through it", async ({ browser, request }) => {
  test.setTimeout(120_000);
  // The doula takes her on (as e2e/care.spec.ts does through the studio's screens; here through its API).
  const doula = await instructorPage(browser);
  const carePackage = await doula.request.post("/reactapi/studio/care/packages", {
    data: { name: `Birth support ${Date.now()}`, fee: 150_000, currency: "USD", deposit: 30_000, instalments: 2 },
  });
  expect(carePackage.status(), await carePackage.text()).toBe(201);
  const email = newEmail("registry-mother");
  const added = await doula.request.post("/reactapi/studio/care/clients", {
    data: { email, first_name: "Rosa", last_name: "Díaz", due_date: "2027-06-01", package_id: (await carePackage.json()).id },
  });
  expect(added.status(), await added.text()).toBe(201);
  await doula.context().close();

  const invitation = new URL(linkIn(await mailTo(email, /has opened your client space$/), "/care")).searchParams.get("invitation")!;
  const motherContext = await browser.newContext({ locale: "en-GB", viewport: { width: 390, height: 844 } });
  const mother = await motherContext.newPage();
  await mother.goto(`/register?care_invitation=${invitation}`);
  await expect(mother.getByLabel("Email")).toHaveValue(email);
  await mother.getByLabel("Password").fill(PASSWORD);
  await mother.getByRole("button", { name: "Register" }).click();
  await expect(mother).toHaveURL(/\/care$/);

  // On /account she makes her registry: her words, and contributions to her doula care.
  await mother.goto("/account");
  const section = mother.getByRole("region", { name: "Your birth registry" });
  await section.getByLabel("A line in your words (optional)").fill("Help us welcome our first baby calmly.");
  await expect(section.getByRole("checkbox", { name: "A contribution to my doula care" })).toBeChecked();
  await section.getByRole("button", { name: "Make my registry" }).click();
  await expect(section.getByRole("status")).toContainText("Saved your registry.");
  const registryLink = section.getByRole("link", { name: /\/registry\/rosa-/ });
  const registryPath = (await registryLink.getAttribute("href"))!;
  await accessibleAtBothWidths(mother);

  // A friend opens the link: Rosa's first name and words, nothing else of her.
  const friendContext = await browser.newContext({ locale: "en-GB" });
  try {
    const friend = await friendContext.newPage();
    await friend.goto(registryPath);
    await expect(friend.getByRole("heading", { name: "Rosa's birth registry", level: 1 })).toBeVisible();
    await expect(friend.getByText("Help us welcome our first baby calmly.")).toBeVisible();
    await expect(friend.getByText("Díaz")).toHaveCount(0);
    await expect(friend.getByText(email)).toHaveCount(0);
    await accessibleAtBothWidths(friend);
    await friend.getByRole("radio", { name: "A contribution to her doula care" }).check();
    await friend.getByLabel("Amount (USD)").fill("50");
    await friend.getByLabel("Your name").fill("Lucía Fernández");
    await friend.getByLabel("Your e-mail address").fill(newEmail("registry-friend"));
    await friend.getByLabel("Your message (optional)").fill("For the calm you deserve");
    await friend.getByRole("button", { name: "Go to payment" }).click();
    await expect(friend).toHaveURL(new RegExp(`^${stripeUrl()}/pay/cs_test_[a-f0-9]+$`));
    const sessionId = new URL(friend.url()).pathname.split("/").pop()!;
    const session = await standInSession(request, sessionId);
    expect(session).toMatchObject({ mode: "payment", amount_total: 5000, currency: "usd" });
    await friend.getByRole("link", { name: "Pay" }).click();
    await expect(friend.getByRole("status")).toContainText("Thank you.");
    await deliverCheckoutCompleted(request, session, { payment_intent: `pi_${sessionId}` });
    await friend.reload();
    await expect(friend.getByRole("region", { name: "Given so far" })).toContainText("Lucía: “For the calm you deserve”");
  } finally {
    await friendContext.close();
  }

  // The doula sees it in Studio → Plans → Gifts.
  const studio = await instructorPage(browser);
  await studio.goto("/studio/gifts");
  const contributions = studio.getByRole("table", { name: "Through birth registries" });
  await expect(contributions.getByRole("row").filter({ hasText: "Lucía Fernández" }).first()).toContainText("Towards her doula care");
  await accessibleAtBothWidths(studio);
  await studio.context().close();

  // She is told, and her client space shows what her registry paid.
  await mailTo(email, "Lucía Fernández gave you US$50.00 towards your doula care");
  await mother.goto("/care");
  await expect(mother.getByText(/\$50\.00 paid from your registry; the rest is due by/)).toBeVisible();
  await motherContext.close();
});
