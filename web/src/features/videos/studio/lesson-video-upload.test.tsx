import { fireEvent, screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { renderAt, stubApi } from "../../../test/render.tsx";
import LessonVideoUpload from "./lesson-video-upload.tsx";

// docs/videos.md: her own video in a lesson's editor, followed live while the server prepares it.
const at = (lessonId: number) =>
  renderAt(`/studio/lessons/${lessonId}`, [{ path: "/studio/lessons/:id", element: <LessonVideoUpload lessonId={lessonId} /> }]);

describe("a lesson's own video in its editor", () => {
  it("offers an upload for a lesson without one, and refuses a file that is not a video before sending a byte", async () => {
    const calls = stubApi({ "/reactapi/studio/lessons/7/video": [404, { error: "This lesson has no video of its own." }] });
    at(7);
    const input = await screen.findByLabelText("Video file");
    expect(input.getAttribute("accept")).toContain(".mp4");
    fireEvent.click(screen.getByRole("button", { name: "Upload the video" }));
    expect(await screen.findByRole("alert")).toHaveTextContent("Choose the lesson's video first: an MP4, MOV or WebM file.");

    fireEvent.change(input, { target: { files: [new File(["%PDF"], "notes.pdf", { type: "application/pdf" })] } });
    fireEvent.click(screen.getByRole("button", { name: "Upload the video" }));
    expect(await screen.findByRole("alert")).toHaveTextContent('"notes.pdf" is not an MP4, MOV or WebM video. Choose the video file.');
    expect(calls.map((call) => call.path)).toEqual(["/reactapi/studio/lessons/7/video"]);
  });

  it("says how far the server has got, and what members watch once it is ready", async () => {
    let answer: unknown = {
      status: "transcoding",
      progress: 40,
      duration_seconds: null,
      renditions: [],
      filename: "Breathing.mov",
      error: null,
      playable: false,
    };
    stubApi({ "/reactapi/studio/lessons/8/video": () => [200, answer] });
    at(8);
    expect(await screen.findByRole("status")).toHaveTextContent("Breathing.mov is being prepared for every screen: 40%.");
    expect(screen.getByRole("progressbar", { name: "Preparing the video" })).toHaveAttribute("aria-valuenow", "40");

    answer = {
      ...(answer as object),
      status: "ready",
      progress: 100,
      duration_seconds: 754,
      renditions: [
        { height: 360, bandwidth: 1 },
        { height: 720, bandwidth: 2 },
      ],
      playable: true,
    };
    // The page asks again every two seconds while the server works.
    expect(
      await screen.findByText(
        "Breathing.mov is ready: 12:34, in 360p, 720p. Members watch it on the lesson's page.",
        {},
        { timeout: 5_000 },
      ),
    ).toBeInTheDocument();
    expect(screen.getByLabelText("A new video, to replace this one")).toBeInTheDocument();
  });

  it("shows why a file could not be prepared, in the server's sentence", async () => {
    stubApi({
      "/reactapi/studio/lessons/9/video": [
        200,
        {
          status: "failed",
          progress: 0,
          duration_seconds: null,
          renditions: [],
          filename: "letter.mp4",
          error: "This file is not a video we can read. Upload an MP4, MOV or WebM file.",
          playable: false,
        },
      ],
    });
    at(9);
    expect(await screen.findByRole("status")).toHaveTextContent("This file is not a video we can read. Upload an MP4, MOV or WebM file.");
  });
});
