import { act, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import { LessonPlayerHub } from "../../lib/lesson-player.ts";
import { renderAt, stubApi } from "../../test/render.tsx";
import LessonTranscript, { cueAt } from "./lesson-transcript.tsx";

const cues = [
  { start: 1, end: 4.5, text: "Welcome to the lesson." },
  { start: 272, end: 276.25, text: "Counter-pressure helps in the lower back." },
];
const transcript = { language: "en", languages: ["en", "es"], timed: true, cues };

describe("a lesson's transcript under its video", () => {
  it("finds the cue being spoken, and none between cues", () => {
    expect(cueAt(cues, 2)).toBe(0);
    expect(cueAt(cues, 10)).toBe(-1);
    expect(cueAt(cues, 272)).toBe(1);
    expect(cueAt(cues, 276.25)).toBe(-1);
    expect(cueAt(cues, null)).toBe(-1);
  });

  it("lists the cues with their times, marks the one spoken, moves the video on a press and shows captions", async () => {
    stubApi({ "/reactapi/lessons/7/transcript?language=en": [200, transcript] });
    const hub = new LessonPlayerHub();
    const asked: number[] = [];
    renderAt("/lesson", [{ path: "/lesson", element: <LessonTranscript lessonId={7} player={hub} /> }]);
    const list = await screen.findByRole("list", { name: "Transcript" });
    const cueButtons = within(list).getAllByRole("button");
    expect(cueButtons.map((button) => button.textContent)).toEqual([
      "0:01Welcome to the lesson.",
      "4:32Counter-pressure helps in the lower back.",
    ]);
    expect(screen.getByRole("combobox", { name: "Language" })).toHaveValue("en");

    // The player reports its time: the cue spoken is marked, for sight and for a screen reader.
    expect(hub.connect((seconds) => asked.push(seconds))).toBeNull();
    act(() => hub.report(2));
    expect(cueButtons[0]).toHaveAttribute("aria-current", "true");
    expect(cueButtons[1]).not.toHaveAttribute("aria-current");

    await userEvent.click(cueButtons[1]!);
    expect(asked).toEqual([272]);
    expect(cueButtons[1]).toHaveAttribute("aria-current", "true");

    const captions = screen.getByRole("button", { name: "Captions" });
    expect(captions).toHaveAttribute("aria-pressed", "false");
    await userEvent.click(captions);
    expect(captions).toHaveAttribute("aria-pressed", "true");
    expect(document.querySelector(".transcript-caption")).toHaveTextContent("Counter-pressure helps in the lower back.");
    act(() => hub.report(100));
    expect(document.querySelector(".transcript-caption")?.textContent).toBe("\u00a0");
  });

  it("reads without a player (the summary instead of the video): times as text, nothing to press", async () => {
    stubApi({ "/reactapi/lessons/7/transcript?language=en": [200, { ...transcript, languages: ["en"] }] });
    renderAt("/lesson", [{ path: "/lesson", element: <LessonTranscript lessonId={7} player={null} /> }]);
    const list = await screen.findByRole("list", { name: "Transcript" });
    expect(within(list).queryAllByRole("button")).toHaveLength(0);
    expect(list).toHaveTextContent("4:32Counter-pressure helps in the lower back.");
    expect(screen.queryByRole("button", { name: "Captions" })).not.toBeInTheDocument();
    expect(screen.queryByRole("combobox")).not.toBeInTheDocument();
  });

  it("shows nothing when the lesson has no transcript", async () => {
    const calls = stubApi({ "/reactapi/lessons/7/transcript?language=en": [404, { error: "This lesson has no transcript yet." }] });
    renderAt("/lesson", [{ path: "/lesson", element: <LessonTranscript lessonId={7} player={null} /> }]);
    await vi.waitFor(() => expect(calls).toHaveLength(1));
    expect(screen.queryByRole("heading", { name: "Transcript" })).not.toBeInTheDocument();
  });
});
