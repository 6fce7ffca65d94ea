import { describe, expect, it } from "vitest";
import { stubApi } from "../test/render.tsx";
import { ask } from "../lib/answers.ts";
import { logoutMember, verifySession } from "../lib/session.ts";
import { loginMember } from "../lib/sign-in.ts";
import { createStore } from "./store.ts";

const profile = (id: number, email: string) => ({
  id,
  email,
  first_name: "Maya",
  last_name: null,
  role: "member",
  created_at: "2026-01-01T00:00:00.000Z",
  due_date: null,
  baby_arrived: false,
});

const summary = { courses: [], continue: null, pacing: { stage: "unknown", week: null, modules: [] } };

describe("a change of who is signed in", () => {
  it("drops every answer kept for the person before as the logout starts, and one still on its way when it arrives", async () => {
    let finishLate: (value: Response) => void = () => undefined;
    const store = createStore();
    stubApi({
      "/reactapi/users/verify": [200, {}],
      "/reactapi/users/me": [200, profile(1, "a@example.com")],
      "/reactapi/progress/summary": [200, summary],
      "/reactapi/users/logout": [200, {}],
    });
    await store.dispatch(verifySession());
    await store.dispatch(ask({ name: "progressSummary" }));
    await expect.poll(() => store.getState().session.user?.id).toBe(1);
    expect(Object.keys(store.getState().answers)).toHaveLength(1);

    const stubbed = globalThis.fetch;
    globalThis.fetch = ((input: RequestInfo | URL, init?: RequestInit) =>
      String(input) === "/reactapi/account"
        ? new Promise<Response>((resolve) => (finishLate = resolve))
        : stubbed(input, init)) as typeof fetch;
    const late = store.dispatch(ask({ name: "myAccount" }));
    const logout = store.dispatch(logoutMember());
    expect(store.getState().answers).toEqual({});
    await logout;
    finishLate(new Response(JSON.stringify({ email: "a@example.com" }), { status: 200, headers: { "content-type": "application/json" } }));
    await late;
    expect(store.getState().answers).toEqual({});
    expect(store.getState().session.user).toBeNull();
  });

  it("keeps the answers asked beside the start-up check, and drops them when someone else signs in", async () => {
    const store = createStore();
    let signedIn = profile(1, "a@example.com");
    stubApi({
      "/reactapi/users/verify": [200, {}],
      "/reactapi/users/me": () => [200, signedIn],
      "/reactapi/progress/summary": [200, summary],
      "/reactapi/users/login": () => {
        signedIn = profile(2, "b@example.com");
        return [200, signedIn];
      },
    });
    await store.dispatch(ask({ name: "progressSummary" }));
    await store.dispatch(verifySession());
    await expect.poll(() => store.getState().session.user?.id).toBe(1);
    expect(Object.keys(store.getState().answers)).toHaveLength(1);
    const login = store.dispatch(loginMember({ email: "b@example.com", password: "x" }));
    expect(store.getState().answers).toEqual({});
    await login;
    await expect.poll(() => store.getState().session.user?.id).toBe(2);
    await store.dispatch(ask({ name: "progressSummary" }));
    expect(Object.keys(store.getState().answers)).toHaveLength(1);
  });
});
