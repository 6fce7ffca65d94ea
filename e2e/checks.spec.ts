import { expect, test } from "./test.ts";
import { accessibleAtBothWidths, instructorPage, signedInMember } from "./helpers.ts";

// Knowledge checks (docs/checks.md): the instructor writes one in the lesson editor; the member
// answers it wrongly, reads why, answers it rightly; the studio shows how each question went.

const LESSON = 1019;

test("the instructor adds a check; the member answers it wrongly then rightly; the studio shows each question's results", async ({
  browser,
}) => {
  const studio = await instructorPage(browser);
  await studio.goto(`/studio/lessons/${LESSON}`);
  const checks = studio.getByRole("region", { name: "Knowledge checks" });
  await expect(checks.getByText("No check in this lesson yet.")).toBeVisible();
  const form = checks.getByRole("form", { name: "Add a knowledge check" });
  await form.getByLabel("Name of the check (optional)").fill("Your support team");
  await form.getByLabel("The question").fill("Who can be on your support team?");
  await form.getByLabel("Kind").selectOption("several");
  const answers = form.getByRole("group", { name: "Answers to question 1" });
  await answers.getByLabel("Answer A").fill("Your partner");
  await answers.getByLabel("Answer B").fill("A friend who has given birth");
  await form.getByRole("button", { name: "Add an answer" }).click();
  await answers.getByLabel("Answer C").fill("Only a doctor");
  await answers.getByRole("checkbox", { name: "Right" }).nth(1).check();
  await form
    .getByLabel("Explanation, for her to read after answering")
    .fill("Anyone you trust can support you: a partner, a friend, a doula.");
  await form.getByRole("button", { name: "Add a question" }).click();
  await form.getByLabel("Kind").nth(1).selectOption("true_false");
  await form.getByLabel("The question").nth(1).fill("You must ask for help before 36 weeks.");
  await form.getByRole("group", { name: "Answers to question 2" }).getByRole("radio", { name: "Right" }).nth(1).check();
  await form
    .getByLabel("Explanation, for her to read after answering")
    .nth(1)
    .fill("You can ask for help at any time, before or after the birth.");
  await form.getByRole("button", { name: "Add the check" }).click();
  await expect(checks.getByRole("status")).toContainText("Added the check: 2 questions.");
  await accessibleAtBothWidths(studio);

  const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
  const page = await context.newPage();
  await signedInMember(page, "check-taker");
  await page.goto(`/lesson?course=2&lesson=${LESSON}`);
  const check = page.getByRole("region", { name: "Your support team" });
  await expect(check).toContainText("A few questions, at your pace.");
  const first = check.getByRole("group", { name: /Who can be on your support team\?/ });
  await first.getByLabel("Only a doctor").check();
  await check
    .getByRole("group", { name: /You must ask for help before 36 weeks/ })
    .getByLabel("True")
    .check();
  await check.getByRole("button", { name: "Check my answers" }).click();
  await expect(check.getByRole("status")).toHaveText("0 of 2 right. The explanations are under each question.");
  await expect(first).toContainText("Let's look at this one again.");
  await expect(first).toContainText("The right answer: Your partner; A friend who has given birth");
  await expect(check).not.toContainText(/fail/i);
  await accessibleAtBothWidths(page);

  await check.getByRole("button", { name: "Try again" }).click();
  await first.getByLabel("Your partner").check();
  await first.getByLabel("A friend who has given birth").check();
  await check
    .getByRole("group", { name: /You must ask for help before 36 weeks/ })
    .getByLabel("False")
    .check();
  await check.getByRole("button", { name: "Check my answers" }).click();
  await expect(check.getByRole("status")).toHaveText("All 2 right. Well done.");
  await expect(check).toContainText("Your best so far: 2 of 2.");
  // The course's page counts the checks answered with full marks.
  await page.goto("/course?course=2");
  const courseChecks = page.getByRole("region", { name: "Knowledge checks" });
  await expect(courseChecks).toContainText("1 of 1 check answered with full marks.");
  await expect(courseChecks.getByRole("link", { name: "Your support team" })).toHaveAttribute("href", `/lesson?course=2&lesson=${LESSON}`);
  await expect(courseChecks).toContainText("Full marks");
  await accessibleAtBothWidths(page);
  await context.close();

  await studio.reload();
  const results = studio.getByRole("region", { name: "Knowledge checks" }).getByRole("article", { name: "Your support team" });
  await expect(results.getByRole("img", { name: "1 of 2 answers right" })).toHaveCount(2);
  await accessibleAtBothWidths(studio);
  await studio.context().close();
});
