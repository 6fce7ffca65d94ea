import { readFile } from "node:fs/promises";
import { expect, type Page, test } from "./test.ts";
import { pdfText } from "../testing/pdf-text.ts";
import { expectAccessible, signedInMember } from "./helpers.ts";

async function completeLesson(page: Page, courseId: number, lessonId: number) {
  await page.goto(`/lesson?course=${courseId}&lesson=${lessonId}`);
  const mark = page.getByRole("button", { name: "Mark as complete" });
  await expect(mark).toBeEnabled();
  await mark.click();
  await expect(page.getByRole("status").filter({ hasText: "Completed" })).toBeVisible();
  await expect(page.getByRole("button", { name: "Mark as not complete" })).toBeVisible();
}

test.describe("progress that follows her", () => {
  test("two lessons marked complete show on the course page, in the library and as Continue on /home", async ({ page }) => {
    await signedInMember(page, "progress");
    await completeLesson(page, 1, 1001);
    await expectAccessible(page);
    // Undo, and mark it again.
    await page.getByRole("button", { name: "Mark as not complete" }).click();
    await page.getByRole("button", { name: "Mark as complete" }).click();
    // Next lesson, in course order: it opens at its top, with focus on its title.
    await page.getByRole("link", { name: "Next lesson: Your birth preferences" }).click();
    await expect(page).toHaveURL(/lesson=1002/);
    await expect(page.getByRole("heading", { name: "Your birth preferences", level: 1 })).toBeFocused();
    expect(await page.evaluate(() => window.scrollY)).toBe(0);
    await expect(page.getByText("VIDEO INFO HERE")).toHaveCount(0);
    await page.getByRole("button", { name: "Mark as complete" }).click();
    await expect(page.getByRole("button", { name: "Mark as not complete" })).toBeVisible();
    await page.reload();
    await expect(page.getByRole("status").filter({ hasText: "Completed" })).toBeVisible();
    await expect(page.getByRole("link", { name: "Previous lesson: How this course works" })).toBeVisible();

    await page.goto("/course?course=1");
    await expect(page.getByText("2 of 16 lessons done.")).toBeVisible();
    await expect(page.getByText("2 of 2 done")).toBeVisible();
    await page.getByRole("button", { name: /Welcome and Getting Started/ }).click();
    await expect(page.getByRole("link", { name: /How this course works/ })).toContainText("Completed");
    await expectAccessible(page);

    await page.goto("/library");
    await expect(page.getByRole("progressbar", { name: "Progress in Comprehensive Childbirth Education" })).toHaveAttribute(
      "aria-valuenow",
      "13",
    );
    await expect(page.getByText("13% done")).toBeVisible();
    await expectAccessible(page);

    await page.goto("/home");
    const continueCard = page.getByRole("region", { name: "Continue where you left off" });
    await expect(continueCard).toContainText("Your birth preferences");
    await expect(continueCard.getByRole("link", { name: "Next lesson: What starts labour" })).toBeVisible();
    await expectAccessible(page);
    await continueCard.getByRole("link", { name: "Continue: Your birth preferences" }).click();
    await expect(page).toHaveURL(/course=1&lesson=1002/);
  });

  test("finishing a short course offers a certificate whose code the public page confirms", async ({ page }) => {
    await signedInMember(page, "certificate");
    for (const lessonId of [1017, 1018, 1019, 1020]) await completeLesson(page, 2, lessonId);
    await page.goto("/course?course=2");
    await expect(page.getByText("4 of 4 lessons done.")).toBeVisible();
    const downloadPromise = page.waitForEvent("download");
    await page.getByRole("button", { name: "Download certificate" }).click();
    const download = await downloadPromise;
    expect(download.suggestedFilename()).toMatch(/^certificate-.*\.pdf$/);
    const text = await pdfText(new Uint8Array(await readFile((await download.path())!)));
    expect(text).toContain("Maya");
    expect(text).toContain("Birth After a Hard Birth");
    const code = text.match(/Certificate ([A-Z2-9]{4}-[A-Z2-9]{4}-[A-Z2-9]{4})/)![1]!;

    await page.goto(`/verify/${code}`);
    await expect(page.getByRole("heading", { name: "Certificate confirmed" })).toBeVisible();
    await expect(page.getByText("Birth After a Hard Birth")).toBeVisible();
    await expect(page.getByText("M.", { exact: true })).toBeVisible();
    await expectAccessible(page);
    await page.goto("/verify/ABCD-EFGH-JKLM");
    await expect(page.getByRole("heading", { name: "Certificate not found" })).toBeVisible();
  });

  test("paced to her due date: this week's lessons on /home, Recommended now and Coming up on the course, then the fourth trimester", async ({
    page,
  }) => {
    await signedInMember(page, "pacing");
    const card = page.getByRole("region", { name: "When is your baby due?" });
    await expect(card).toBeVisible();
    await expectAccessible(page);
    // 63 days before the due date: 31 completed weeks.
    const due = new Date(Date.now() + 63 * 24 * 60 * 60 * 1000).toISOString().slice(0, 10);
    await card.getByLabel("Due date").fill(due);
    await card.getByRole("button", { name: "Save due date" }).click();
    const week = page.getByRole("region", { name: "You are 31 weeks: this week's lessons" });
    await expect(week.getByRole("link", { name: "What starts labour" })).toBeVisible();
    await expectAccessible(page);

    await page.goto("/course?course=1");
    await expect(page.getByRole("button", { name: /Understanding Labour/ })).toContainText("Recommended now");
    await expect(page.getByRole("button", { name: /Comfort Measures/ })).toContainText("Coming up");
    await expect(page.getByRole("button", { name: /After the Birth/ })).not.toContainText(/Recommended now|Coming up/);
    await expectAccessible(page);

    await page.goto("/home");
    // With the journeys on, the card asks the day and tells her doula (web/src/features/journeys/birth-action.tsx).
    await page.getByRole("button", { name: "My baby has arrived" }).click();
    await page.getByRole("form", { name: "Baby is here" }).getByRole("button", { name: "Tell my doula the baby is here" }).click();
    const fourth = page.getByRole("region", { name: "Your fourth trimester: lessons for now" });
    await expect(fourth.getByRole("link", { name: "The golden hour" })).toBeVisible();
    await page.goto("/course?course=1");
    await expect(page.getByRole("button", { name: /After the Birth/ })).toContainText("Recommended now");
  });
});
