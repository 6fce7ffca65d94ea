import { describe, expect, it } from "vitest";
import { parseVideoLength, parseVideoLink, videoLengthText, videoLink } from "./video-link.ts";

describe("a pasted video link", () => {
  it.each([
    ["https://www.youtube.com/watch?v=dQw4w9WgXcQ", "dQw4w9WgXcQ"],
    ["https://m.youtube.com/watch?v=dQw4w9WgXcQ", "dQw4w9WgXcQ"],
    ["https://youtu.be/dQw4w9WgXcQ?si=share123", "dQw4w9WgXcQ"],
    ["youtu.be/dQw4w9WgXcQ", "dQw4w9WgXcQ"],
    ["https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ", "dQw4w9WgXcQ"],
    ["https://www.youtube.com/shorts/dQw4w9WgXcQ", "dQw4w9WgXcQ"],
    ["  https://www.youtube.com/live/dQw4w9WgXcQ  ", "dQw4w9WgXcQ"],
  ])("finds the YouTube video in %s", (link, id) => {
    expect(parseVideoLink(link)).toEqual({ provider: "youtube", id });
  });

  it.each([
    ["https://youtube.com/watch?v=dQw4w9WgXcQ&t=42s&list=PL1", 42],
    ["https://youtu.be/dQw4w9WgXcQ?t=90", 90],
    ["https://www.youtube.com/watch?v=dQw4w9WgXcQ&t=1m30s", 90],
    ["https://www.youtube.com/watch?v=dQw4w9WgXcQ&t=1h2m3s", 3723],
    ["https://www.youtube.com/embed/dQw4w9WgXcQ?start=10", 10],
  ])("keeps the start time of %s (%i seconds)", (link, start) => {
    expect(parseVideoLink(link)).toEqual({ provider: "youtube", id: "dQw4w9WgXcQ", start });
  });

  it("leaves out a start time it cannot read, or one of zero", () => {
    expect(parseVideoLink("https://www.youtube.com/watch?v=dQw4w9WgXcQ&t=soon")).toEqual({ provider: "youtube", id: "dQw4w9WgXcQ" });
    expect(parseVideoLink("https://www.youtube.com/watch?v=dQw4w9WgXcQ&t=0s")).toEqual({ provider: "youtube", id: "dQw4w9WgXcQ" });
  });

  it.each([
    ["https://vimeo.com/76979871", { provider: "vimeo", id: "76979871" }],
    ["vimeo.com/76979871", { provider: "vimeo", id: "76979871" }],
    ["https://player.vimeo.com/video/76979871?dnt=1", { provider: "vimeo", id: "76979871" }],
    ["https://vimeo.com/channels/staffpicks/76979871", { provider: "vimeo", id: "76979871" }],
    ["https://vimeo.com/groups/birth/videos/76979871", { provider: "vimeo", id: "76979871" }],
    ["https://vimeo.com/76979871/a1b2c3d4e5", { provider: "vimeo", id: "76979871", hash: "a1b2c3d4e5" }],
    ["https://player.vimeo.com/video/76979871?h=a1b2c3d4e5&badge=0", { provider: "vimeo", id: "76979871", hash: "a1b2c3d4e5" }],
  ])("finds the Vimeo video in %s", (link, video) => {
    expect(parseVideoLink(link)).toEqual(video);
  });

  it.each([
    "",
    "not a link",
    "https://example.com/watch?v=dQw4w9WgXcQ",
    "https://www.youtube.com/watch?v=short",
    "https://www.youtube.com/channel/UC123",
    "https://vimeo.com/about",
    "https://player.vimeo.com/video/abc",
    "javascript:alert(1)",
    "ftp://vimeo.com/76979871",
  ])("refuses %s", (link) => {
    expect(parseVideoLink(link)).toBeNull();
  });

  it("shows a saved video as a link that parses back to it", () => {
    for (const video of [
      { provider: "youtube", id: "dQw4w9WgXcQ" },
      { provider: "youtube", id: "dQw4w9WgXcQ", start: 42 },
      { provider: "vimeo", id: "1" },
      { provider: "vimeo", id: "2", hash: "ab12" },
    ] as const) {
      expect(parseVideoLink(videoLink(video))).toEqual(video);
    }
  });
});

describe("a video's length as she types it", () => {
  it("reads minutes:seconds, hours:minutes:seconds and minutes alone, and writes them back", () => {
    expect(parseVideoLength("12:30")).toBe(750);
    expect(parseVideoLength(" 1:05:00 ")).toBe(3900);
    expect(parseVideoLength("12")).toBe(720);
    expect(videoLengthText(750)).toBe("12:30");
    expect(videoLengthText(3900)).toBe("1:05:00");
    expect(videoLengthText(null)).toBe("");
  });

  it("reads nothing from what is not a length", () => {
    for (const text of ["", "12:75", "abc", "0:00", "12m", "-3", "25:00:00"]) expect(parseVideoLength(text)).toBeNull();
  });
});
