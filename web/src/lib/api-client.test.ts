import { afterEach, describe, expect, it, vi } from "vitest";
import { askEarly, callApi } from "./api-client.ts";

describe("answers asked for early", () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  function countingFetch() {
    const calls: string[] = [];
    globalThis.fetch = (async (input: RequestInfo | URL) => {
      calls.push(String(input));
      return new Response(JSON.stringify({ call: calls.length }), { status: 200, headers: { "content-type": "application/json" } });
    }) as typeof fetch;
    return calls;
  }

  it("gives the page the answer already on its way, once, and asks anew the next time", async () => {
    const calls = countingFetch();
    askEarly("/reactapi/progress/summary");
    askEarly("/reactapi/progress/summary");
    expect(calls).toEqual(["/reactapi/progress/summary"]);
    expect(await callApi("/reactapi/progress/summary")).toEqual({ call: 1 });
    expect(await callApi("/reactapi/progress/summary")).toEqual({ call: 2 });
    expect(calls).toHaveLength(2);
  });

  it("reports an early answer's failure to the page that reads it, as its own request would", async () => {
    globalThis.fetch = (async () => new Response(JSON.stringify({ error: "Please log in." }), { status: 401 })) as typeof fetch;
    askEarly("/reactapi/progress/summary");
    await expect(callApi("/reactapi/progress/summary")).rejects.toMatchObject({ failure: { status: 401, error: "Please log in." } });
  });

  it("does not give a page an answer asked for more than ten seconds before", async () => {
    vi.useFakeTimers({ toFake: ["performance"] });
    const calls = countingFetch();
    askEarly("/reactapi/progress/summary");
    vi.advanceTimersByTime(10_001);
    expect(await callApi("/reactapi/progress/summary")).toEqual({ call: 2 });
    expect(calls).toHaveLength(2);
  });

  it("never answers a POST with an early GET", async () => {
    const calls = countingFetch();
    askEarly("/reactapi/progress/lessons/1");
    expect(await callApi("/reactapi/progress/lessons/1", { body: { position_seconds: 3 } })).toEqual({ call: 2 });
    expect(await callApi("/reactapi/progress/lessons/1")).toEqual({ call: 1 });
  });
});
