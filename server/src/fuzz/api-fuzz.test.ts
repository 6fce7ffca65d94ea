import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { backends, createTestApp, postgresMissingNotice, type TestApp } from "../../../testing/test-app.ts";
import { standInEnvironment, startStripeStandIn, type StripeStandIn } from "../../../testing/stripe-stand-in.ts";
import { fuzzApi } from "./api-fuzz.ts";

if (!backends.includes("postgres")) it.skip(postgresMissingNotice, () => {});

// A fixed seed, so a failure here fails the same way on every machine; `npm run fuzz -- --runs N`
// explores further with new seeds.
const SEED = 20_261_123;
const RUNS = 250;

describe.each(backends)("random requests to every endpoint on %s", (backend) => {
  let standIn: StripeStandIn;
  let context: TestApp;
  beforeAll(async () => {
    standIn = await startStripeStandIn();
    context = await createTestApp(backend, { environment: standInEnvironment(standIn) });
  });
  afterAll(async () => {
    await context.close();
    await standIn.close();
  });

  it("never answers 5xx, gives every 4xx a sentence, and keeps answering", { timeout: 120_000 }, async () => {
    const outcome = await fuzzApi(context.app, context.database.db, { runs: RUNS, seed: SEED });
    // The requests reached past the front door: some were refused, some were served.
    const served = Object.entries(outcome.statuses)
      .filter(([status]) => Number(status) < 300)
      .reduce((total, [, count]) => total + count, 0);
    expect(served).toBeGreaterThan(RUNS / 20);
    expect(outcome.statuses[400] ?? 0).toBeGreaterThan(RUNS / 20);
  });
});
