import { readInvite } from "../testing/calendar-invite.ts";
import { expect, type Page, test } from "./test.ts";
import { accessibleAtBothWidths, instructorPage, linkIn, mailTo, newEmail } from "./helpers.ts";

// 1:1 bookings (docs/product.md, "Booking 1:1 support"): the instructor, in New York, sets her
// hours and a free consultation; a visitor reading in Tokyo books it, confirms it from her mail,
// finds the invitation attached, and moves it from the mail's link; the instructor sees both.

const HER_ZONE = "America/New_York";
// Names of this run's own, so that a retry on the same server meets no twin from the first attempt.
const run = Date.now().toString(36).slice(-4);
const CONSULTATION = `Free consultation ${run}`;
const BIRTH_SUPPORT = `Birth support ${run}`;
const VISITOR_ZONE = "Asia/Tokyo";

const wallClock = (instant: string, timeZone: string) =>
  new Intl.DateTimeFormat("en-GB", { hour: "2-digit", minute: "2-digit", timeZone }).format(new Date(instant));

async function openSection(page: Page, name: string) {
  await page.getByRole("navigation", { name: "Calendar sections" }).getByRole("button", { name }).click();
  await expect(page.getByRole("heading", { name, level: 2 })).toBeVisible();
}

test.describe("1:1 bookings", () => {
  test("her hours and a free consultation; a visitor in another zone books, confirms by mail, and reschedules; a full due month offers its waiting list", async ({
    browser,
  }) => {
    test.setTimeout(240_000);
    const studio = await instructorPage(browser, { timezoneId: HER_ZONE });

    // Her hours, in her zone (her browser's, named), and her services.
    await studio.goto("/studio/calendar");
    await expect(studio.getByRole("heading", { name: "Calendar", level: 1 })).toBeVisible();
    await openSection(studio, "Your hours");
    await expect(studio.getByLabel("Your time zone")).toHaveValue(HER_ZONE);
    for (const day of ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"]) {
      await studio.getByLabel(day, { exact: true }).fill("08:00-12:00, 13:00-20:00");
    }
    await studio.getByRole("button", { name: "Save your hours" }).click();
    await expect(studio.getByText("Your hours are saved, in America/New York time.")).toBeVisible();
    await accessibleAtBothWidths(studio);

    await openSection(studio, "Services");
    const newService = studio.getByRole("form", { name: "New service" });
    await newService.getByLabel("Name").fill(CONSULTATION);
    await newService.getByLabel("Duration (minutes)").fill("20");
    await newService.getByLabel("Minimum notice (hours)").fill("3");
    // Her first free time may be within a day: a cut-off of two hours (inside the notice) leaves it hers to move.
    await newService.getByLabel("Cancellation cut-off (hours before)").fill("2");
    await newService.getByRole("button", { name: "Add service" }).click();
    await expect(studio.getByText(`${CONSULTATION} is saved.`)).toBeVisible();
    await newService.getByLabel("Name").fill(BIRTH_SUPPORT);
    await newService.getByLabel("Duration (minutes)").fill("60");
    await newService.getByLabel("Minimum notice (hours)").fill("1");
    await newService.getByLabel("Birth support (asks her due date; counts places by due month)").check();
    await newService.getByRole("button", { name: "Add service" }).click();
    await expect(studio.getByText(`${BIRTH_SUPPORT} is saved.`)).toBeVisible();
    await accessibleAtBothWidths(studio);

    // June 2027 is full before it starts: she takes no births due then.
    await openSection(studio, "Places by due month");
    const places = studio.getByRole("form", { name: "Places in a due month" });
    await places.getByLabel("Due month").fill("2027-06");
    await places.getByLabel("Places").fill("0");
    await studio.getByRole("button", { name: "Set places" }).click();
    await expect(studio.getByRole("heading", { name: "June 2027: 0 of 0 taken" })).toBeVisible();
    await accessibleAtBothWidths(studio);

    // Her calendar feed: a secret address for her phone.
    await openSection(studio, "Calendar feed");
    await studio.getByRole("button", { name: /Make (my feed|a new) address/ }).click();
    await expect(studio.getByText(/\/reactapi\/bookings\/feed\//)).toBeVisible();
    await accessibleAtBothWidths(studio);

    // A visitor in Tokyo, from the landing page's tile.
    const visitorContext = await browser.newContext({ viewport: { width: 390, height: 844 }, timezoneId: VISITOR_ZONE });
    const visitor = await visitorContext.newPage();
    await visitor.goto("/");
    await visitor.getByRole("link", { name: /1:1 doula support/ }).click();
    await expect(visitor).toHaveURL(/\/book$/);
    await expect(visitor.getByRole("heading", { name: "Book 1:1 support", level: 1 })).toBeVisible();
    await expect(visitor.getByRole("heading", { name: CONSULTATION })).toBeVisible();
    await accessibleAtBothWidths(visitor);
    await visitor.getByRole("link", { name: `See times for ${CONSULTATION}` }).click();
    await expect(visitor.getByText("Times are shown in Asia/Tokyo time.")).toBeVisible();
    const times = visitor
      .getByRole("region", { name: `Free times for ${CONSULTATION}` })
      .getByRole("listitem")
      .getByRole("button");
    await expect(times.first()).toBeVisible();
    await accessibleAtBothWidths(visitor);
    const chosenLabel = (await times.first().textContent())!;
    await times.first().click();
    await expect(visitor.getByRole("heading", { name: new RegExp(`at ${chosenLabel}$`) })).toBeFocused();
    const email = newEmail("booker");
    await visitor.getByLabel("Your name").fill("Aiko");
    await visitor.getByLabel("E-mail address").fill(email);
    await visitor.getByLabel("Anything she should know (optional)").fill("First baby, a little anxious.");
    await accessibleAtBothWidths(visitor);
    await visitor.getByRole("button", { name: "Book this time" }).click();
    await expect(visitor.getByText(`Almost done: we have sent a link to ${email}.`)).toBeVisible();

    const confirmMail = await mailTo(email, `Please confirm your booking: ${CONSULTATION}`);
    expect(confirmMail.text).toContain("(time in Asia/Tokyo)");
    await visitor.goto(linkIn(confirmMail, "/book/confirm"));
    await expect(visitor.getByRole("heading", { name: "Your booking is confirmed" })).toBeVisible();
    await expect(visitor.getByText(`at ${chosenLabel} (Asia/Tokyo time)`)).toBeVisible();
    await accessibleAtBothWidths(visitor);

    const booked = await mailTo(email, new RegExp(`^Booked: ${CONSULTATION}`));
    const attachment = booked.attachments.find((file) => file.filename.endsWith(".ics"));
    expect(attachment?.contentType).toContain("text/calendar");
    const invite = readInvite(attachment!.content);
    expect(invite).toMatchObject({ method: "REQUEST", sequence: 0, zone: VISITOR_ZONE });
    expect(wallClock(invite.start, VISITOR_ZONE)).toBe(chosenLabel);

    // The instructor sees it in her week (or the next, late on a Sunday), in her own zone.
    const herLabel = `${wallClock(invite.start, HER_ZONE)} Aiko, ${CONSULTATION} (Confirmed)`;
    const findIn = async (label: string) => {
      await studio.goto("/studio/calendar");
      const entry = studio.getByRole("button", { name: label });
      await expect(studio.getByRole("button", { name: "Previous week" })).toBeVisible();
      if (!(await entry.isVisible())) await studio.getByRole("button", { name: "Next week" }).click();
      await expect(entry).toBeVisible();
      return entry;
    };
    await (await findIn(herLabel)).click();
    await expect(studio.getByText("First baby, a little anxious.")).toBeVisible();
    await accessibleAtBothWidths(studio);

    // She moves it from the mail's link to another free time.
    await visitor.goto(linkIn(booked, new URL(booked.text.match(/https?:\/\/\S+\/booking\/\S+/)![0]).pathname));
    await expect(visitor.getByRole("heading", { name: CONSULTATION, level: 1 })).toBeVisible();
    await accessibleAtBothWidths(visitor);
    await visitor.getByRole("button", { name: "Reschedule" }).click();
    const others = visitor.getByRole("region", { name: "Free times" }).getByRole("listitem").getByRole("button");
    await expect(others.first()).toBeVisible();
    const newLabel = (await others.nth(2).textContent())!;
    await others.nth(2).click();
    await accessibleAtBothWidths(visitor);
    await visitor.getByRole("button", { name: /^Move to / }).click();
    await expect(visitor.getByText(/^Done: your session is now/)).toBeVisible();

    const moved = await mailTo(email, new RegExp(`^Moved: ${CONSULTATION}`));
    const update = readInvite(moved.attachments.find((file) => file.filename.endsWith(".ics"))!.content);
    expect(update).toMatchObject({ method: "REQUEST", uid: invite.uid, sequence: 1 });
    expect(wallClock(update.start, VISITOR_ZONE)).toBe(newLabel);
    await findIn(`${wallClock(update.start, HER_ZONE)} Aiko, ${CONSULTATION} (Confirmed)`);

    // Birth support for a baby due in June 2027: the month is full, and its waiting list is offered.
    await visitor.goto("/book");
    await visitor.getByRole("link", { name: `See times for ${BIRTH_SUPPORT}` }).click();
    const birthTimes = visitor
      .getByRole("region", { name: `Free times for ${BIRTH_SUPPORT}` })
      .getByRole("listitem")
      .getByRole("button");
    await birthTimes.first().click();
    await visitor.getByLabel("Your name").fill("Aiko");
    await visitor.getByLabel("E-mail address").fill(email);
    await visitor.getByLabel("Your due date").fill("2027-06-15");
    await visitor.getByRole("button", { name: "Book this time" }).click();
    await expect(visitor.getByText("Every birth-support place for babies due in June 2027 is taken.", { exact: false })).toBeVisible();
    await accessibleAtBothWidths(visitor);
    await visitor.getByRole("button", { name: "Join the waiting list" }).click();
    await expect(visitor.getByText(/^You are number \d+ on the waiting list/)).toBeVisible();

    await studio.goto("/studio/calendar#due-months");
    await expect(studio.getByRole("heading", { name: "June 2027: 0 of 0 taken" })).toBeVisible();
    await expect(studio.getByRole("region", { name: "June 2027" }).getByText(email)).toBeVisible();
    await visitorContext.close();
    await studio.context().close();
  });
});
