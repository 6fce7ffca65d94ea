import { act, render, screen, waitFor } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { Providers } from "../app/providers.tsx";
import { createStore } from "../app/store.ts";
import { stubApi } from "../test/render.tsx";
import { answerKey, send, useAnswer } from "./answers.ts";
import { addEndpoints } from "./api.ts";
import formsPart from "virtual:endpoint-table/forms";

// The feedback form's call travels with its screens (web/endpoint-table.ts); this test calls it without them.
addEndpoints(formsPart);

const summary = (completed: number) => ({
  courses: [{ course_id: 1, completed, total: 4 }],
  continue: null,
  pacing: { stage: "unknown", week: null, modules: [] },
});

function Done({ label }: { label: string }) {
  const { answer, failure } = useAnswer("progressSummary");
  if (failure) return <p>{`${label}: ${failure.error}`}</p>;
  return <p>{answer ? `${label}: ${answer.courses[0]?.completed} done` : `${label}: loading`}</p>;
}

describe("answers from the API", () => {
  it("asks once for two screens reading the same answer, and both show it", async () => {
    const calls = stubApi({ "/reactapi/progress/summary": [200, summary(1)] });
    render(
      <Providers store={createStore()}>
        <Done label="first" />
        <Done label="second" />
      </Providers>,
    );
    expect(await screen.findByText("first: 1 done")).toBeInTheDocument();
    expect(screen.getByText("second: 1 done")).toBeInTheDocument();
    expect(calls.filter((call) => call.path === "/reactapi/progress/summary")).toHaveLength(1);
  });

  it("asks again, keeping the old answer on screen meanwhile, once a call that changes it succeeds", async () => {
    let completed = 1;
    const calls = stubApi({
      "/reactapi/progress/summary": () => [200, summary(completed)],
      "/reactapi/progress/lessons/7": () => {
        completed = 2;
        return [200, { lesson_id: 7, completed: true, position_seconds: 0 }];
      },
    });
    const store = createStore();
    render(
      <Providers store={store}>
        <Done label="home" />
      </Providers>,
    );
    expect(await screen.findByText("home: 1 done")).toBeInTheDocument();
    await act(() => store.dispatch(send("saveLessonProgress", { params: { lessonId: 7 }, body: { completed: true } })));
    expect(screen.getByText(/home: (1|2) done/)).toBeInTheDocument();
    expect(await screen.findByText("home: 2 done")).toBeInTheDocument();
    expect(calls.map((call) => `${call.method} ${call.path}`)).toEqual([
      "GET /reactapi/progress/summary",
      "POST /reactapi/progress/lessons/7",
      "GET /reactapi/progress/summary",
    ]);
  });

  it("reports a failure with the server's sentence, and asks nothing for a call that changes nothing it holds", async () => {
    const calls = stubApi({
      "/reactapi/progress/summary": [401, { error: "Please sign in to continue." }],
      "/reactapi/feedback": [201, { id: 1, received_at: "2026-11-24T10:00:00Z" }],
    });
    const store = createStore();
    render(
      <Providers store={store}>
        <Done label="home" />
      </Providers>,
    );
    expect(await screen.findByText("home: Please sign in to continue.")).toBeInTheDocument();
    await act(() => store.dispatch(send("sendFeedback", { body: { satisfaction: 5, recommend: 5 } })));
    await waitFor(() => expect(store.getState().answers[answerKey("progressSummary", undefined)]?.status).toBe("failed"));
    expect(calls.filter((call) => call.path === "/reactapi/progress/summary")).toHaveLength(1);
  });
});
