import { expect, test } from "./test.ts";
import { accessibleAtBothWidths, instructorPage, signedInMember } from "./helpers.ts";

// A lesson's transcript (docs/transcripts.md): the instructor adds it in the lesson editor; the
// member reads it under the video and presses a cue to move the player there.

const LESSON = 1003;

const vtt = [
  "WEBVTT",
  "Kind: captions",
  "",
  "00:00:01.000 --> 00:00:05.000",
  "Welcome. Sit somewhere comfortable.",
  "",
  "00:02:10.000 --> 00:02:16.000",
  "Early labour can last many hours.",
  "",
  "00:04:32.000 --> 00:04:40.000",
  "Counter-pressure on the lower back eases a contraction.",
  "",
].join("\n");

// YouTube's player cannot be reached from here: its address answers with a page that speaks the
// IFrame API's messages as YouTube does and lists the commands it was sent. Once told "listening"
// it reports where it is (infoDelivery) at once, after each seek, and four times a second as a
// playing player does (held at the time sought), so a part of the page that starts listening
// late still learns the time.
const playerStandIn = `<!doctype html><html lang="en"><title>Player</title><ol id="commands"></ol><script>
let currentTime = 0;
let reporting;
const report = () => parent.postMessage(JSON.stringify({ event: "infoDelivery", info: { currentTime, duration: 600, playerState: 1 } }), "*");
addEventListener("message", (event) => {
  const message = JSON.parse(event.data);
  const item = document.createElement("li");
  item.textContent = message.event === "command" ? message.func + " " + message.args.join(",") : message.event;
  document.getElementById("commands").append(item);
  if (message.func === "seekTo") currentTime = message.args[0];
  if (message.event === "listening") reporting ??= setInterval(report, 250);
  if (message.event === "listening" || message.func === "seekTo") report();
});
</script></html>`;

test("the instructor adds a transcript; the member follows it under the video, a cue moves the player there, and a search finds its words", async ({
  browser,
}) => {
  const studio = await instructorPage(browser);
  await studio.goto(`/studio/lessons/${LESSON}`);
  await studio.getByLabel("Video link (YouTube or Vimeo)").fill("https://www.youtube.com/watch?v=M7lc1UVf-VE");
  await studio.getByRole("button", { name: "Save lesson" }).click();
  await expect(studio.getByRole("status").filter({ hasText: "Saved" })).toBeVisible();

  const transcripts = studio.getByRole("region", { name: "Transcripts" });
  await expect(transcripts.getByText("No transcript yet.")).toBeVisible();
  const form = transcripts.getByRole("form", { name: "Add a transcript" });
  await expect(form.getByLabel("Language of the transcript")).toHaveValue("en");
  // A broken file is refused with its line; nothing is kept.
  await form.getByLabel("Captions file", { exact: true }).setInputFiles({
    name: "broken.vtt",
    mimeType: "text/vtt",
    buffer: Buffer.from(vtt.replace("00:02:10.000", "00:02:1O.000")),
  });
  await form.getByRole("button", { name: "Add the transcript" }).click();
  await expect(transcripts.getByRole("alert")).toContainText("Line 7: its times cannot be read.");
  await form
    .getByLabel("Captions file", { exact: true })
    .setInputFiles({ name: "lesson.vtt", mimeType: "text/vtt", buffer: Buffer.from(vtt) });
  await form.getByRole("button", { name: "Add the transcript" }).click();
  await expect(transcripts.getByRole("status")).toContainText("Added the en transcript: 3 parts.");
  await expect(transcripts.getByRole("list", { name: "Transcripts of this lesson" })).toContainText("English");
  await expect(transcripts.getByRole("list", { name: "Transcripts of this lesson" })).toContainText("3 timed parts");
  await accessibleAtBothWidths(studio);
  await studio.context().close();

  const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
  const page = await context.newPage();
  await page.route("https://www.youtube-nocookie.com/embed/**", (route) =>
    route.fulfill({ status: 200, contentType: "text/html", body: playerStandIn }),
  );
  await signedInMember(page, "transcript-reader");
  await page.goto(`/lesson?course=1&lesson=${LESSON}`);
  const transcript = page.getByRole("region", { name: "Transcript" });
  const cues = transcript.getByRole("list", { name: "Transcript" }).getByRole("button");
  await expect(cues).toHaveText([
    "0:01Welcome. Sit somewhere comfortable.",
    "2:10Early labour can last many hours.",
    "4:32Counter-pressure on the lower back eases a contraction.",
  ]);
  const player = page.frameLocator('iframe[title^="Video"]');
  // The player reported its time (0:00): no cue is being spoken yet.
  await expect(player.locator("#commands")).toContainText("listening");
  await expect(transcript.locator('[aria-current="true"]')).toHaveCount(0);
  await accessibleAtBothWidths(page);

  await cues.nth(2).click();
  await expect(player.locator("#commands")).toContainText("seekTo 272,true");
  await expect(cues.nth(2)).toHaveAttribute("aria-current", "true");

  await transcript.getByRole("button", { name: "Captions" }).click();
  await expect(transcript.getByRole("button", { name: "Captions" })).toHaveAttribute("aria-pressed", "true");
  await expect(page.locator(".transcript-caption")).toHaveText("Counter-pressure on the lower back eases a contraction.");
  await accessibleAtBothWidths(page);

  // A word said only in the transcript, searched from the library, opens the lesson at that moment.
  await page.goto("/library");
  // The library draws its search box as a slot: one drawn again as the page's answers arrive may
  // lose a word typed into the first, as a person would see and type again.
  await expect(async () => {
    await page.getByRole("search").getByLabel("Search the lessons").fill("eases");
    await page.getByRole("search").getByRole("button", { name: "Search" }).click();
    await expect(page).toHaveURL(/\/search\?q=eases$/, { timeout: 2_000 });
  }).toPass({ timeout: 15_000 });
  const lessons = page.getByRole("region", { name: "Lessons" });
  await expect(page.getByRole("status")).toHaveText("Found 1 lesson and 0 conversations for “eases”.");
  await expect(lessons.getByRole("listitem")).toHaveCount(1);
  await expect(lessons.locator("mark")).toHaveText("eases");
  await accessibleAtBothWidths(page);
  await lessons.getByRole("link", { name: "What starts labour at 4:32" }).click();
  await expect(page).toHaveURL(`/lesson?course=1&lesson=${LESSON}&at=272`);
  await expect(player.locator("#commands")).toContainText("seekTo 272,true");
  await expect(cues.nth(2)).toHaveAttribute("aria-current", "true");
  await context.close();
});
