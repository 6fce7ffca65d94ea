import { readFileSync } from "node:fs";
import { expect, test } from "./test.ts";
import { pdfText } from "../testing/pdf-text.ts";
import {
  accessibleAtBothWidths,
  instructorPage,
  linkIn,
  logIn,
  mailTo,
  newEmail,
  PASSWORD,
  postAs,
  stripeUrl,
  deliverCheckoutCompleted,
  standInSession,
} from "./helpers.ts";

// docs/care.md: her birth clients' journey, from the doula's package to the mother's signed
// agreement, deposit, questionnaire and the notes she is shown.

const HANDOUT = "Comfort measures for early labour: a warm shower, slow breathing, a walk.\n";

test("the doula makes a package and invites a client, who registers from the mail, signs, pays her deposit and fills her questionnaire", async ({
  browser,
  request,
}) => {
  test.setTimeout(120_000);
  const doula = await instructorPage(browser);
  const packageName = `Birth support ${Date.now()}`;

  // Studio → Clients → Packages: a package with a deposit and two instalments; the agreement starts from the default.
  await doula.goto("/studio/clients");
  await expect(doula.getByRole("heading", { name: "Clients", level: 1 })).toBeVisible();
  await doula.getByRole("link", { name: "Packages" }).click();
  await doula.getByRole("button", { name: "New package" }).click();
  const form = doula.getByRole("form", { name: "New package" });
  await form.getByLabel("Name", { exact: true }).fill(packageName);
  await form.getByLabel("Fee", { exact: true }).fill("1500");
  await form.getByLabel("Deposit", { exact: true }).fill("300");
  await form.getByLabel("Instalments after the deposit").fill("2");
  // Her agreement in the editor, a field put where her cursor is (filled for each client).
  const insertName = form.getByRole("button", { name: "Insert client_name" });
  await insertName.scrollIntoViewIfNeeded();
  const agreementEditor = form.getByRole("textbox", { name: "Agreement" });
  await agreementEditor.click();
  await agreementEditor.pressSequentially("Welcome, ");
  await insertName.click();
  await agreementEditor.pressSequentially(". We begin with a call.");
  await expect(agreementEditor).toContainText("Welcome, {{client_name}}. We begin with a call.");
  await form.getByRole("button", { name: "Create the package" }).click();
  await expect(doula.getByRole("status").filter({ hasText: `Created the package "${packageName}".` })).toBeVisible();
  await accessibleAtBothWidths(doula);

  // Studio → Clients → Questionnaires: one plain question and one sensitive one.
  await doula.goto("/studio/questionnaires");
  const questionnaireTitle = `Intake ${Date.now()}`;
  await doula.getByLabel("Title").fill(questionnaireTitle);
  await doula
    .getByRole("group", { name: "Question 1" })
    .getByLabel("Question", { exact: true })
    .fill("What name would you like me to use?");
  await doula.getByRole("button", { name: "Add a question" }).click();
  const second = doula.getByRole("group", { name: "Question 2" });
  await second.getByLabel("Kind").selectOption("long_text");
  await second.getByLabel("Question", { exact: true }).fill("How was an earlier birth for you?");
  await second.getByLabel(/^Sensitive/).check();
  await doula.getByRole("button", { name: "Create the questionnaire" }).click();
  await expect(doula.getByRole("status").filter({ hasText: `Created the questionnaire "${questionnaireTitle}".` })).toBeVisible();
  await accessibleAtBothWidths(doula);

  // Studio → Clients: she adds Rosa with her due date and the package; the client's page opens.
  const email = newEmail("care-client");
  await doula.goto("/studio/clients");
  await doula.getByLabel("E-mail").fill(email);
  await doula.getByLabel("First name").fill("Rosa");
  await doula.getByLabel("Last name").fill("Díaz");
  await doula.getByLabel("Due date").fill("2027-06-01");
  const packageChoice = doula.getByRole("combobox", { name: /^Package/ });
  await packageChoice.selectOption((await packageChoice.locator("option", { hasText: packageName }).getAttribute("value"))!);
  await doula.getByRole("button", { name: "Add and send her link" }).click();
  await expect(doula).toHaveURL(/\/studio\/clients\/\d+$/);
  const clientPage = doula.url();
  await expect(doula.getByRole("heading", { name: "Rosa Díaz", level: 1 })).toBeVisible();
  await expect(doula.getByText("Waiting for her signature.")).toBeVisible();
  await doula.getByLabel("Questionnaire to send").selectOption({ label: questionnaireTitle });
  await doula.getByRole("button", { name: "Send to her" }).click();
  await expect(doula.getByRole("status").filter({ hasText: "Sent. She finds it in her client space." })).toBeVisible();
  await doula.getByLabel("A note of this visit").fill("Anxious about the hospital; talk it through next time.");
  await doula.getByRole("button", { name: "Save the note" }).click();
  await expect(doula.getByRole("status").filter({ hasText: "Saved the note, for you alone." })).toBeVisible();
  await doula.getByLabel("A note of this visit").fill("Try the breathing lesson before our next visit.");
  await doula.getByLabel(/^Share it with her/).check();
  await doula.getByRole("button", { name: "Save the note" }).click();
  await expect(doula.getByRole("status").filter({ hasText: "Saved the note. She sees it in her client space." })).toBeVisible();
  // A handout for her: shared through the page's own upload, downloaded from her space below.
  await doula
    .getByLabel("A file for her")
    .setInputFiles({ name: "comfort-measures.txt", mimeType: "text/plain", buffer: Buffer.from(HANDOUT) });
  await doula.getByRole("button", { name: "Share the file" }).click();
  await expect(doula.getByRole("status").filter({ hasText: /^Shared "comfort-measures\.txt"/ })).toBeVisible();
  await expect(doula.getByRole("link", { name: "comfort-measures.txt" })).toBeVisible();
  // Her first instalment, for her alone: later and smaller; her agreement, unsigned yet, is made again with it.
  await doula.getByText("Change her payments' days or amounts").click();
  const schedule = doula.getByRole("form", { name: "Her payments' days and amounts" });
  const first = schedule.getByRole("group", { name: "Instalment 1" });
  await first.getByLabel("Amount (USD)").fill("550");
  await schedule.getByRole("button", { name: "Save her new schedule" }).click();
  await expect(
    doula
      .getByRole("status")
      .filter({ hasText: "Her payments are changed, and her agreement is made again with them: she signs the new one." }),
  ).toBeVisible();
  await expect(doula.getByRole("row", { name: /Instalment 1/ })).toContainText("$550.00");
  await accessibleAtBothWidths(doula, { phone: 360 });
  // Her clients on a phone: a card each, her stage and what she owes under their names, nothing off the side.
  await doula.goto("/studio/clients");
  const rosaRow = doula.getByRole("row").filter({ has: doula.locator(`a[href="${new URL(clientPage).pathname}"]`) });
  await expect(rosaRow).toContainText("Invited");
  await accessibleAtBothWidths(doula, { phone: 360 });
  await doula.setViewportSize({ width: 360, height: 740 });
  const stage = (await rosaRow
    .getByRole("cell")
    .filter({ hasText: /^Invited$/ })
    .boundingBox())!;
  expect(stage.x + stage.width, "her stage is on the screen, not off its side").toBeLessThanOrEqual(360);
  await doula.setViewportSize({ width: 1280, height: 900 });

  // The mother opens the mailed link: she has no account, so it takes her to register with no access code.
  const mail = await mailTo(email, /has opened your client space$/);
  const link = linkIn(mail, "/care");
  expect(new URL(link).searchParams.get("invitation")).toBeTruthy();
  const motherContext = await browser.newContext({ locale: "en-GB", viewport: { width: 390, height: 844 }, acceptDownloads: true });
  const mother = await motherContext.newPage();
  await mother.goto(link.replace(/^https?:\/\/[^/]+/, ""));
  await expect(mother).toHaveURL(/\/login$/);
  await expect(mother.getByText("Your doula has opened a client space for you.")).toBeVisible();
  await mother.getByRole("link", { name: /Create your account/ }).click();
  await expect(mother).toHaveURL(/\/register\?care_invitation=/);
  await expect(mother.getByLabel("Access code")).toHaveCount(0);
  // What her doula typed is there already; registering signs her in and opens her space.
  await expect(mother.getByLabel("Email")).toHaveValue(email);
  await expect(mother.getByLabel("First name (optional)")).toHaveValue("Rosa");
  await mother.getByLabel("Password").fill(PASSWORD);
  await mother.getByRole("button", { name: "Register" }).click();
  await expect(mother).toHaveURL(/\/care$/);
  await expect(mother.getByRole("heading", { name: "Your client space", level: 1 })).toBeVisible();
  await expect(mother.getByText(/Your doula is on call for you from 18 May to 21 June\./)).toBeVisible();
  await expect(mother.getByRole("heading", { name: /^Your doula, / })).toBeVisible();
  await expect(mother.getByRole("link", { name: /@/ }).first()).toHaveAttribute("href", /^mailto:/);
  await expect(mother.getByText("Try the breathing lesson before our next visit.")).toBeVisible();
  await expect(mother.getByText(/Anxious about the hospital/)).toHaveCount(0);
  const [handout] = await Promise.all([
    mother.waitForEvent("download"),
    mother.getByRole("region", { name: "Files from your doula" }).getByRole("link", { name: "comfort-measures.txt" }).click(),
  ]);
  expect(handout.suggestedFilename()).toBe("comfort-measures.txt");
  expect(readFileSync((await handout.path())!, "utf8")).toBe(HANDOUT);
  await expect(mother.getByRole("button", { name: /^Pay / })).toHaveCount(0);
  await accessibleAtBothWidths(mother);

  // She reads and signs.
  const agreement = mother.getByRole("region", { name: "The agreement" });
  await expect(agreement).toContainText("Welcome, Rosa Díaz. We begin with a call.");
  await mother.getByRole("button", { name: "Sign the agreement" }).click();
  await expect(mother.getByRole("alert")).toBeVisible();
  await mother.getByLabel("Your full name").fill("Rosa Díaz");
  // She signs with her finger too (the pad is optional): a stroke across it.
  const pad = (await mother.getByRole("img", { name: "Draw your signature (optional)" }).boundingBox())!;
  await mother.mouse.move(pad.x + 20, pad.y + pad.height / 2);
  await mother.mouse.down();
  await mother.mouse.move(pad.x + pad.width / 2, pad.y + 20, { steps: 8 });
  await mother.mouse.move(pad.x + pad.width - 20, pad.y + pad.height - 20, { steps: 8 });
  await mother.mouse.up();
  await expect(mother.getByRole("button", { name: "Clear the drawing" })).toBeVisible();
  await mother.getByLabel("I have read and agree").check();
  await mother.getByRole("button", { name: "Sign the agreement" }).click();
  // The moment names its zone, as her PDF names the practice's.
  await expect(
    mother.getByText(/You signed your agreement on .+\d{2}(?: [ap]m)? (?:UTC|GMT[+-]?\d*|[A-Z]{3,5}) as Rosa Díaz\./),
  ).toBeVisible();

  const [download] = await Promise.all([
    mother.waitForEvent("download"),
    mother.getByRole("link", { name: "Download your signed agreement (PDF)" }).click(),
  ]);
  const pdf = await pdfText(new Uint8Array(readFileSync((await download.path())!)));
  expect(pdf).toContain("Rosa Díaz");
  expect(pdf).toMatch(/[0-9a-f]{64}/);

  // The deposit, through Stripe (the stand-in), confirmed by the webhook.
  await mother.getByRole("button", { name: /^Pay Deposit, \$300\.00$/ }).click();
  await expect(mother).toHaveURL(new RegExp(`^${stripeUrl()}/pay/cs_test_[a-f0-9]+$`));
  const sessionId = new URL(mother.url()).pathname.split("/").pop()!;
  await mother.getByRole("link", { name: "Pay" }).click();
  await expect(mother).toHaveURL(/\/care\?paid=\d+$/);
  await expect(mother.getByText(/Thank you\. Your payment shows as paid here/)).toBeVisible();
  const session = await standInSession(request, sessionId);
  expect(session).toMatchObject({ mode: "payment", amount_total: 30_000, currency: "usd" });
  await deliverCheckoutCompleted(request, session);
  await mother.reload();
  await expect(mother.getByText(/^Paid on /)).toBeVisible();

  // Her questionnaire: the sensitive question waits for her consent; she says when she is done.
  await mother.getByRole("link", { name: questionnaireTitle }).click();
  await expect(mother.getByRole("heading", { name: questionnaireTitle, level: 1 })).toBeVisible();
  await mother.getByLabel("What name would you like me to use?").fill("Rosa");
  const sensitive = mother.getByLabel(/How was an earlier birth for you\?/);
  await expect(sensitive).toBeDisabled();
  await mother.getByLabel("I agree that my doula keeps these answers to care for me").check();
  await sensitive.fill("Long, but I felt looked after.");
  await expect(mother.getByText("Saved.")).toBeVisible();
  await accessibleAtBothWidths(mother);
  await mother.getByRole("button", { name: "I am done: send to my doula" }).click();
  await expect(mother.getByText(/Sent to your doula\. Thank you/)).toBeVisible();

  // A message to her doula, from her space.
  await mother.getByRole("link", { name: "Back to your client space" }).click();
  await mother.getByLabel("Your message").fill("Thank you for today.");
  await mother.getByRole("button", { name: "Send", exact: true }).click();
  await expect(mother.getByRole("status").filter({ hasText: "Sent to your doula." })).toBeVisible();
  await expect(mother.getByText("Thank you for today.")).toBeVisible();

  // The doula hears of each, once, in Studio → Notifications, the new ones counted in the studio's sections.
  await doula.goto("/studio");
  await expect(doula.getByRole("link", { name: /^Notifications \(\d+ new\)$/ })).toBeVisible();
  await doula.goto("/studio/notifications");
  const clientPath = new URL(clientPage).pathname;
  for (const told of [
    "Rosa Díaz signed her agreement.",
    "Rosa Díaz paid her deposit: $300.00.",
    `Rosa Díaz answered “${questionnaireTitle}”.`,
    "Rosa Díaz wrote to you.",
  ])
    await expect(doula.locator(`a[href="${clientPath}"]`, { hasText: told })).toHaveCount(1);
  await accessibleAtBothWidths(doula, { phone: 360 });
  await expect(doula.getByRole("link", { name: "Notifications", exact: true })).toBeVisible();

  // The doula sees the signature, the payment, the answers and the message.
  await doula.goto(clientPage);
  await expect(doula.getByText("Rosa Díaz", { exact: true }).first()).toBeVisible();
  await expect(doula.getByText(/^Signed by$/)).toBeVisible();
  await expect(doula.getByText("Yes, on the PDF")).toBeVisible();
  await expect(doula.getByRole("row", { name: /Deposit/ })).toContainText("Paid");
  await doula.getByText(`${questionnaireTitle}: done`).click();
  await expect(doula.getByText("Long, but I felt looked after.")).toBeVisible();
  await expect(doula.getByText("Thank you for today.")).toBeVisible();
  await accessibleAtBothWidths(doula, { phone: 360 });

  // A refund goes through Stripe (the stand-in) once she confirms it; both sides then read it as refunded.
  doula.once("dialog", (dialog) => void dialog.accept());
  await doula
    .getByRole("row", { name: /Deposit/ })
    .getByRole("button", { name: "Refund through Stripe" })
    .click();
  await expect(doula.getByRole("status").filter({ hasText: /in full through Stripe\./ })).toBeVisible();
  await expect(doula.getByRole("row", { name: /Deposit/ })).toContainText("Refunded");
  await expect(doula.getByRole("row", { name: /Deposit/ }).getByRole("button", { name: "Refund through Stripe" })).toHaveCount(0);
  await mother.reload();
  await expect(mother.getByText("Refunded to you")).toBeVisible();
  await motherContext.close();
  await doula.context().close();
});

test("a mother chooses what she pays among her package's fees, then reads and signs the agreement made with it", async ({ browser }) => {
  test.setTimeout(90_000);
  const doula = await instructorPage(browser);
  const packageName = `Sliding scale ${Date.now()}`;
  const { id: packageId } = await postAs(doula, "/reactapi/studio/care/packages", {
    name: packageName,
    fee: 150_000,
    currency: "USD",
    deposit: 30_000,
    instalments: 1,
    agreement: "<p>Your fee is {{fee}}: {{schedule}}.</p>",
    tiers: [
      { name: "Supported", price: 90_000, line: "For a tighter budget" },
      { name: "Standard", price: 150_000, line: "" },
      { name: "Supporter", price: 180_000, line: "Helps another family" },
    ],
  });
  const email = newEmail("care-tiers");
  const { id: recordId } = await postAs(doula, "/reactapi/studio/care/clients", {
    email,
    first_name: "Lena",
    last_name: "Berg",
    due_date: "2027-06-01",
    package_id: packageId,
  });
  const token = new URL(linkIn(await mailTo(email, /has opened your client space/), "/care")).searchParams.get("invitation");
  const mother = await (await browser.newContext({ locale: "en-GB", viewport: { width: 390, height: 844 } })).newPage();
  await mother.goto("/login");
  await postAs(mother, "/reactapi/users/register", { email, password: PASSWORD, first_name: "Lena", care_invitation: token });
  await logIn(mother, email);
  // Signed in only once the login has answered: leaving earlier would cancel it.
  await expect(mother).toHaveURL(/\/home$/);
  await mother.goto("/care");

  // Her agreement names her fee, so she chooses it first; nobody asks why.
  const fees = mother.getByRole("group", { name: "What you pay" });
  await expect(fees).toBeVisible();
  await expect(fees.getByText("For a tighter budget")).toBeVisible();
  await expect(mother.getByRole("region", { name: "The agreement" })).toHaveCount(0);
  await accessibleAtBothWidths(mother);
  await fees.getByRole("radio", { name: /^Supported/ }).check();
  await mother.getByRole("button", { name: "Choose this fee" }).click();
  await expect(
    mother.getByRole("status").filter({ hasText: "Thank you. Your agreement and payments below are made with the fee you chose." }),
  ).toBeVisible();
  const agreement = mother.getByRole("region", { name: "The agreement" });
  await expect(agreement).toContainText(/Your fee is US\$900\.00|Your fee is \$900\.00/);
  await expect(mother.getByText("You can choose another fee until you sign.")).toBeVisible();
  await accessibleAtBothWidths(mother);

  await mother.getByLabel("Your full name").fill("Lena Berg");
  await mother.getByLabel("I have read and agree").check();
  await mother.getByRole("button", { name: "Sign the agreement" }).click();
  await expect(mother.getByText(/You signed your agreement on /)).toBeVisible();
  await expect(mother.getByRole("group", { name: "What you pay" })).toHaveCount(0);
  await expect(mother.getByRole("region", { name: "Payments" })).toContainText("600.00");

  // The doula sees the fee she chose.
  await doula.goto(`/studio/clients/${recordId}`);
  await expect(doula.getByText("Her fee")).toBeVisible();
  await expect(doula.getByText("Supported", { exact: true })).toBeVisible();
});
