import { readFileSync } from "node:fs";
import { type Browser, type BrowserContext, expect, type Page, test } from "./test.ts";
import { pdfText } from "../testing/pdf-text.ts";
import { accessibleAtBothWidths, instructorPage, linkIn, mailTo, newEmail, PASSWORD, postAs, signedInMember } from "./helpers.ts";

// The timer and the birth preferences keep working offline, from the service worker. (playwright.config.ts blocks it for the other journeys.)
test.use({ serviceWorkers: "allow" });

// docs/product.md, Partner seat, Birth preferences and Contraction timer.

const DAY = 24 * 60 * 60 * 1000;

/** She invites her partner from /account; he registers through the mailed link, with no code, and is signed in. */
async function invitePartner(page: Page, browser: Browser): Promise<{ partner: Page; context: BrowserContext }> {
  const partnerEmail = newEmail("partner");
  await page.goto("/account");
  await page.getByLabel("Your partner's e-mail").fill(partnerEmail);
  await page.getByRole("button", { name: "Invite your partner" }).click();
  await expect(page.getByRole("status").filter({ hasText: `The invitation is on its way to ${partnerEmail}` })).toBeVisible();
  const mail = await mailTo(partnerEmail, /invites you to/);
  const link = linkIn(mail, "/register");
  expect(new URL(link).searchParams.get("invitation")).toBeTruthy();

  const context = await browser.newContext();
  const partner = await context.newPage();
  await partner.goto(link);
  await expect(partner.getByText("You were invited as a partner")).toBeVisible();
  await expect(partner.getByLabel("Access code")).toHaveCount(0);
  await accessibleAtBothWidths(partner);
  await expect(partner.getByLabel("Email")).toHaveValue(partnerEmail);
  await partner.getByLabel("First name (optional)").fill("Sam");
  await partner.getByLabel("Password").fill(PASSWORD);
  await partner.getByRole("button", { name: "Register" }).click();
  // The link came to his address: he is signed in at once.
  await expect(partner).toHaveURL(/\/home$/);
  return { partner, context };
}

const dadsCourse = (page: Page) => page.locator("article").filter({ hasText: "For Dads and Husbands" });

test("a member invites her partner: he joins with no code, sees the partners' course and her week, and loses them when she removes him", async ({
  page,
  browser,
}) => {
  await signedInMember(page, "partner-her");
  // Due in 63 days: 217 days, 31 completed weeks.
  const due = new Date(Date.now() + 63 * DAY).toISOString().slice(0, 10);
  const me = await postAs(page, "/reactapi/account/pacing", { due_date: due, baby_arrived: false });
  // The partners' course is not free: the instructor gives it to her, and through her it reaches him.
  const instructor = await instructorPage(browser);
  await postAs(instructor, `/reactapi/studio/members/${me.id}/courses/3/grant`, {});
  await instructor.context().close();

  const { partner, context } = await invitePartner(page, browser);
  await expect(partner.getByRole("region", { name: /With Maya/ })).toContainText("She is 31 weeks.");
  await accessibleAtBothWidths(partner);
  await partner.goto("/library");
  await expect(dadsCourse(partner)).toBeVisible();
  await expect(dadsCourse(partner)).not.toContainText("(locked)");
  // Her free courses are hers, and the community is not his.
  await expect(partner.locator("article").filter({ hasText: "Comprehensive Childbirth Education" })).toContainText("(locked)");
  await partner.getByRole("button", { name: "Open menu" }).click();
  await expect(partner.getByRole("navigation", { name: "Member menu" }).getByRole("link", { name: /Community/ })).toHaveCount(0);
  await partner.keyboard.press("Escape");

  await partner.goto("/birth-plan");
  await expect(partner.getByText("She has not shared her birth preferences with you.", { exact: false })).toBeVisible();

  await page.goto("/birth-plan");
  await page.getByRole("checkbox", { name: "Delayed cord clamping" }).check();
  await expect(page.getByRole("status").filter({ hasText: "All saved." })).toBeVisible();
  await page.goto("/account");
  await expect(page.getByText(/Sam .* is linked as your partner/)).toBeVisible();
  await accessibleAtBothWidths(page);
  await page.getByRole("checkbox", { name: "Share my birth preferences with him (read only)" }).check();
  await expect(page.getByRole("status").filter({ hasText: "Your partner sees your birth preferences." })).toBeVisible();
  await partner.goto("/birth-plan");
  await expect(partner.getByRole("heading", { name: "Maya’s birth preferences", level: 1 })).toBeVisible();
  await expect(partner.getByRole("listitem").filter({ hasText: "Delayed cord clamping" })).toBeVisible();
  await expect(partner.getByRole("checkbox")).toHaveCount(0);
  await accessibleAtBothWidths(partner);

  await page.getByRole("button", { name: "Remove partner" }).click();
  await page.getByRole("button", { name: "Yes, remove him" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Your partner's link has ended." })).toBeVisible();

  await partner.goto("/library");
  await expect(dadsCourse(partner)).toContainText("(locked)");
  await partner.goto("/home");
  await expect(partner.getByRole("heading", { name: "Welcome to the Beta" })).toBeVisible();
  await expect(partner.getByText("She is 31 weeks.")).toHaveCount(0);
  await context.close();
});

test("a birth plan is filled in, kept through a reload and a lost signal, and downloaded as a PDF with her choices", async ({
  page,
  context,
}) => {
  await signedInMember(page, "birth-plan");
  await page.goto("/birth-plan");
  await expect(page.getByRole("heading", { name: "Birth preferences", level: 1 })).toBeVisible();
  await page.getByLabel("Who supports me (names, and who they are to you)").fill("Sam, my partner");
  const pain = page.getByRole("group", { name: "Pain relief" });
  await pain.getByRole("checkbox", { name: "I would like a TENS machine" }).check();
  await page.getByLabel("Note (optional): I would like a TENS machine").fill("I have my own");
  await page.getByRole("group", { name: "Straight after the birth" }).getByRole("checkbox", { name: "Delayed cord clamping" }).check();
  await expect(page.getByRole("status").filter({ hasText: "All saved." })).toBeVisible();
  await accessibleAtBothWidths(page);

  await page.reload();
  await expect(page.getByRole("checkbox", { name: "I would like a TENS machine" })).toBeChecked();
  await expect(page.getByLabel("Note (optional): I would like a TENS machine")).toHaveValue("I have my own");

  // No signal: the change waits on the phone, and goes when the signal is back.
  await context.setOffline(true);
  await page.getByRole("checkbox", { name: "Skin-to-skin in theatre if we are both well" }).check();
  await expect(page.getByRole("status").filter({ hasText: "Saved on this phone. It will be sent" })).toBeVisible();
  await context.setOffline(false);
  await expect(page.getByRole("status").filter({ hasText: "All saved." })).toBeVisible();
  await page.reload();
  await expect(page.getByRole("checkbox", { name: "Skin-to-skin in theatre if we are both well" })).toBeChecked();

  const downloading = page.waitForEvent("download");
  await page.getByRole("link", { name: "Print or save as PDF (A4)" }).click();
  const download = await downloading;
  const text = (await pdfText(new Uint8Array(readFileSync((await download.path())!)))).replace(/\s+/g, " ");
  expect(text).toContain("Birth preferences");
  expect(text).toContain("Maya");
  expect(text).toContain("Supported by Sam, my partner");
  expect(text).toContain("I would like a TENS machine: I have my own");
  expect(text).toContain("Delayed cord clamping");
  expect(text).toContain("Skin-to-skin in theatre if we are both well");
});

test("the timer, offline in the installed app with its clock moved, records contractions 5 minutes apart for an hour, says 5-1-1, and syncs to her partner", async ({
  page,
  context,
  browser,
}) => {
  await context.grantPermissions(["clipboard-read", "clipboard-write"]);
  await page.clock.install();
  await signedInMember(page, "timer");
  const { partner, context: partnerContext } = await invitePartner(page, browser);
  await page.goto("/account");
  await page.getByLabel("Share my contraction timer with him, live").check();
  await expect(page.getByRole("status").filter({ hasText: "Your partner sees your contraction timer." })).toBeVisible();

  await page.goto("/timer");
  await expect(page.getByRole("button", { name: "Start contraction" })).toBeVisible();
  await page.evaluate(() => navigator.serviceWorker.ready);
  await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);
  await accessibleAtBothWidths(page);

  // No signal at all: the installed app still opens the timer.
  await context.setOffline(true);
  await page.reload();
  const button = page.getByRole("button", { name: "Start contraction" });
  await expect(button).toBeVisible();
  const box = (await button.boundingBox())!;
  expect(Math.min(box.width, box.height)).toBeGreaterThanOrEqual(64);
  // Held still while she times, so each contraction lasts exactly the minute the clock moves on
  // (a busy machine would otherwise add a second between the two clicks).
  await page.clock.pauseAt(Date.now() + 60_000);
  for (let contraction = 0; contraction < 13; contraction += 1) {
    await page.getByRole("button", { name: "Start contraction" }).click();
    await expect(page.getByRole("status").filter({ hasText: "Contraction started" })).toBeAttached();
    await page.clock.fastForward("01:00");
    await page.getByRole("button", { name: "Stop contraction" }).click();
    await expect(page.getByRole("status").filter({ hasText: "It lasted 1 min." })).toBeAttached();
    if (contraction < 12) await page.clock.fastForward("04:00");
  }
  await page.clock.resume();
  await expect(
    page.getByRole("alert").filter({ hasText: "This is the pattern your care provider asked you to call about." }),
  ).toBeVisible();
  await expect(page.getByText("Saved on this phone. It will be sent when you are back online.")).toBeVisible();
  await page.getByRole("button", { name: "Copy as text" }).click();
  const log = await page.evaluate(() => navigator.clipboard.readText());
  expect(log).toContain("Contractions timed (5-1-1 rule)");
  expect(log).toContain("13. ");
  expect(log).toContain("lasted 1 min, 5 min after the one before");

  // His timer follows hers; it shows the session once hers is back online.
  await partner.goto("/timer");
  await expect(partner.getByRole("heading", { name: "Maya’s contraction timer" })).toBeVisible();
  await expect(partner.getByText("Maya has not timed a contraction yet.", { exact: false })).toBeVisible();
  await context.setOffline(false);
  await expect(page.getByText("Saved on this phone and in your account.")).toBeVisible();
  await expect(partner.locator("ol li")).toHaveCount(13, { timeout: 2_000 });
  await expect(
    partner.getByRole("alert").filter({ hasText: "This is the pattern your care provider asked you to call about." }),
  ).toBeVisible();
  await accessibleAtBothWidths(partner);
  await partnerContext.close();
});

test("the instructor adds a section to the birth preferences in the studio, and a member finds it with its lesson", async ({
  page,
  browser,
}) => {
  const instructor = await instructorPage(browser);
  await instructor.goto("/studio/birth-plan");
  await expect(instructor.getByRole("heading", { name: "Birth preferences", level: 1 })).toBeVisible();
  await accessibleAtBothWidths(instructor);
  await instructor.getByRole("button", { name: "Add a section" }).click();
  const sections = instructor.getByRole("group", { name: /^Section \d+$/ });
  const added = sections.last();
  await added.getByLabel("Section title").fill("Music and words");
  await added.getByLabel("Option 1").fill("A playlist I chose");
  await added.getByLabel("Learn about this (lesson)").fill("Your birth preferences · Comprehensive Childbirth Education");
  await instructor.getByRole("button", { name: "Save sections" }).click();
  await expect(instructor.getByRole("status").filter({ hasText: "Members see these sections and options now." })).toBeVisible();
  await instructor.context().close();

  await signedInMember(page, "plan-sections");
  await page.goto("/birth-plan");
  const music = page.getByRole("group", { name: "Music and words" });
  await expect(music.getByRole("checkbox", { name: "A playlist I chose" })).toBeVisible();
  await music.getByRole("link", { name: /Learn about this/ }).click();
  await expect(page).toHaveURL(/\/lesson\?course=1&lesson=1002$/);
});
