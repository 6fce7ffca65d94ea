import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { renderAt, stubApi } from "../../test/render.tsx";
import LessonChecks from "./lesson-checks.tsx";

const check = {
  id: 5,
  title: "",
  lesson_id: 7,
  module_id: null,
  questions: [{ kind: "one", text: "Which is a sign of labour?", options: [{ text: "Regular contractions" }, { text: "Hiccups" }] }],
  best: null,
};

describe("a lesson's knowledge check", () => {
  it("asks for every answer, sends the chosen ones, and answers a miss calmly with the right answer and its explanation", async () => {
    const calls = stubApi({
      "/reactapi/lessons/7/checks": [200, { checks: [check] }],
      "/reactapi/checks/5/answers": [
        200,
        { score: 0, out_of: 1, questions: [{ right: false, explanation: "They come closer together.", right_options: [0] }] },
      ],
    });
    renderAt("/lesson", [{ path: "/lesson", element: <LessonChecks lessonId={7} /> }]);
    const region = await screen.findByRole("region", { name: "Check what you learned" });
    await userEvent.click(within(region).getByRole("button", { name: "Check my answers" }));
    expect(within(region).getByRole("alert")).toHaveTextContent("Choose an answer for every question first: 1 to go.");
    expect(calls.filter((call) => call.method === "POST")).toHaveLength(0);

    await userEvent.click(within(region).getByRole("radio", { name: "Hiccups" }));
    await userEvent.click(within(region).getByRole("button", { name: "Check my answers" }));
    expect(await within(region).findByText("Let's look at this one again.")).toBeInTheDocument();
    expect(calls.find((call) => call.method === "POST")!.body).toEqual({ answers: [[1]] });
    expect(region).toHaveTextContent("The right answer: Regular contractions");
    expect(region).toHaveTextContent("They come closer together.");
    expect(within(region).getByRole("status")).toHaveTextContent("0 of 1 right.");
    expect(region.textContent).not.toMatch(/fail/i);
  });
});
