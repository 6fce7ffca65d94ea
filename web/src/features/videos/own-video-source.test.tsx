import { act, render, screen } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import type { VideoFrame } from "../../lib/lesson-player.ts";
import { renderAt, stubApi } from "../../test/render.tsx";
import OwnVideoSource, { ownVideoFrame, renewalDelay } from "./own-video-source.tsx";

// docs/videos.md: a lesson's own video plays in place of its link, from its signed playlist.
const own = {
  playlist_url: "/reactapi/videos/1900000000/abc/12/0123456789abcdef01234567/master.m3u8",
  poster_url: "/reactapi/videos/1900000000/abc/12/0123456789abcdef01234567/poster.jpg",
  duration_seconds: 184,
  captions: [
    { language: "en", label: "English", url: "/reactapi/lessons/12/captions/en" },
    { language: "es", label: "Spanish", url: "/reactapi/lessons/12/captions/es" },
  ],
  expires_at: "2030-03-17T17:46:40.000Z",
  version: "videos/12/0123456789abcdef01234567/",
};

function sourceAt(lessonId: number) {
  const seen: (VideoFrame | null | undefined)[] = [];
  renderAt(`/lesson/${lessonId}`, [
    {
      path: "/lesson/:id",
      element: (
        <OwnVideoSource lessonId={lessonId}>
          {(frame) => {
            seen.push(frame);
            return <p>{frame === undefined ? "asking" : frame ? "own video" : "the link"}</p>;
          }}
        </OwnVideoSource>
      ),
    },
  ]);
  return seen;
}

describe("a lesson's own video on its page", () => {
  it("keeps the player's place while it asks, then hands the page its player", async () => {
    stubApi({ "/reactapi/lessons/12/video": [200, own] });
    const seen = sourceAt(12);
    expect(await screen.findByText("own video")).toBeInTheDocument();
    expect(seen[0]).toBeUndefined();
    expect(seen.at(-1)?.key).toBe(own.version);
  });

  it("leaves the lesson's link to play when it has no video of its own", async () => {
    stubApi({
      "/reactapi/lessons/13/video": [
        200,
        { playlist_url: null, poster_url: null, duration_seconds: null, captions: [], expires_at: null, version: null },
      ],
    });
    sourceAt(13);
    expect(await screen.findByText("the link")).toBeInTheDocument();
  });

  it("plays the signed playlist with its poster and captions, reports its time and goes where it is asked", async () => {
    const frame = ownVideoFrame(own);
    let element: HTMLElement | null = null;
    render(<>{frame.render((node) => void (element = node), "Video: Breathing")}</>);
    const video = screen.getByLabelText("Video: Breathing") as HTMLVideoElement;
    expect(video.getAttribute("poster")).toBe(own.poster_url);
    expect(video.controls).toBe(true);
    // Her timed transcripts are the player's captions.
    expect(
      [...video.querySelectorAll("track")].map((track) => [track.kind, track.srclang, track.label, track.getAttribute("src")]),
    ).toEqual([
      ["captions", "en", "English", "/reactapi/lessons/12/captions/en"],
      ["captions", "es", "Spanish", "/reactapi/lessons/12/captions/es"],
    ]);
    const events = { ready: vi.fn(), timeUpdate: vi.fn(), ended: vi.fn() };
    const attached = await frame.attach(element!, events);
    // Without Media Source Extensions (this test's browser), the playlist goes to the player itself.
    expect(video.getAttribute("src")).toBe(own.playlist_url);
    video.dispatchEvent(new Event("loadedmetadata"));
    expect(events.ready).toHaveBeenCalledWith(attached);
    attached.seekTo(42);
    expect(video.currentTime).toBe(42);
    video.dispatchEvent(new Event("timeupdate"));
    expect(events.timeUpdate).toHaveBeenCalledWith(42, video.duration);
    video.dispatchEvent(new Event("ended"));
    expect(events.ended).toHaveBeenCalledTimes(1);
    attached.detach();
    video.dispatchEvent(new Event("ended"));
    expect(events.ended).toHaveBeenCalledTimes(1);
  });

  it("asks for new addresses ten minutes before they expire, and never sooner than half their time", () => {
    const now = Date.parse("2030-03-17T12:00:00Z");
    expect(renewalDelay("2030-03-17T18:00:00Z", now)).toBe(6 * 3600_000 - 10 * 60_000);
    expect(renewalDelay("2030-03-17T12:01:00Z", now)).toBe(30_000);
    expect(renewalDelay("2030-03-17T11:00:00Z", now)).toBe(0);
    // A wait longer than a timer can hold is cut to the longest it can.
    expect(renewalDelay("2031-03-17T12:00:00Z", now)).toBe(2 ** 31 - 1);
  });

  it("goes on playing a page left open for hours: new addresses of the same video go to the same player, at the same second", async () => {
    vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout", "Date"] });
    try {
      vi.setSystemTime(new Date("2030-03-17T11:46:40.000Z"));
      const renewed = {
        ...own,
        playlist_url: own.playlist_url.replace("/1900000000/abc/", "/1900021600/def/"),
        expires_at: "2030-03-17T23:46:40.000Z",
      };
      let answers = 0;
      const calls = stubApi({ "/reactapi/lessons/12/video": () => [200, (answers += 1) === 1 ? own : renewed] });
      const seen = sourceAt(12);
      await act(() => vi.advanceTimersByTimeAsync(0));
      const frame = seen.at(-1)!;
      let element: HTMLElement | null = null;
      render(<>{frame.render((node) => void (element = node), "Video: Breathing")}</>);
      const video = element! as HTMLVideoElement;
      await frame.attach(video, { ready: vi.fn(), timeUpdate: vi.fn(), ended: vi.fn() });
      expect(video.getAttribute("src")).toBe(own.playlist_url);
      video.currentTime = 75;

      await act(() => vi.advanceTimersByTimeAsync(6 * 3600_000 - 10 * 60_000 - 1000));
      expect(calls).toHaveLength(1);
      await act(() => vi.advanceTimersByTimeAsync(1000));
      expect(calls).toHaveLength(2);
      // The same frame (the page keeps its player), now at the new addresses, from the same second.
      expect(seen.at(-1)).toBe(frame);
      expect(video.getAttribute("src")).toBe(renewed.playlist_url);
      video.dispatchEvent(new Event("loadedmetadata"));
      expect(video.currentTime).toBe(75);
    } finally {
      vi.useRealTimers();
    }
  });

  it("keeps the video playing when asking for new addresses fails, and asks again a minute later", async () => {
    vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout", "Date"] });
    try {
      vi.setSystemTime(new Date("2030-03-17T11:46:40.000Z"));
      let answers = 0;
      const calls = stubApi({
        "/reactapi/lessons/12/video": () => ((answers += 1) === 2 ? [503, { error: "The service is busy." }] : [200, own]),
      });
      const seen = sourceAt(12);
      await act(() => vi.advanceTimersByTimeAsync(0));
      const frame = seen.at(-1)!;
      await act(() => vi.advanceTimersByTimeAsync(6 * 3600_000 - 10 * 60_000));
      expect(calls).toHaveLength(2);
      expect(seen.at(-1)).toBe(frame);
      await act(() => vi.advanceTimersByTimeAsync(60_000));
      expect(calls).toHaveLength(3);
      expect(seen.at(-1)).toBe(frame);
    } finally {
      vi.useRealTimers();
    }
  });
});
