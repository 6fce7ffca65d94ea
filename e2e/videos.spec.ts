import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { expect, test } from "./test.ts";
import { expectAccessible, instructorPage, signedInMember } from "./helpers.ts";

// docs/videos.md: she uploads a lesson's own video in the studio; a member plays it on the lesson's
// page, streamed in HLS from signed addresses; removed, the lesson's link plays again.

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

test("she uploads a lesson's own video, a member plays it in place of the link, and removing it brings the link back", async ({
  browser,
  page,
}) => {
  test.setTimeout(120_000);
  const studio = await instructorPage(browser);
  // Lesson 1002, "Your birth preferences", plays a Vimeo link in the demo's first course.
  await studio.goto("/studio/lessons/1002");
  const section = studio.getByRole("region", { name: "The lesson's own video" });
  await section.getByLabel("Video file").setInputFiles({ name: "breathing.mp4", mimeType: "video/mp4", buffer: sampleVideo() });
  await section.getByRole("button", { name: "Upload the video" }).click();
  await expect(section.getByRole("status")).toContainText("breathing.mp4 is ready: 0:03, in 360p, 720p.", { timeout: 60_000 });
  await expectAccessible(studio);

  await signedInMember(page, "own-video");
  await page.goto("/lesson?course=1&lesson=1002");
  const video = page.getByLabel("Video: Your birth preferences");
  await expect(video).toBeVisible();
  await expect(video).toHaveAttribute("poster", /^\/reactapi\/videos\/\d+\/[\w-]+\/1002\/[0-9a-f]{24}\/poster\.jpg$/);
  await expect(page.locator("iframe")).toHaveCount(0);
  // hls.js (or the browser itself) reads the signed playlist: the player knows the video's length.
  await expect.poll(() => video.evaluate((element: HTMLVideoElement) => Math.round(element.duration)), { timeout: 20_000 }).toBe(3);
  await expectAccessible(page);

  await section.getByRole("button", { name: "Delete breathing.mp4" }).click();
  await section.getByRole("button", { name: "Yes, delete" }).click();
  await expect(section.getByRole("status").filter({ hasText: "Removed" })).toContainText("Removed the lesson's video.");
  await page.reload();
  await expect(page.getByTitle("Video: Your birth preferences")).toHaveAttribute("src", /^https:\/\/player\.vimeo\.com\//);
  await expect(page.locator("video")).toHaveCount(0);
});
