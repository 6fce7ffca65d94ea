import { render, screen } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import type { VideoFrame } from "../../lib/lesson-player.ts";
import { renderAt, stubApi } from "../../test/render.tsx";
import OwnVideoSource, { ownVideoFrame } from "./own-video-source.tsx";

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
    expect(seen.at(-1)?.key).toBe(own.playlist_url);
  });

  it("leaves the lesson's link to play when it has no video of its own", async () => {
    stubApi({
      "/reactapi/lessons/13/video": [200, { playlist_url: null, poster_url: null, duration_seconds: null, captions: [], expires_at: null }],
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
});
