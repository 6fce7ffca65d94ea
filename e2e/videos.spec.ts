import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import type { Locator } from "@playwright/test";
import { expect, test } from "./test.ts";
import { accessibleAtBothWidths, expectAccessible, instructorPage, signedInMember } from "./helpers.ts";

// docs/videos.md: she uploads a lesson's own video in the studio; a member plays it on the lesson's
// page, streamed in HLS from signed addresses, and saves it for the waiting room; removed, the
// lesson's link plays again.

test.use({ serviceWorkers: "allow" });

/** Three seconds of a test picture at 720p with a tone, as her camera would export it. */
function sampleVideo(): Buffer {
  const folder = mkdtempSync(path.join(tmpdir(), "e2e-video-"));
  try {
    const file = path.join(folder, "breathing.mp4");
    execFileSync("ffmpeg", [
      ...["-hide_banner", "-loglevel", "error", "-f", "lavfi", "-i", "testsrc=size=1280x720:rate=15:duration=3"],
      ...["-f", "lavfi", "-i", "sine=frequency=440:duration=3", "-c:v", "libx264", "-preset", "ultrafast", "-pix_fmt", "yuv420p"],
      ...["-c:a", "aac", "-shortest", file],
    ]);
    return readFileSync(file);
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
}

// Her captions of the lesson, timed: they are the video's captions and the transcript under it.
const captions = [
  "WEBVTT",
  "",
  "00:00:00.500 --> 00:00:01.500",
  "Breathe in slowly.",
  "",
  "00:00:02.000 --> 00:00:03.000",
  "And out.",
  "",
].join("\n");

/** Where the video is, once it has moved on from `after`. */
const playedPast = (video: Locator, after: number) =>
  expect.poll(() => video.evaluate((element: HTMLVideoElement) => element.currentTime), { timeout: 20_000 }).toBeGreaterThan(after);

test("she uploads a lesson's own video; a member plays it, follows its transcript, saves it for offline and plays it with no signal; logout takes it away", async ({
  browser,
  page,
  context,
}) => {
  test.setTimeout(120_000);
  const studio = await instructorPage(browser);
  // Lesson 1002, "Your birth preferences", plays a Vimeo link in the demo's first course.
  await studio.goto("/studio/lessons/1002");
  const section = studio.getByRole("region", { name: "The lesson's own video" });
  await section.getByLabel("Video file").setInputFiles({ name: "breathing.mp4", mimeType: "video/mp4", buffer: sampleVideo() });
  await section.getByRole("button", { name: "Upload the video" }).click();
  await expect(section.getByRole("status")).toContainText("breathing.mp4 is ready: 0:03, in 360p, 720p.", { timeout: 60_000 });
  await accessibleAtBothWidths(studio);
  const transcripts = "/reactapi/studio/lessons/1002/transcripts";
  const origin = { origin: new URL(studio.url()).origin };
  const added = await studio.request.post(transcripts, {
    multipart: { language: "en", file: { name: "breathing.vtt", mimeType: "text/vtt", buffer: Buffer.from(captions) } },
    headers: origin,
  });
  expect(added.status(), await added.text()).toBe(201);

  await signedInMember(page, "own-video");
  await page.goto("/lesson?course=1&lesson=1002");
  await page.evaluate(() => navigator.serviceWorker.ready);
  const video = page.getByLabel("Video: Your birth preferences");
  await expect(video).toBeVisible();
  await expect(video).toHaveAttribute("poster", /^\/reactapi\/videos\/\d+\/[\w-]+\/1002\/[0-9a-f]{24}\/poster\.jpg$/);
  await expect(page.locator("iframe")).toHaveCount(0);
  // hls.js (or the browser itself) reads the signed playlist: the player knows the video's length.
  await expect.poll(() => video.evaluate((element: HTMLVideoElement) => Math.round(element.duration)), { timeout: 20_000 }).toBe(3);
  await accessibleAtBothWidths(page);
  await video.evaluate((element: HTMLVideoElement) => {
    element.muted = true;
    return element.play();
  });
  await playedPast(video, 0.3);
  // A cue of the transcript moves the video to its second.
  await video.evaluate((element: HTMLVideoElement) => element.pause());
  const cues = page.getByRole("region", { name: "Transcript" }).getByRole("list", { name: "Transcript" }).getByRole("button");
  await cues.filter({ hasText: "And out." }).click();
  await expect.poll(() => video.evaluate((element: HTMLVideoElement) => element.currentTime)).toBeGreaterThanOrEqual(2);

  // Saved for the waiting room: one picture size (360p unless she chooses 720p), with its transcript.
  await expect(page.getByRole("radio", { name: "Smaller (360p)" })).toBeChecked();
  await page.getByRole("button", { name: "Save for offline" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Saved on this phone" })).toContainText(
    "Saved on this phone: the video, the notes, the summary and the downloads open without a signal.",
  );
  const saved = () =>
    page.evaluate(async () => (await (await caches.open("saved-lessons-v1")).keys()).map((request) => new URL(request.url).pathname));
  expect((await saved()).filter((address) => address.endsWith(".ts")).every((address) => address.includes("/360p/"))).toBe(true);
  expect((await saved()).some((address) => /\/360p\/segment-0000\.ts$/.test(address))).toBe(true);
  expect(await saved()).toContain("/reactapi/lessons/1002/video");

  // Days later, the browser's own cache no longer has the files (their addresses expired long ago):
  // only what she saved plays.
  await (await context.newCDPSession(page)).send("Network.clearBrowserCache");
  await context.setOffline(true);
  await page.reload();
  await expect(page.getByRole("heading", { name: "Your birth preferences", level: 1 })).toBeVisible();
  const offlineVideo = page.getByLabel("Video: Your birth preferences");
  await expect.poll(() => offlineVideo.evaluate((element: HTMLVideoElement) => Math.round(element.duration)), { timeout: 20_000 }).toBe(3);
  await offlineVideo.evaluate((element: HTMLVideoElement) => {
    element.muted = true;
    return element.play();
  });
  await playedPast(offlineVideo, 0.3);
  await expectAccessible(page);

  // The whole course, lesson after lesson, with what it takes of the phone; then Remove.
  await context.setOffline(false);
  await page.goto("/course?course=1");
  const onThisPhone = page.getByRole("region", { name: "On this phone" });
  await onThisPhone.getByRole("button", { name: "Save this course" }).click();
  await expect(onThisPhone.getByRole("status")).toHaveText("This course is saved on this phone: its lessons open without a signal.", {
    timeout: 30_000,
  });
  await expect(onThisPhone).toContainText(/This course takes [\d.,]+ (kB|MB) of this phone; [\d.,]+ (MB|GB) are free\./);
  const savedLessonCount = async () => (await saved()).filter((address) => address.startsWith("/offline/lessons/1/")).length;
  expect(await savedLessonCount()).toBeGreaterThan(1);
  await expectAccessible(page);
  await onThisPhone.getByRole("button", { name: "Remove this course from this phone" }).click();
  await expect(onThisPhone.getByRole("button", { name: "Save this course" })).toBeVisible();
  expect(await savedLessonCount()).toBe(0);
  expect((await saved()).filter((address) => address.endsWith(".ts"))).toEqual([]);

  await page.getByRole("button", { name: "Open menu" }).click();
  await page.getByRole("navigation", { name: "Member menu" }).getByRole("button", { name: "Logout" }).click();
  await expect(page).toHaveURL(/\/$/);
  expect(await page.evaluate(() => caches.keys())).not.toContain("saved-lessons-v1");

  await section.getByRole("button", { name: "Delete breathing.mp4" }).click();
  await section.getByRole("button", { name: "Yes, delete" }).click();
  await expect(section.getByRole("status").filter({ hasText: "Removed" })).toContainText("Removed the lesson's video.");
  const removed = await studio.request.post(`${transcripts}/en/delete`, { data: {}, headers: origin });
  expect(removed.ok(), await removed.text()).toBe(true);
  await signedInMember(page, "own-video-after");
  await page.goto("/lesson?course=1&lesson=1002");
  await expect(page.getByTitle("Video: Your birth preferences")).toHaveAttribute("src", /^https:\/\/player\.vimeo\.com\//);
  await expect(page.locator("video")).toHaveCount(0);
});
