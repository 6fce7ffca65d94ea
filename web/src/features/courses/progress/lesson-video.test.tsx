import { render, waitFor } from "@testing-library/react";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { LessonPlayerHub } from "../../../lib/lesson-player.ts";
import { LessonVideo, linkFrame } from "./lesson-video.tsx";

// Vimeo's player lives in an iframe of vimeo.com, which a test cannot load: its library is stood in
// for here, as the page meets it: ready once the iframe answers, and time reports only while playing.
const vimeo = vi.hoisted(() => ({ seeks: [] as number[], ready: Promise.resolve() }));
vi.mock("@vimeo/player", () => ({
  default: class {
    on() {}
    off() {}
    ready() {
      return vimeo.ready;
    }
    setCurrentTime(seconds: number) {
      vimeo.seeks.push(seconds);
      return Promise.resolve(seconds);
    }
  },
}));

const renderVideo = (hub: LessonPlayerHub, progress: { lesson_id: number; position_seconds: number; completed: boolean } | null = null) =>
  render(
    <LessonVideo
      lessonId={7}
      title="Breathing"
      frame={linkFrame({ provider: "vimeo", id: "76979871" })}
      progress={progress}
      update={async () => ({})}
      hub={hub}
    />,
  );

// docs/transcripts.md: a cue pressed moves the video there, on every player, playing or not.
describe("a Vimeo lesson's video", () => {
  beforeEach(() => {
    vimeo.seeks = [];
    vimeo.ready = Promise.resolve();
  });

  it("resumes where she left off once ready, and moves the paused player to a cue pressed before she pressed play", async () => {
    const hub = new LessonPlayerHub();
    renderVideo(hub, { lesson_id: 7, position_seconds: 90, completed: false });
    // Ready, though it reported no time (it has not played): it resumes a few seconds before where she was.
    await waitFor(() => expect(vimeo.seeks).toEqual([85]));
    hub.seekTo(272);
    expect(vimeo.seeks).toEqual([85, 272]);
  });

  it("goes to a cue pressed while the player was still loading, instead of where she left off", async () => {
    let becomeReady: () => void = () => {};
    vimeo.ready = new Promise<void>((resolve) => (becomeReady = resolve));
    const hub = new LessonPlayerHub();
    renderVideo(hub, { lesson_id: 7, position_seconds: 90, completed: false });
    hub.seekTo(272);
    expect(vimeo.seeks).toEqual([]);
    becomeReady();
    await waitFor(() => expect(vimeo.seeks).toEqual([272]));
  });
});
