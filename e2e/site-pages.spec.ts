import { expect, test } from "./test.ts";
import { accessibleAtBothWidths, instructorPage, mailTo, newEmail, signedInMember } from "./helpers.ts";

// Her public face (docs/product.md, Screens: /about, /contact, /links): she writes her About page and her helpful
// links in the studio; a visitor finds them, and the Contact form, from the menu, with no account.

test.describe("her public pages", () => {
  test("she writes About and Helpful links; a visitor reads them and writes to her from Contact, which lands in her inbox, and she replies by mail", async ({
    browser,
  }) => {
    test.setTimeout(180_000);
    const run = Date.now().toString(36).slice(-4);
    const studio = await instructorPage(browser);
    await studio.goto("/studio/site");
    await expect(studio.getByRole("heading", { name: "Site", level: 1 })).toBeVisible();
    // The editor loads once a hand is seen on the page (web/src/studio-kit/rich-text-field.tsx), and
    // says so until then: the hand is looked for from when the field is there, so the pointer moves after it appears.
    await expect(studio.getByText("The editor opens when you touch or type on the page.")).toBeVisible();
    const story = studio.getByRole("textbox", { name: "Your story" });
    // The editor loads for a field on (or near) the screen: she scrolls to it, as a hand would, and
    // moves again if the page was still waking at her first move.
    await studio.getByText("Your story", { exact: true }).first().scrollIntoViewIfNeeded();
    await expect(async () => {
      await studio.mouse.move(20, 20);
      await studio.mouse.move(200, 300);
      await expect(story).toBeVisible({ timeout: 2_000 });
    }).toPass({ timeout: 30_000 });
    await story.click();
    await studio.keyboard.press("Control+A");
    await studio.keyboard.type(`I have walked beside families for twelve years ${run}.`);
    await studio.getByLabel("Training and credentials (one per line)").fill("Certified birth doula\nLactation counsellor");
    await studio.getByRole("button", { name: "Add a testimonial" }).click();
    await studio.getByLabel("The mother's first name").last().fill("Maya");
    await studio.getByLabel("What she said").last().fill("She made my second birth a calm one.");
    await studio.getByRole("button", { name: "Save About" }).click();
    await expect(studio.getByText("Your About page is saved.")).toBeVisible();
    await studio.getByRole("button", { name: "Add a link" }).click();
    const links = studio.getByRole("form", { name: "Helpful links" });
    await links.getByLabel("Title").last().fill(`Evidence Based Birth ${run}`);
    await links.getByLabel("Address").last().fill("https://evidencebasedbirth.com");
    await links.getByLabel("Why it helps (optional)").last().fill("Research on birth, explained kindly.");
    await studio.getByRole("button", { name: "Save links" }).click();
    await expect(studio.getByText("Your helpful links are saved.")).toBeVisible();
    await accessibleAtBothWidths(studio);

    // A visitor on her phone, from the menu: no Logout for her, and no address that sends her to log in.
    const visitorContext = await browser.newContext({ viewport: { width: 390, height: 844 } });
    const visitor = await visitorContext.newPage();
    await visitor.clock.install();
    await visitor.goto("/");
    const openMenu = async () => {
      await visitor.getByRole("button", { name: "Open menu" }).click();
      return visitor.getByRole("navigation", { name: "Site menu" });
    };
    let menu = await openMenu();
    await expect(menu.getByRole("button", { name: "Logout" })).toHaveCount(0);
    await menu.getByRole("link", { name: "About" }).click();
    await expect(visitor).toHaveURL(/\/about$/);
    await expect(visitor.getByText(`I have walked beside families for twelve years ${run}.`)).toBeVisible();
    await expect(visitor.getByRole("listitem").filter({ hasText: "Lactation counsellor" })).toBeVisible();
    await expect(visitor.getByText("She made my second birth a calm one.")).toBeVisible();
    await accessibleAtBothWidths(visitor);

    menu = await openMenu();
    await menu.getByRole("link", { name: "Helpful Links" }).click();
    await expect(visitor).toHaveURL(/\/links$/);
    await expect(visitor.getByRole("link", { name: `Evidence Based Birth ${run}` })).toHaveAttribute(
      "href",
      "https://evidencebasedbirth.com",
    );
    await accessibleAtBothWidths(visitor);

    menu = await openMenu();
    await menu.getByRole("link", { name: "Contact" }).click();
    await expect(visitor).toHaveURL(/\/contact$/);
    const email = newEmail("contact");
    await visitor.getByLabel("Your name").fill("Ruth");
    await visitor.getByLabel("E-mail address").fill(email);
    await visitor.getByLabel("Birth Support", { exact: true }).check();
    await visitor.getByLabel("Your message").fill(`Are you free for a birth in August? ${run}`);
    await accessibleAtBothWidths(visitor);
    // A person takes a few seconds to write; the form's clock says so.
    await visitor.clock.fastForward(15_000);
    await visitor.getByRole("button", { name: "Send message" }).click();
    await expect(visitor.getByText(/^Thank you: your message is with her/)).toBeVisible();
    await accessibleAtBothWidths(visitor);
    for (const page of [visitor]) await expect(page.getByText(/placeholder|VIDEO INFO HERE/i)).toHaveCount(0);

    // She answers from the inbox; the visitor's mail program receives it, with Reply-To her own address.
    await studio.goto("/studio/inbox");
    await expect(studio.getByText(`Are you free for a birth in August? ${run}`)).toBeVisible();
    const message = studio.getByRole("listitem", { name: new RegExp(`Contact from ${email.replace(/[.+]/g, "\\$&")}`) });
    await message.getByRole("button", { name: `Reply to ${email} (visitor)` }).click();
    await studio.getByLabel(`Your reply to ${email}`).fill(`Hello Ruth,\n\nYes, I am free in August ${run}. Shall we talk on Thursday?`);
    await accessibleAtBothWidths(studio);
    await studio.getByRole("button", { name: "Send reply" }).click();
    await expect(studio.getByRole("status").filter({ hasText: "Sent your reply" })).toContainText(`Sent your reply to ${email}.`);
    await expect(message.getByRole("region", { name: /Your replies to/ })).toContainText(`Yes, I am free in August ${run}.`);
    const reply = await mailTo(email, /^Re: your message to /);
    expect(reply.text).toContain(`Yes, I am free in August ${run}. Shall we talk on Thursday?`);
    expect(reply.text).toContain(`> Are you free for a birth in August? ${run}`);
    expect(reply.headers["reply-to"]).toBe("hello@calmbirthcircle.example");
    await visitorContext.close();
    await studio.context().close();
  });

  test("she writes to all members: the mail arrives with a one-click unsubscribe, and the note shows on /home until she removes it", async ({
    browser,
  }) => {
    const run = Date.now().toString(36).slice(-4);
    const memberContext = await browser.newContext({ viewport: { width: 390, height: 844 } });
    const member = await memberContext.newPage();
    const email = await signedInMember(member, "announced");
    const studio = await instructorPage(browser);
    await studio.goto("/studio/announcements");
    await studio.getByLabel("Subject").fill(`Closed for the holidays ${run}`);
    await studio.getByLabel("Message").fill("Back on the 3rd.\n\nRest well, all of you.");
    await studio.getByRole("button", { name: "Send announcement…" }).click();
    await expect(studio.getByRole("group", { name: "Send it now?" })).toContainText("to all members now?");
    await accessibleAtBothWidths(studio);
    await studio.getByRole("button", { name: "Yes, send it" }).click();
    await expect(studio.getByRole("status").filter({ hasText: "Sent" })).toContainText(`Sent “Closed for the holidays ${run}” to`);
    await expect(studio.getByRole("heading", { name: `Closed for the holidays ${run}`, level: 3 })).toBeVisible();

    const mail = await mailTo(email, `Closed for the holidays ${run}`);
    expect(mail.text).toContain("Rest well, all of you.");
    expect(mail.headers["list-unsubscribe-post"]).toBe("List-Unsubscribe=One-Click");
    expect(mail.headers["list-unsubscribe"]).toMatch(/^<http:\/\/127\.0\.0\.1:\d+\/reactapi\/announcements\/unsubscribe\/[a-f0-9]{64}>$/);

    await member.goto("/home");
    const card = member.getByRole("region", { name: "From your doula" });
    await expect(card.getByRole("article", { name: `Closed for the holidays ${run}` })).toContainText("Rest well, all of you.");
    await accessibleAtBothWidths(member);

    // The link at the mail's foot: one press, no sign-in (a fresh browser).
    const link = mail.text.match(/https?:\/\/\S+\/unsubscribe\?token=[a-f0-9]+/)![0];
    const stranger = await browser.newContext();
    const unsubscribe = await stranger.newPage();
    await unsubscribe.goto(link);
    await unsubscribe.getByRole("button", { name: "Stop announcement e-mails" }).click();
    await expect(unsubscribe.getByRole("status")).toContainText(`${email} will no longer receive announcements by e-mail.`);
    await accessibleAtBothWidths(unsubscribe);
    await stranger.close();

    await studio.getByRole("button", { name: `Remove Closed for the holidays ${run} from home pages` }).click();
    await expect(studio.getByRole("status").filter({ hasText: "no longer shows" })).toBeVisible();
    await member.reload();
    await expect(member.getByRole("heading", { name: "Welcome to the Beta", level: 1 })).toBeVisible();
    await expect(member.getByText(`Closed for the holidays ${run}`)).toHaveCount(0);
    await memberContext.close();
    await studio.context().close();
  });
});
