import { expect, test } from "./test.ts";
import { accessibleAtBothWidths, instructorPage, linkIn, mailTo, moveServerClock, newEmail, signedInMember } from "./helpers.ts";

// Live classes (docs/product.md, Live classes): "Free Webinar" leads to /classes; a visitor's place
// is hers once she confirms the mailed link; a member is registered at once, or waits when it is full.
test.describe("live classes", () => {
  test("a visitor registers from the menu and confirms by mail; a member finds the class full and joins the waiting list", async ({
    browser,
  }) => {
    const run = Date.now().toString(36).slice(-4);
    const title = `Free webinar: your first week ${run}`;
    const studio = await instructorPage(browser);
    // She creates it in the studio's calendar, in her own time.
    await studio.goto("/studio/calendar#classes");
    const form = studio.getByRole("form", { name: "New class" });
    await form.getByLabel("Title").fill(title);
    const local = await studio.evaluate(() => {
      const start = new Date(Date.now() + 7 * 24 * 3600_000);
      const two = (value: number) => String(value).padStart(2, "0");
      return `${start.getFullYear()}-${two(start.getMonth() + 1)}-${two(start.getDate())}T${two(start.getHours())}:${two(start.getMinutes())}`;
    });
    await form.getByLabel("Starts (your time)").fill(local);
    await form.getByLabel("Places").fill("1");
    await form.getByLabel("Video call link").fill("https://meet.example/first-week");
    await accessibleAtBothWidths(studio);
    await form.getByRole("button", { name: "Create the class" }).click();
    await expect(studio.getByRole("status").filter({ hasText: "Created" })).toContainText(`Created “${title}”.`);
    await expect(studio.getByRole("rowheader", { name: title })).toBeVisible();

    const visitorContext = await browser.newContext({ viewport: { width: 390, height: 844 } });
    const visitor = await visitorContext.newPage();
    await visitor.goto("/");
    await visitor.getByRole("button", { name: "Open menu" }).click();
    await visitor.getByRole("navigation", { name: "Site menu" }).getByRole("link", { name: "Free Webinar" }).click();
    await expect(visitor).toHaveURL(/\/classes$/);
    const card = visitor.getByRole("article", { name: title });
    await expect(card).toContainText("1 of 1 places left");
    await accessibleAtBothWidths(visitor);
    await card.getByRole("button", { name: "Register" }).click();
    const email = newEmail("class-visitor");
    await card.getByLabel("Your name").fill("Ruth");
    await card.getByLabel("E-mail address").fill(email);
    await card.getByRole("button", { name: "Register" }).click();
    await expect(card.getByRole("status")).toContainText("Almost there: we mailed you a link.");
    const confirmation = await mailTo(email, `Confirm your place: ${title}`);
    await visitor.goto(linkIn(confirmation, "/classes"));
    await visitor.getByRole("button", { name: "Confirm my place" }).click();
    await expect(visitor.getByRole("status").first()).toContainText("You have a place.");
    await mailTo(email, new RegExp(`^Registered: ${title}`));

    const memberContext = await browser.newContext();
    const member = await memberContext.newPage();
    await signedInMember(member, "class-member");
    await member.goto("/classes");
    const full = member.getByRole("article", { name: title });
    await expect(full).toContainText("Full: join the waiting list");
    await full.getByRole("button", { name: "Join the waiting list" }).click();
    await full.getByRole("button", { name: "Join the waiting list" }).click();
    await expect(full).toContainText("You are on the waiting list.");
    await expect(full.getByRole("link", { name: "Join the class" })).toHaveCount(0);
    await accessibleAtBothWidths(member);
    await studio.reload();
    const row = studio.getByRole("row").filter({ has: studio.getByRole("rowheader", { name: title }) });
    await expect(row).toContainText("1 of 1");
    await row.getByRole("button", { name: `Cancel ${title}` }).click();
    await expect(studio.getByRole("status").filter({ hasText: "Cancelled" })).toContainText("were told by mail");
    await mailTo(email, `Cancelled: ${title}`);
    await memberContext.close();
    await visitorContext.close();
    await studio.context().close();
  });

  test("one place: A registers, B waits and is promoted when A gives it up; B's Join shows from 15 minutes before; after the class she is marked there and thanked with the replay", async ({
    browser,
  }) => {
    const run = Date.now().toString(36).slice(-4);
    const title = `Breastfeeding class ${run}`;
    const studio = await instructorPage(browser);
    await studio.goto("/studio/calendar#classes");
    const form = studio.getByRole("form", { name: "New class" });
    await form.getByLabel("Title").fill(title);
    // Three hours from now, on the minute, in her own time.
    const { local, startMs } = await studio.evaluate(() => {
      const start = new Date(Date.now() + 3 * 3600_000);
      start.setSeconds(0, 0);
      const two = (value: number) => String(value).padStart(2, "0");
      return {
        local: `${start.getFullYear()}-${two(start.getMonth() + 1)}-${two(start.getDate())}T${two(start.getHours())}:${two(start.getMinutes())}`,
        startMs: start.getTime(),
      };
    });
    await form.getByLabel("Starts (your time)").fill(local);
    await form.getByLabel("Places").fill("1");
    await form.getByLabel("Video call link").fill("https://meet.example/breastfeeding");
    await form.getByRole("button", { name: "Create the class" }).click();
    await expect(studio.getByRole("status").filter({ hasText: "Created" })).toContainText(`Created “${title}”.`);

    const registerIn = async (page: import("@playwright/test").Page, name: string, button: string) => {
      await page.goto("/classes");
      const card = page.getByRole("article", { name: title });
      await card.getByRole("button", { name: button }).click();
      await card.getByLabel("Your name").fill(name);
      await card.getByRole("button", { name: button }).click();
      return card;
    };
    const contextA = await browser.newContext();
    const memberA = await contextA.newPage();
    await signedInMember(memberA, "journey-a");
    const cardA = await registerIn(memberA, "Ana", "Register");
    await expect(cardA).toContainText("You have a place.");

    const contextB = await browser.newContext({ viewport: { width: 390, height: 844 } });
    const memberB = await contextB.newPage();
    const emailB = await signedInMember(memberB, "journey-b");
    // A member's place is in her account's name, whatever the form says.
    await memberB.goto("/account");
    await memberB.getByLabel("First name", { exact: true }).fill("Bea");
    await memberB.getByRole("button", { name: "Save name" }).click();
    await expect(memberB.getByText("Your name is saved.")).toBeVisible();
    const cardB = await registerIn(memberB, "Bea", "Join the waiting list");
    await expect(cardB).toContainText("You are on the waiting list.");
    await mailTo(emailB, `On the waiting list: ${title}`);

    await cardA.getByRole("button", { name: "Give up my place" }).click();
    await expect(cardA.getByRole("status")).toContainText("You gave up your place");
    await mailTo(emailB, `A place opened for you: ${title}`);

    try {
      // Twenty minutes before the start, for her browser and for the server: no Join yet.
      const twentyBefore = new Date(startMs - 20 * 60_000);
      moveServerClock(twentyBefore);
      await contextB.clock.install({ time: twentyBefore });
      await memberB.goto("/classes");
      const placed = memberB.getByRole("article", { name: title });
      await expect(placed).toContainText("You have a place.");
      await expect(placed).toContainText("The link to join shows here from");
      await expect(placed.getByRole("link", { name: "Join the class" })).toHaveCount(0);
      await accessibleAtBothWidths(memberB);

      // Five minutes on, the open page asks again by itself, and Join is there.
      moveServerClock(new Date(startMs - 15 * 60_000 + 1000));
      await contextB.clock.fastForward(5 * 60_000 + 1000);
      await expect(placed.getByRole("link", { name: "Join the class" })).toHaveAttribute("href", "https://meet.example/breastfeeding");
      await memberB.goto("/home");
      const nextClass = memberB.getByRole("region", { name: "Your next class" });
      await expect(nextClass).toContainText(title);
      await expect(nextClass.getByRole("link", { name: "Join the class" })).toBeVisible();

      // After the class: the instructor marks Bea as there and sends the replay.
      const after = new Date(startMs + 61 * 60_000);
      moveServerClock(after);
      await studio.context().clock.install({ time: after });
      await studio.reload();
      const row = studio.getByRole("row").filter({ has: studio.getByRole("rowheader", { name: title }) });
      await row.getByRole("button", { name: `People in ${title}` }).click();
      const people = studio.getByRole("region", { name: `People in “${title}”` });
      await people.getByRole("checkbox", { name: "Bea came" }).check();
      await expect(studio.getByRole("status").filter({ hasText: "Marked" })).toContainText("Marked Bea as there.");
      await people.getByLabel("Replay link (YouTube or Vimeo)").fill("https://youtu.be/dQw4w9WgXcQ");
      await people.getByRole("button", { name: "Send the replay" }).click();
      await expect(studio.getByRole("status").filter({ hasText: "Sent the replay" })).toContainText(
        "Sent the replay to 1 person: 1 who came, 0 who could not.",
      );
      await accessibleAtBothWidths(studio);
      const thanks = await mailTo(emailB, `Thank you for coming: ${title}`);
      expect(thanks.text).toContain("https://www.youtube.com/watch?v=dQw4w9WgXcQ");

      await memberB.goto("/classes");
      await expect(memberB.getByRole("link", { name: `Watch the replay: ${title}` })).toHaveAttribute(
        "href",
        "https://www.youtube.com/watch?v=dQw4w9WgXcQ",
      );
    } finally {
      moveServerClock(null);
    }
    await contextA.close();
    await contextB.close();
    await studio.context().close();
  });

  test("a class mail's unsubscribe link stops class reminders without signing in", async ({ browser }) => {
    const run = Date.now().toString(36).slice(-4);
    const title = `Birth plan circle ${run}`;
    const studio = await instructorPage(browser);
    await studio.goto("/studio/calendar#classes");
    const form = studio.getByRole("form", { name: "New class" });
    await form.getByLabel("Title").fill(title);
    const local = await studio.evaluate(() => {
      const start = new Date(Date.now() + 5 * 24 * 3600_000);
      const two = (value: number) => String(value).padStart(2, "0");
      return `${start.getFullYear()}-${two(start.getMonth() + 1)}-${two(start.getDate())}T${two(start.getHours())}:${two(start.getMinutes())}`;
    });
    await form.getByLabel("Starts (your time)").fill(local);
    await form.getByLabel("Video call link").fill("https://meet.example/plan");
    await form.getByRole("button", { name: "Create the class" }).click();
    await expect(studio.getByRole("status").filter({ hasText: "Created" })).toBeVisible();
    await studio.context().close();

    const member = await (await browser.newContext()).newPage();
    const email = await signedInMember(member, "unsub-class");
    await member.goto("/classes");
    const card = member.getByRole("article", { name: title });
    await card.getByRole("button", { name: "Register" }).click();
    await card.getByRole("button", { name: "Register" }).click();
    await expect(card).toContainText("You have a place.");
    const mail = await mailTo(email, new RegExp(`^Registered: ${title}`));
    const visitor = await (await browser.newContext({ viewport: { width: 390, height: 844 } })).newPage();
    await visitor.goto(linkIn(mail, "/unsubscribe"));
    await expect(visitor.getByRole("heading", { name: "Class reminders by e-mail" })).toBeVisible();
    await accessibleAtBothWidths(visitor);
    await visitor.getByRole("button", { name: "Stop class reminders" }).click();
    await expect(visitor.getByRole("status")).toContainText(`${email} will no longer receive class reminders or replays by e-mail.`);
    await member.context().close();
    await visitor.context().close();
  });
});
