import { randomBytes } from "node:crypto";
import { readFile } from "node:fs/promises";
import { expect, test } from "./test.ts";
import { accessibleAtBothWidths, expectAccessible, instructorPage, logIn, newEmail, PASSWORD, signedInMember } from "./helpers.ts";

// The instructor's studio, as she meets it: the setup link from the start-up log, then her
// members and access codes, with a member in a second browser seeing what she changes.

test.describe("the instructor's studio", () => {
  test("sets up the instructor, invites a member with a code, opens a course to her, and she downloads the PDF the instructor uploads", async ({
    browser,
  }) => {
    // The whole journey, then every studio page again at phone width: longer than one page's test.
    test.setTimeout(180_000);
    const studio = await instructorPage(browser);
    await expect(studio.getByRole("list", { name: "Figures" }).getByText("Members", { exact: true })).toBeVisible();
    await expectAccessible(studio);
    // From the member area, the Studio entry of her menu leads back.
    await studio.goto("/home");
    await studio.getByRole("button", { name: "Open menu" }).click();
    await studio
      .getByRole("navigation", { name: "Member menu" })
      .getByRole("link", { name: /^Studio/ })
      .click();
    await expect(studio.getByRole("heading", { name: "Studio", level: 1 })).toBeVisible();

    await studio.getByRole("navigation", { name: "Studio sections" }).getByRole("link", { name: "Access codes" }).click();
    await expect(studio.getByRole("heading", { name: "Access codes", level: 1 })).toBeVisible();
    const code = `CIRCLE-${Date.now().toString(36).toUpperCase()}`;
    await studio.getByLabel("Code (leave empty for a generated one)").fill(code);
    await studio.getByLabel("Maximum uses (optional)").fill("5");
    await studio.getByRole("button", { name: "Create code" }).click();
    await expect(studio.getByRole("status").filter({ hasText: `Created access code ${code}` })).toBeVisible();
    await expect(studio.getByRole("rowheader", { name: code })).toBeVisible();
    await expectAccessible(studio);
    await studio.getByRole("button", { name: `Copy invite link for ${code}` }).click();
    await expect(studio.getByRole("status").filter({ hasText: "Copied the invite link" })).toBeVisible();
    const invite = await studio.evaluate(() => navigator.clipboard.readText());
    expect(invite).toMatch(new RegExp(`/register\\?code=${code}$`));

    // A new member, on her phone, opens the invite link: the code is already there.
    const phone = await browser.newContext();
    const member = await phone.newPage();
    const email = newEmail("invited");
    await member.goto(invite);
    await expect(member.getByLabel("Access code")).toHaveValue(code);
    await member.getByLabel("First name (optional)").fill("Hazel");
    await member.getByLabel("Email").fill(email);
    await member.getByLabel("Password").fill(PASSWORD);
    await member.getByRole("button", { name: "Register" }).click();
    await expect(member).toHaveURL(/\/login$/);
    await logIn(member, email);
    await expect(member).toHaveURL(/\/home$/);
    await member.getByRole("button", { name: "Open menu" }).click();
    await expect(member.getByRole("navigation", { name: "Member menu" }).getByRole("link", { name: "Studio" })).toHaveCount(0);

    await studio.reload();
    await expect(studio.getByRole("rowheader", { name: code })).toBeVisible();
    await expect(studio.getByRole("row", { name: new RegExp(code) })).toContainText("1 / 5");

    await studio.getByRole("navigation", { name: "Studio sections" }).getByRole("link", { name: "Members" }).click();
    await studio.getByLabel("Name or e-mail").fill(email);
    await studio.getByRole("button", { name: "Search" }).click();
    await expect(studio.getByText("1 member matching")).toBeVisible();
    await expectAccessible(studio);
    await studio.getByRole("link", { name: "Hazel" }).click();
    await expect(studio.getByRole("heading", { name: "Hazel", level: 1 })).toBeVisible();
    await expectAccessible(studio);
    await studio.getByRole("button", { name: "Grant Pushing and Avoiding Tearing" }).click();
    await expect(studio.getByRole("status").filter({ hasText: "can now open" })).toBeVisible();

    await member.goto("/library");
    const course = member.getByRole("article", { name: /Pushing and Avoiding Tearing/ });
    await course.getByRole("button", { name: /Show details/ }).click();
    await expect(course.getByRole("button", { name: "View Course" })).toBeVisible();

    // She uploads a PDF to a lesson of that course; the invited member downloads the same bytes.
    const handout = Buffer.concat([Buffer.from("%PDF-1.4\n% Perineal massage handout\n"), randomBytes(300_000), Buffer.from("\n%%EOF\n")]);
    await studio.goto("/studio/lessons/1028");
    await studio.getByLabel("Add a file").setInputFiles({ name: "perineal-massage.pdf", mimeType: "application/pdf", buffer: handout });
    await studio.getByRole("button", { name: "Upload", exact: true }).click();
    await expect(studio.getByRole("status").filter({ hasText: "Added" })).toContainText('Added "perineal-massage.pdf"');
    await member.goto("/lesson?course=4&lesson=1028");
    const [handoutDownload] = await Promise.all([
      member.waitForEvent("download"),
      member.getByRole("link", { name: /perineal-massage\.pdf/ }).click(),
    ]);
    expect(Buffer.compare(await readFile((await handoutDownload.path())!), handout)).toBe(0);

    // Her feedback reaches the inbox, unread, and leaves it as a CSV a spreadsheet opens safely.
    await member.goto("/feedback");
    await member
      .getByRole("group", { name: /how satisfied/ })
      .getByRole("radio", { name: "4" })
      .check();
    await member.getByLabel("General Comments").fill("=1+1 thank you for the breathing lesson");
    await member.getByRole("button", { name: "Submit Feedback" }).click();
    await expect(member.getByRole("status").filter({ hasText: /Thank you/ })).toBeVisible();
    await studio.goto("/studio");
    const inboxLink = studio.getByRole("navigation", { name: "Studio sections" }).getByRole("link", { name: /^Inbox \(\d+ unread\)$/ });
    await inboxLink.click();
    await studio.getByLabel("Search messages").fill("breathing lesson");
    await studio.getByRole("button", { name: "Search" }).click();
    const message = studio.getByRole("listitem", { name: `Unread: Feedback from ${email}` });
    await expect(message).toContainText("=1+1 thank you for the breathing lesson");
    await expectAccessible(studio);
    await message.getByRole("button", { name: "Mark read" }).click();
    await expect(studio.getByRole("listitem", { name: `Feedback from ${email}` })).toBeVisible();
    const [download] = await Promise.all([studio.waitForEvent("download"), studio.getByRole("link", { name: "Download CSV" }).click()]);
    const csv = await readFile((await download.path())!, "utf8");
    expect(csv).toContain("'=1+1 thank you for the breathing lesson");
    expect(csv.split("\r\n")[0]).toContain("Received (UTC),Kind,Read,Member e-mail");

    await studio.getByRole("navigation", { name: "Studio sections" }).getByRole("link", { name: "Activity" }).click();
    await expect(studio.getByText(`Opened "Pushing and Avoiding Tearing" to Hazel (${email}).`)).toBeVisible();
    await expect(studio.getByText(new RegExp(`Created access code ${code}`))).toBeVisible();
    await expectAccessible(studio);

    // A plan she creates is offered to members at once.
    await studio.getByRole("navigation", { name: "Studio sections" }).getByRole("link", { name: "Plans" }).click();
    const newPlan = studio.getByRole("form", { name: "New plan" });
    // Named per attempt: a retry finds the plan of the attempt before it still there.
    const planName = `Partner Pack ${Date.now() % 100_000}`;
    await newPlan.getByLabel("Name").fill(planName);
    await newPlan.getByLabel(/^Price/).fill("29.00");
    await newPlan.getByLabel("Billing").selectOption("once");
    await newPlan.getByRole("checkbox", { name: "Pushing and Avoiding Tearing" }).check();
    await newPlan.getByRole("button", { name: "Create plan" }).click();
    await expect(newPlan.getByRole("status")).toContainText(`Created the plan "${planName}"`);
    await expect(studio.getByRole("form", { name: `Plan ${planName}` })).toBeVisible();
    await expectAccessible(studio);
    await member.goto("/purchase?course=4");
    await expect(member.getByText(planName)).toBeVisible();

    // The same pages on a phone.
    await studio.setViewportSize({ width: 390, height: 844 });
    for (const path of [
      "/studio",
      "/studio/courses",
      "/studio/courses/3",
      "/studio/access-codes",
      "/studio/members",
      "/studio/plans",
      "/studio/inbox",
      "/studio/activity",
      "/studio/trash",
    ]) {
      await studio.goto(path);
      await expect(studio.getByRole("heading", { level: 1 })).toBeVisible();
      await expectAccessible(studio);
      expect(await studio.evaluate(() => document.documentElement.scrollWidth), `${path} fits a phone`).toBeLessThanOrEqual(390);
    }
    await phone.close();
    await studio.context().close();
  });

  test("edits a lesson: members see its new title, YouTube video and rich-text notes, and a second tab's save gets the 409 sentence", async ({
    browser,
  }) => {
    const page = await instructorPage(browser);
    await page.getByRole("navigation", { name: "Studio sections" }).getByRole("link", { name: "Courses" }).click();
    await page.getByRole("link", { name: "Comprehensive Childbirth Education" }).click();
    // Transition is a topic inside Understanding Labour: the tree shows it nested.
    const topics = page.getByRole("list", { name: "Topics of Understanding Labour" });
    await topics.getByRole("link", { name: "When it feels like too much" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Lesson: When it feels like too much" })).toBeVisible();
    await expectAccessible(page);

    const olderTab = await page.context().newPage();
    await olderTab.goto(page.url());
    await expect(olderTab.getByLabel(/^Title/)).toHaveValue("When it feels like too much");

    await page.getByLabel(/^Title/).fill("When it feels like too much, together");
    await page.getByLabel("Video link (YouTube or Vimeo)").fill("https://www.youtube.com/watch?v=dQw4w9WgXcQ&t=30s");
    await expect(page.getByText("The YouTube video dQw4w9WgXcQ, from 0:30.")).toBeVisible();
    // The notes in the rich-text editor: a new paragraph with a bold word, typed as she would.
    const notes = page.getByRole("textbox", { name: "Notes" });
    await notes.click();
    await page.keyboard.press("Control+End");
    // The notes end in a list: Enter twice leaves it for a paragraph of its own.
    await page.keyboard.press("Enter");
    await page.keyboard.press("Enter");
    await page.keyboard.type("Breathe out ");
    await page.getByRole("toolbar", { name: "Notes" }).getByRole("button", { name: "Bold" }).click();
    await page.keyboard.type("slowly");
    await expect(page.getByRole("toolbar", { name: "Notes" }).getByRole("button", { name: "Bold" })).toHaveAttribute(
      "aria-pressed",
      "true",
    );
    await page.getByRole("button", { name: "Save lesson" }).click();
    await expect(page.getByRole("status")).toContainText("Saved");
    await expect(page.getByLabel("Video link (YouTube or Vimeo)")).toHaveValue("https://www.youtube.com/watch?v=dQw4w9WgXcQ&t=30s");
    await expect(notes.locator("strong", { hasText: "slowly" })).toBeVisible();

    await olderTab.getByLabel(/^Title/).fill("Typed in the older tab");
    await olderTab.getByRole("button", { name: "Save lesson" }).click();
    await expect(olderTab.getByRole("alert")).toHaveText(
      "This was changed elsewhere since you opened it. Reload to see the latest version.",
    );
    await expect(olderTab.getByLabel(/^Title/)).toHaveValue("Typed in the older tab");
    await olderTab.getByRole("button", { name: "Reload" }).click();
    await expect(olderTab.getByLabel(/^Title/)).toHaveValue("When it feels like too much, together");
    await page.setViewportSize({ width: 390, height: 844 });
    await expectAccessible(page);

    const memberContext = await browser.newContext();
    const member = await memberContext.newPage();
    await signedInMember(member, "lesson-reader");
    await member.goto("/lesson?course=1&lesson=1010");
    await expect(member.getByRole("heading", { level: 1, name: "When it feels like too much, together" })).toBeVisible();
    // Where she asked it to start (the link's t=30s), until the member has watched some of it.
    await expect(member.locator('iframe[title^="Video"]')).toHaveAttribute(
      "src",
      /youtube(-nocookie)?\.com\/embed\/dQw4w9WgXcQ\?.*&start=30$/,
    );
    await expect(member.locator("strong", { hasText: "slowly" })).toBeVisible();
    await expect(member.getByText(/Breathe out\s+slowly/)).toBeVisible();
    await memberContext.close();
    await page.context().close();
  });

  test("warns before leaving unsaved lesson changes, and shows members the video's length and her line under it", async ({ browser }) => {
    const page = await instructorPage(browser);
    await page.goto("/studio/lessons/1016");
    await page.getByLabel("Length (optional)").fill("12:30");
    await page.getByLabel("A line about the video (optional)").fill("Filmed at home with Maya, two weeks after her birth.");
    // Leaving by the studio's menu asks first; staying keeps what she typed.
    let asked = "";
    page.once("dialog", (dialog) => {
      asked = dialog.message();
      void dialog.dismiss();
    });
    await page.getByRole("navigation", { name: "Studio sections" }).getByRole("link", { name: "Courses" }).click();
    await expect.poll(() => asked).toBe("This lesson has changes you have not saved. Leave without saving them?");
    await expect(page).toHaveURL(/\/studio\/lessons\/1016$/);
    await expect(page.getByLabel("Length (optional)")).toHaveValue("12:30");
    await expect(page.getByText("Video, 13 min · Filmed at home with Maya, two weeks after her birth.")).toBeVisible();
    await accessibleAtBothWidths(page);
    await page.getByRole("button", { name: "Save lesson" }).click();
    await expect(page.getByRole("status")).toContainText("Saved");
    // Saved, she leaves without a question.
    await page.getByRole("navigation", { name: "Studio sections" }).getByRole("link", { name: "Courses" }).click();
    await expect(page).toHaveURL(/\/studio\/courses$/);

    const memberContext = await browser.newContext();
    const member = await memberContext.newPage();
    await signedInMember(member, "video-line-reader");
    await member.goto("/lesson?course=1&lesson=1016");
    await expect(member.getByText("Video, 13 min · Filmed at home with Maya, two weeks after her birth.")).toBeVisible();
    for (const text of [/VIDEO INFO HERE/, /placeholder/i]) await expect(member.getByText(text)).toHaveCount(0);
    await memberContext.close();
    await page.context().close();
  });

  test("reorders modules with the keyboard, and the member sees the new order", async ({ browser }) => {
    const page = await instructorPage(browser);
    await page.goto("/studio/courses/3");
    const moveUp = page.getByRole("button", { name: "Move The Fourth Trimester up" });
    await moveUp.focus();
    await page.keyboard.press("Enter");
    await expect(page.getByRole("status")).toContainText('Moved "The Fourth Trimester" up.');
    await expect(moveUp).toBeFocused();
    const modules = page.getByRole("list", { name: "Modules of For Dads and Husbands" });
    await expect(modules.locator(":scope > li > strong")).toHaveText([
      /Your Role in the Birth Room|The Fourth Trimester/,
      /Your Role in the Birth Room|The Fourth Trimester/,
      "Module: Hands-On Support",
    ]);
    await expectAccessible(page);

    const memberContext = await browser.newContext();
    const member = await memberContext.newPage();
    await signedInMember(member, "order-reader");
    await member.goto("/course?course=3");
    const titles = member.getByRole("button", { name: /The Fourth Trimester|Hands-On Support/ });
    await expect(titles).toHaveCount(2);
    await expect(titles.first()).toContainText("The Fourth Trimester");
    await memberContext.close();
    await page.context().close();
  });

  test("moves a lesson to another module with the keyboard, and the member sees it there", async ({ browser }) => {
    const page = await instructorPage(browser);
    await page.goto("/studio/courses/4");
    const lessonName = "Perineal massage from 34 weeks";
    await expect(page.getByRole("link", { name: lessonName })).toBeVisible();
    // A retry finds the lesson where the first attempt left it, and moves it back.
    const from = (await page.getByRole("list", { name: "Lessons of Preparing Your Body" }).getByRole("link", { name: lessonName }).count())
      ? "Preparing Your Body"
      : "Healing Afterwards";
    const to = from === "Preparing Your Body" ? "Healing Afterwards" : "Preparing Your Body";
    await page.getByRole("button", { name: `Move ${lessonName} to another module` }).focus();
    await page.keyboard.press("Enter");
    const destination = page.getByRole("combobox", { name: "Move it to the end of" });
    await expect(destination).toBeFocused();
    await page.keyboard.type(to);
    await expect(destination).toHaveValue(to === "Healing Afterwards" ? "121" : "118");
    await page.keyboard.press("Tab");
    await page.keyboard.press("Enter");
    await expect(page.getByRole("status")).toContainText(`Moved "${lessonName}" into "${to}"`);
    const moved = page.getByRole("list", { name: `Lessons of ${to}` }).getByRole("link", { name: lessonName });
    await expect(moved).toBeFocused();
    await accessibleAtBothWidths(page);
    // On a phone each row shows one menu instead of its buttons.
    await page.setViewportSize({ width: 390, height: 800 });
    await expect(page.getByRole("button", { name: `Move ${lessonName} up` })).toBeHidden();
    await page.getByRole("button", { name: `Actions for ${lessonName}` }).click();
    await expect(page.getByRole("button", { name: `Move ${lessonName} to another module` })).toBeVisible();
    await page.setViewportSize({ width: 1280, height: 800 });
    // Within its new module, one place up with the keyboard (it went in last).
    if (to === "Healing Afterwards") {
      await page.getByRole("button", { name: `Move ${lessonName} up` }).focus();
      await page.keyboard.press("Enter");
      await expect(page.getByRole("status")).toContainText(`Moved "${lessonName}" up.`);
      await expect(page.getByRole("list", { name: "Lessons of Healing Afterwards" }).getByRole("link")).toHaveText([
        "Caring for stitches",
        lessonName,
        "When to ask for help",
      ]);
    }

    const memberContext = await browser.newContext();
    const member = await memberContext.newPage();
    await signedInMember(member, "lesson-move-reader");
    await member.goto("/course?course=4");
    await member.getByRole("button", { name: new RegExp(to) }).click();
    await expect(member.getByText(lessonName)).toBeVisible();
    await memberContext.close();
    await page.context().close();
  });

  test("arranges lessons by dragging, with the mouse and with the keyboard, and the member sees the new order", async ({ browser }) => {
    const page = await instructorPage(browser);
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto("/studio/courses");
    await expect(page.getByRole("link", { name: "Pushing and Avoiding Tearing" })).toBeVisible();
    await accessibleAtBothWidths(page);
    await page.goto("/studio/courses/4");
    await page.getByRole("button", { name: "Arrange lessons by dragging" }).click();
    const column = page.getByRole("region", { name: "Lessons of Pushing With Your Body, to arrange" });
    const titles = () => page.getByRole("list", { name: "Lessons of Pushing With Your Body" }).getByRole("link");
    await expect(column.getByRole("button")).toHaveCount(2);
    const first = (await titles().allTextContents())[0]!;
    const second = (await titles().allTextContents())[1]!;
    await accessibleAtBothWidths(page);

    // The mouse: the second lesson dragged above the first.
    const from = (await column.getByRole("button", { name: second }).boundingBox())!;
    const to = (await column.getByRole("button", { name: first }).boundingBox())!;
    await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2);
    await page.mouse.down();
    for (let step = 1; step <= 12; step += 1) {
      await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2 + ((to.y - from.y - 8) * step) / 12);
    }
    await page.mouse.up();
    const moved = page.getByRole("status").filter({ hasText: /^Moved/ });
    await expect(moved).toContainText(`Moved "${second}" to place 1 in "Pushing With Your Body"`);
    await expect(titles()).toHaveText([second, first]);

    // The keyboard: Space picks it up, ArrowDown moves it, Space puts it down.
    await column.getByRole("button", { name: second }).focus();
    // dnd-kit says each step in its live region; each key waits for the last one's word, as a person would.
    const said = page.locator("[id^=DndLiveRegion]").last();
    await page.keyboard.press("Space");
    await expect(said).toContainText(`“${second}” would go to place 1 of “Pushing With Your Body”.`);
    await page.keyboard.press("ArrowDown");
    await expect(said).toContainText(`“${second}” would go to place 2 of “Pushing With Your Body”.`);
    await page.keyboard.press("Space");
    await expect(moved).toContainText(`Moved "${second}" to place 2 in "Pushing With Your Body"`);
    await expect(titles()).toHaveText([first, second]);

    const memberContext = await browser.newContext();
    const member = await memberContext.newPage();
    await signedInMember(member, "drag-reader");
    await member.goto("/course?course=4");
    await member.getByRole("button", { name: /Pushing With Your Body/ }).click();
    await expect(member.getByText(first)).toBeVisible();
    await memberContext.close();
    await page.context().close();
  });

  test("builds a course with a nested topic and a lesson with a video and a PDF the member downloads, deletes the lesson and restores it from the Trash", async ({
    browser,
  }, testInfo) => {
    // Two browsers and a dozen saves: twice the default, for a loaded machine.
    test.setTimeout(120_000);
    const page = await instructorPage(browser);
    // A title per attempt: a retry must not meet the first attempt's course.
    const title = testInfo.retry === 0 ? "Feeding your baby" : `Feeding your baby (attempt ${testInfo.retry + 1})`;
    await page.goto("/studio/courses");
    await page.getByLabel("New course title").fill(title);
    await page.getByRole("button", { name: "Create course" }).click();
    await expect(page.getByRole("heading", { level: 1, name: title })).toBeVisible();
    await expect(page.getByText("This course has no modules yet.")).toBeVisible();
    await expect(page.getByRole("heading", { level: 2, name: "Draft" })).toBeVisible();

    await page.getByLabel("New module title").fill("The first week");
    await page.getByRole("button", { name: "Add module" }).click();
    await expect(page.getByRole("status")).toContainText('Added the module "The first week".');
    await page.getByRole("button", { name: "Add a topic inside The first week" }).click();
    await page.getByLabel("New topic inside The first week").fill("Latching");
    await page.getByRole("button", { name: "Add topic", exact: true }).click();
    const topics = page.getByRole("list", { name: "Topics of The first week" });
    await expect(topics.getByText("Topic: Latching")).toBeVisible();
    await page.getByRole("button", { name: "Add a lesson to Latching" }).click();
    await page.getByLabel("New lesson in Latching").fill("A deep latch");
    await expectAccessible(page);
    await page.getByRole("button", { name: "Add lesson", exact: true }).click();
    const lessonLink = topics.getByRole("list", { name: "Lessons of Latching" }).getByRole("link", { name: "A deep latch" });
    await expect(lessonLink).toBeVisible();
    // The studio manual's picture of the course editor (docs/studio.md), taken here so it can always
    // show the studio as built: with DOCS_PICTURES=1, so a run leaves the checkout as it found it.
    if (process.env.DOCS_PICTURES === "1") {
      await page.evaluate(() => window.scrollTo(0, 0));
      await page.screenshot({ path: "docs/studio-course-editor.jpg", type: "jpeg", quality: 60 });
    }

    await lessonLink.click();
    await page.getByLabel("Video link (YouTube or Vimeo)").fill("https://youtu.be/dQw4w9WgXcQ");
    await page.getByRole("button", { name: "Save lesson" }).click();
    await expect(page.getByRole("status")).toContainText("Saved");
    const lessonUrl = new URL(page.url()).pathname;
    // A PDF of a few chunks (the server stores and sends it in pieces), uploaded as she would.
    const pdf = Buffer.concat([Buffer.from("%PDF-1.4\n% Latching guide\n"), randomBytes(600_000), Buffer.from("\n%%EOF\n")]);
    await page.getByLabel("Add a file").setInputFiles({ name: "latching-guide.pdf", mimeType: "application/pdf", buffer: pdf });
    await page.getByRole("button", { name: "Upload", exact: true }).click();
    await expect(page.getByRole("status").filter({ hasText: "Added" })).toContainText(
      'Added "latching-guide.pdf" (600 KB). Members can download it from the lesson now.',
    );
    await expect(page.getByRole("list", { name: "Downloads of this lesson" })).toContainText("latching-guide.pdf (PDF, 600 KB)");
    await expectAccessible(page);
    await page.goBack();

    // Open to every member: a member finds it in her library and watches the lesson.
    const details = page.getByRole("form", { name: "Course details" });
    await details.getByRole("checkbox", { name: /Open to every member/ }).check();
    await details.getByRole("radio", { name: "Picture 2" }).check();
    await details.getByRole("button", { name: "Save course" }).click();
    await expect(details.getByRole("status")).toContainText(`Saved "${title}"`);
    await expectAccessible(page);
    // Still a draft: open to every member, yet no member sees it until she publishes it.
    const memberContext = await browser.newContext();
    const member = await memberContext.newPage();
    await signedInMember(member, "new-course-reader");
    await member.goto("/library");
    await expect(member.getByRole("article", { name: "Comprehensive Childbirth Education" })).toBeVisible();
    const listed = member.getByRole("article", { name: new RegExp(title) });
    await expect(listed).toHaveCount(0);
    await member.goto(`/course?course=${new URL(page.url()).pathname.split("/").at(-1)}`);
    await expect(member.getByRole("heading", { level: 1, name: title })).toHaveCount(0);
    await page.getByRole("button", { name: "Publish the course" }).click();
    await expect(page.getByRole("status").filter({ hasText: "Published" })).toContainText(`Published "${title}": members see it`);
    await expect(page.getByRole("heading", { level: 2, name: "Published" })).toBeVisible();
    await member.goto("/library");
    await listed.getByRole("button", { name: /Show details/ }).click();
    await listed.getByRole("button", { name: "View Course" }).click();
    await expect(member.getByRole("heading", { level: 1, name: title })).toBeVisible();
    await member.getByRole("button", { name: /The first week/ }).click();
    await member.getByRole("button", { name: /TOPIC:\s*Latching/ }).click();
    await member.getByRole("link", { name: /Lesson 1 A deep latch/ }).click();
    await expect(member.getByRole("heading", { level: 1, name: "A deep latch" })).toBeVisible();
    await expect(member.locator('iframe[title^="Video"]')).toHaveAttribute("src", /youtube(-nocookie)?\.com\/embed\/dQw4w9WgXcQ/);
    const [download] = await Promise.all([
      member.waitForEvent("download"),
      member.getByRole("link", { name: /latching-guide\.pdf/ }).click(),
    ]);
    expect(download.suggestedFilename()).toBe("latching-guide.pdf");
    expect(Buffer.compare(await readFile((await download.path())!), pdf)).toBe(0);
    await memberContext.close();
    expect(lessonUrl).toMatch(/^\/studio\/lessons\/\d+$/);

    await page.getByRole("button", { name: "Delete A deep latch" }).click();
    await page.getByRole("group", { name: "Delete A deep latch?" }).getByRole("button", { name: "Yes, delete" }).click();
    await expect(page.getByRole("status")).toContainText('Deleted the lesson "A deep latch". It is in the Trash for 30 days');
    await expect(lessonLink).toHaveCount(0);

    await page.getByRole("navigation", { name: "Studio sections" }).getByRole("link", { name: "Trash" }).click();
    const row = page.getByRole("row").filter({ has: page.getByRole("rowheader", { name: "Lesson: A deep latch" }) });
    await expect(row).toContainText(`in ${title} › The first week › Latching`);
    await expectAccessible(page);
    await row.getByRole("button", { name: "Restore A deep latch" }).click();
    await expect(page.getByRole("status")).toContainText('Restored "A deep latch" to its place.');
    await page.goBack();
    await expect(lessonLink).toBeVisible();
    await expect(page.getByRole("listitem").filter({ has: lessonLink })).not.toContainText("(no video)");

    await page.getByRole("button", { name: `Delete “${title}”…` }).click();
    await page.getByLabel(`Type “${title}” to confirm`).fill(title);
    await page.getByRole("button", { name: "Delete the course" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Courses" })).toBeVisible();
    await expect(page.getByRole("status").filter({ hasText: "Deleted the course" })).toContainText(`Deleted the course "${title}"`);
    await expect(page.getByRole("link", { name: title })).toHaveCount(0);
    await page.context().close();
  });

  test("keeps members out of the studio", async ({ page }) => {
    await signedInMember(page, "curious");
    await page.goto("/studio/members");
    await expect(page.getByText("The studio is for the instructor.")).toBeVisible();
    const answer = await page.request.get("/reactapi/studio/members");
    expect(answer.status()).toBe(403);
  });
});
