import { describe, expect, it } from "vitest";
import { videoEmbedUrl } from "./video-players.ts";

describe("a lesson video's player address", () => {
  it("carries an unlisted Vimeo video's code, and no code for a public one", () => {
    expect(videoEmbedUrl({ provider: "vimeo", id: "76979871", hash: "a1b2c3d4e5" }, "https://calm.example")).toBe(
      "https://player.vimeo.com/video/76979871?dnt=1&h=a1b2c3d4e5",
    );
    expect(videoEmbedUrl({ provider: "vimeo", id: "76979871" }, "https://calm.example")).toBe(
      "https://player.vimeo.com/video/76979871?dnt=1",
    );
  });

  it("embeds YouTube without cookies, telling the player this site's origin", () => {
    expect(videoEmbedUrl({ provider: "youtube", id: "dQw4w9WgXcQ" }, "https://calm.example")).toBe(
      "https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ?enablejsapi=1&origin=https%3A%2F%2Fcalm.example",
    );
  });
});
