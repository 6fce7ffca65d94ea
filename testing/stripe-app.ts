import { afterAll, beforeAll } from "vitest";
import type { Clock } from "../server/src/lib/clock.ts";
import { type Backend, createTestApp, jsonHeaders, signedInInstructor, type TestApp } from "./test-app.ts";
import { signedDelivery, standInEnvironment, startStripeStandIn, type stripeEvent, type StripeStandIn } from "./stripe-stand-in.ts";

/**
 * A test file's app on one database with the Stripe stand-in (docs/gifts.md: what payments send
 * Stripe, tested at the network boundary) and a signed-in instructor, started before its tests and
 * closed after them; with the calls such tests make: a POST, a Checkout session by its address, a
 * signed webhook delivery.
 */
export function useStripeApp(backend: Backend, clock: Clock, environment: Record<string, string> = {}) {
  const state = {} as { standIn: StripeStandIn; context: TestApp; instructor: string };
  beforeAll(async () => {
    state.standIn = await startStripeStandIn();
    state.context = await createTestApp(backend, {
      environment: { ...standInEnvironment(state.standIn), PUBLIC_URL: "https://courses.example", ...environment },
      clock,
    });
    state.instructor = (await signedInInstructor(state.context.app, state.context.database.db)).cookie;
  });
  afterAll(async () => {
    await state.context.close();
    await state.standIn.close();
  });
  const app = () => state.context.app;
  return {
    app,
    db: () => state.context.database.db,
    standIn: () => state.standIn,
    /** The instructor's session cookie. */
    instructor: () => state.instructor,
    post: (url: string, payload: unknown, cookie?: string) =>
      app().inject({ method: "POST", url, headers: { ...jsonHeaders, ...(cookie ? { cookie } : {}) }, payload: payload as object }),
    sessionOf: (url: string) => state.standIn.sessions.get(/cs_test_[a-f0-9]+/.exec(url)![0])!,
    deliver: (event: ReturnType<typeof stripeEvent>) => {
      const { payload, headers } = signedDelivery(event);
      return app().inject({ method: "POST", url: "/reactapi/stripe/webhook", headers, payload });
    },
  };
}
