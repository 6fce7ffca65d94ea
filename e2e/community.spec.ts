import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { type Browser, expect, type Page, test } from "./test.ts";
import { accessibleAtBothWidths, instructorPage, mailFolder, mailTo, signedInMember } from "./helpers.ts";

// The community (docs/product.md, Community): questions under lessons answered live by the doula,
// a new member's first post held for her, reports that hide a post, content notes that fold one.
test.describe("the community", () => {
  async function member(browser: Browser, prefix: string, width = 390): Promise<{ page: Page; email: string }> {
    const context = await browser.newContext({ viewport: { width, height: 844 } });
    const page = await context.newPage();
    return { page, email: await signedInMember(page, prefix) };
  }
  const mailsTo = (address: string, subject: RegExp) =>
    readdirSync(mailFolder())
      .filter((file) => file.endsWith(".json"))
      .map((file) => JSON.parse(readFileSync(path.join(mailFolder(), file), "utf8")) as { to: string; subject: string })
      .filter((mail) => mail.to === address && subject.test(mail.subject));

  test("a question under a lesson waits for the doula, who approves it, answers it live and marks the answer; reports hide a post; a note folds one", async ({
    browser,
  }) => {
    // Four people in their own browsers, each page checked for accessibility at two widths: on a
    // slow machine this journey alone takes about a minute.
    test.setTimeout(150_000);
    const run = Date.now().toString(36).slice(-4);
    const question = `Is this normal at 30 weeks? ${run}`;
    const studio = await instructorPage(browser);
    await studio.goto("/studio/community");
    const topicForm = studio.getByRole("form", { name: "New topic" });
    await topicForm.getByLabel("Topic").fill(`Third trimester ${run}`);
    await topicForm.getByRole("button", { name: "Create the topic" }).click();
    await expect(studio.getByRole("status").filter({ hasText: "Created" })).toContainText(`Created “Third trimester ${run}”.`);
    await accessibleAtBothWidths(studio);

    // Member A asks under a lesson: as a new member, her first post waits.
    const a = await member(browser, "asker");
    await a.page.goto("/lesson?course=1&lesson=1004");
    const questions = a.page.getByRole("region", { name: "Questions about this lesson" });
    const ask = questions.getByRole("form", { name: "Ask a question about this lesson" });
    await ask.getByLabel("Title").fill(question);
    await ask.getByLabel("Your words").fill("My hips ache at night. Is that **normal**?");
    await ask.getByRole("button", { name: "Post" }).click();
    await expect(ask.getByRole("status")).toContainText("Your doula reads a new member's first post");
    const asked = questions.getByRole("article", { name: question });
    await expect(asked).toContainText("Waiting for the instructor");
    await accessibleAtBothWidths(a.page);

    // The doula approves it in the studio, opens it, answers and marks her answer.
    await studio.reload();
    const waiting = studio
      .getByRole("region", { name: /Waiting for you/ })
      .getByRole("article")
      .filter({ hasText: "My hips ache" });
    await waiting.getByRole("button", { name: "Approve" }).click();
    await expect(studio.getByRole("status").filter({ hasText: "Approved" })).toBeVisible();
    // The lists are drawn again once the approval is saved; a click on the old link went nowhere.
    await expect(studio.getByRole("region", { name: "Waiting for you (0)" })).toBeVisible();
    await studio
      .getByRole("region", { name: /Questions under lessons/ })
      .getByRole("link", { name: question })
      .click();
    await expect(studio.getByRole("heading", { level: 1, name: question })).toBeVisible();
    const replyBox = studio.getByRole("form", { name: `Reply to ${question}` });
    await replyBox.getByLabel("Your reply").fill("Yes, it is very common: your ligaments soften. A pillow between the knees helps.");
    await replyBox.getByRole("button", { name: "Reply" }).click();
    const herReply = studio.getByRole("listitem").filter({ hasText: "ligaments soften" });
    await herReply.getByRole("button", { name: "Mark as the answer" }).click();
    await expect(studio.getByText("The answer from your doula")).toBeVisible();
    await accessibleAtBothWidths(studio);

    // A sees the answer arrive without reloading, and one mail.
    await expect(asked.getByText("ligaments soften")).toBeVisible();
    await expect(asked.getByText("The answer from your doula")).toBeVisible();
    await expect(asked.getByText("Your doula", { exact: true })).toBeVisible();
    await mailTo(a.email, `A reply in “${question}”`);
    expect(mailsTo(a.email, /reply/)).toHaveLength(1);

    // A, approved now, writes in the topic, once with a content note.
    await a.page.goto("/community");
    await expect(a.page.getByRole("heading", { level: 1, name: "Community" })).toBeVisible();
    await accessibleAtBothWidths(a.page);
    await a.page.getByRole("link", { name: `Third trimester ${run}` }).click();
    const start = a.page.getByRole("form", { name: "Start a conversation" });
    await start.getByLabel("Title").fill(`My birth story ${run}`);
    await start.getByLabel("Your words").fill("It did not go as planned, and I want to tell it.");
    await start.getByLabel("Content note (optional)").selectOption("Birth trauma");
    await start.getByRole("button", { name: "Post" }).click();
    await expect(start.getByRole("status")).toContainText("Posted.");
    await start.getByLabel("Title").fill(`Cheap pillows ${run}`);
    await start.getByLabel("Your words").fill("Buy this miracle pillow at a shady site!");
    await start.getByRole("button", { name: "Post" }).click();
    await expect(a.page.getByRole("link", { name: `Cheap pillows ${run}` })).toBeVisible();
    await accessibleAtBothWidths(a.page);

    // Member B reads the story folded behind its note until she chooses to show it.
    const b = await member(browser, "reader", 1280);
    await b.page.goto("/community");
    await b.page.getByRole("link", { name: `Third trimester ${run}` }).click();
    await b.page.getByRole("link", { name: `My birth story ${run}` }).click();
    const story = b.page.getByRole("listitem").filter({ hasText: "content note" });
    await expect(story).toContainText("Birth trauma");
    await expect(b.page.getByText("It did not go as planned")).toHaveCount(0);
    await accessibleAtBothWidths(b.page);
    await story.getByRole("button", { name: "Show the post (Birth trauma)" }).click();
    await expect(b.page.getByText("It did not go as planned")).toBeVisible();
    const thanks = b.page
      .getByRole("listitem")
      .filter({ hasText: "It did not go as planned" })
      .getByRole("button", { name: /Thank you/ });
    await thanks.click();
    await expect(thanks).toHaveAttribute("aria-pressed", "true");
    await expect(thanks).toHaveText(/Thank you \(1\)/);

    // Three members report the advert: it is gone for the others.
    const reportAs = async (page: Page) => {
      await page.goto("/community");
      await page.getByRole("link", { name: `Third trimester ${run}` }).click();
      await page.getByRole("link", { name: `Cheap pillows ${run}` }).click();
      const post = page.getByRole("listitem").filter({ hasText: "miracle pillow" });
      await post.getByRole("button", { name: "Report" }).click();
      await post.getByLabel("What is wrong with it?").fill("An advert, not a question.");
      await post.getByRole("button", { name: "Send the report" }).click();
      await expect(post.getByRole("status")).toContainText("Thank you for telling us.");
    };
    await reportAs(b.page);
    const c = await member(browser, "reporter-c");
    await reportAs(c.page);
    const d = await member(browser, "reporter-d");
    await reportAs(d.page);
    await b.page.goto("/community");
    await b.page.getByRole("link", { name: `Third trimester ${run}` }).click();
    await expect(b.page.getByRole("link", { name: `My birth story ${run}` })).toBeVisible();
    await expect(b.page.getByRole("link", { name: `Cheap pillows ${run}` })).toHaveCount(0);
    await studio.goto("/studio/community");
    await expect(studio.getByRole("region", { name: /Reported/ })).toContainText("An advert, not a question.");

    for (const page of [a.page, b.page, c.page, d.page, studio]) await page.context().close();
  });
});
