import { describe, expect, it } from "vitest";
import { createStore } from "../app/store.ts";
import { stubApi } from "../test/render.tsx";
import { checkSessionOnStart, logoutMember, verifySession } from "./session.ts";
import { loginMember, registerMember, registrationAcknowledged } from "./sign-in.ts";

const profile = {
  id: 1,
  email: "maya@example.com",
  first_name: "Maya",
  last_name: null,
  role: "member",
  created_at: "2026-01-01T00:00:00.000Z",
};
const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

describe("the session state and its transitions (docs/product.md, Client state and States)", () => {
  it("starts signed out, loading the session check", () => {
    expect(createStore().getState().session).toEqual({ isAuthenticated: false, user: null, loading: true, registered: false, error: null });
  });

  it("verifies a live session and loads the profile", async () => {
    const calls = stubApi({ "/reactapi/users/verify": [200, { authenticated: true }], "/reactapi/users/me": [200, profile] });
    const store = createStore();
    await store.dispatch(verifySession());
    await settle();
    expect(store.getState().session).toMatchObject({ isAuthenticated: true, user: profile, loading: false });
    expect(calls.map((call) => call.path)).toEqual(["/reactapi/users/verify", "/reactapi/users/me"]);
    expect(calls[0]!.headers).toMatchObject({ accept: "application/json" });
  });

  it("checks the session on start only when the signed-in hint is present", async () => {
    const calls = stubApi({ "/reactapi/users/verify": [200, { authenticated: true }], "/reactapi/users/me": [200, profile] });
    const visitor = createStore();
    await visitor.dispatch(checkSessionOnStart("theme=calm; signed_inx=1"));
    expect(visitor.getState().session).toEqual({ isAuthenticated: false, user: null, loading: false, registered: false, error: null });
    expect(calls).toEqual([]);

    const member = createStore();
    await member.dispatch(checkSessionOnStart("theme=calm; signed_in=1"));
    await settle();
    expect(member.getState().session).toMatchObject({ isAuthenticated: true, user: profile, loading: false });
    expect(calls.map((call) => call.path)).toEqual(["/reactapi/users/verify", "/reactapi/users/me"]);
  });

  it("asks for the profile beside the check, not after its answer", async () => {
    const asked: string[] = [];
    let answerCheck: (response: Response) => void = () => undefined;
    globalThis.fetch = ((input: RequestInfo | URL) => {
      const path = String(input);
      asked.push(path);
      if (path === "/reactapi/users/verify") return new Promise<Response>((resolve) => (answerCheck = resolve));
      return Promise.resolve(Response.json(profile));
    }) as typeof fetch;
    const store = createStore();
    const checked = store.dispatch(verifySession());
    await settle();
    expect(asked).toEqual(["/reactapi/users/verify", "/reactapi/users/me"]);
    // Her profile is here, but she is not shown as signed in before the check answers.
    expect(store.getState().session).toMatchObject({ isAuthenticated: false, user: null, loading: true });
    answerCheck(Response.json({ authenticated: true }));
    await checked;
    await settle();
    expect(store.getState().session).toMatchObject({ isAuthenticated: true, user: profile, loading: false });
  });

  it("only ends loading when verification fails, keeping no profile even when one came", async () => {
    stubApi({ "/reactapi/users/verify": [401, { error: "Please sign in to continue." }], "/reactapi/users/me": [200, profile] });
    const store = createStore();
    await store.dispatch(verifySession());
    await settle();
    expect(store.getState().session).toEqual({ isAuthenticated: false, user: null, loading: false, registered: false, error: null });
  });

  it("marks a registration as done on 201, and the login screen's acknowledgement resets it", async () => {
    const calls = stubApi({ "/reactapi/users/register": [201, profile] });
    const store = createStore();
    await store.dispatch(registerMember({ email: "maya@example.com", password: "calm-Birth-2025", access_code: "CODE" }));
    expect(store.getState().session).toMatchObject({ registered: true, loading: false, isAuthenticated: false });
    expect(calls[0]).toMatchObject({ method: "POST", body: { access_code: "CODE" }, headers: { "content-type": "application/json" } });
    store.dispatch(registrationAcknowledged());
    expect(store.getState().session.registered).toBe(false);
  });

  it("keeps a failed registration's status and text", async () => {
    stubApi({ "/reactapi/users/register": [409, { error: "Email already registered." }] });
    const store = createStore();
    await store.dispatch(registerMember({ email: "maya@example.com", password: "calm-Birth-2025", access_code: "CODE" }));
    expect(store.getState().session).toMatchObject({
      registered: false,
      loading: false,
      error: { status: 409, error: "Email already registered." },
    });
  });

  it("signs in, loads the profile, and signs out again", async () => {
    stubApi({
      "/reactapi/users/login": [200, profile],
      "/reactapi/users/me": [200, profile],
      "/reactapi/users/logout": [200, { logged_out: true }],
    });
    const store = createStore();
    await store.dispatch(loginMember({ email: "maya@example.com", password: "calm-Birth-2025" }));
    await settle();
    expect(store.getState().session).toMatchObject({ isAuthenticated: true, user: profile, loading: false });
    await store.dispatch(logoutMember());
    expect(store.getState().session).toMatchObject({ isAuthenticated: false, user: null, loading: false });
  });

  it("turns off this device's notifications when she logs out, before the server is told", async () => {
    const calls = stubApi({ "/reactapi/users/logout": [200, { logged_out: true }] });
    const order: string[] = [];
    const subscription = { unsubscribe: async () => order.push("unsubscribed") && true };
    const registration = { pushManager: { getSubscription: async () => subscription } };
    Object.defineProperty(navigator, "serviceWorker", { value: { getRegistration: async () => registration }, configurable: true });
    try {
      const store = createStore();
      await store.dispatch(logoutMember());
      order.push(...calls.map((call) => call.path));
      expect(order).toEqual(["unsubscribed", "/reactapi/users/logout"]);
    } finally {
      Reflect.deleteProperty(navigator, "serviceWorker");
    }
  });

  it("only ends loading when a login fails, keeping no error in state", async () => {
    stubApi({ "/reactapi/users/login": [401, { error: "Invalid email or password." }] });
    const store = createStore();
    const result = await store.dispatch(loginMember({ email: "maya@example.com", password: "wrong" }));
    expect(result).toEqual({ ok: false, failure: { status: 401, error: "Invalid email or password." } });
    expect(store.getState().session).toEqual({ isAuthenticated: false, user: null, loading: false, registered: false, error: null });
  });
});
