import { parseArgs } from "node:util";
import { backends, createTestApp } from "../../../testing/test-app.ts";
import { standInEnvironment, startStripeStandIn } from "../../../testing/stripe-stand-in.ts";
import { fuzzApi } from "./api-fuzz.ts";
import { fuzzDocuments } from "./document-fuzz.ts";

// npm run fuzz -- --runs N [--seed S]: the fuzz tests' properties (every endpoint; pictures, files and
// documents), for longer and with new seeds.
// Runs on the embedded database, and on PostgreSQL too when TEST_DATABASE_URL is set.
const { values } = parseArgs({ options: { runs: { type: "string", default: "5000" }, seed: { type: "string" } } });
const runs = Number(values.runs);
if (!Number.isInteger(runs) || runs < 1) {
  console.error(`--runs takes a whole number of 1 or more, not "${values.runs}".`);
  process.exit(2);
}
const seed = values.seed === undefined ? Date.now() % 2 ** 31 : Number(values.seed);
let failed = false;
for (const backend of backends) {
  const standIn = await startStripeStandIn();
  const context = await createTestApp(backend, { environment: standInEnvironment(standIn) });
  try {
    const started = Date.now();
    const outcome = await fuzzApi(context.app, context.database.db, { runs, seed });
    console.log(
      `${backend}: ${outcome.runs} requests with seed ${seed} in ${((Date.now() - started) / 1000).toFixed(1)} s, no 5xx; statuses ${JSON.stringify(outcome.statuses)}`,
    );
    const documentsStarted = Date.now();
    const documents = await fuzzDocuments(context.app, context.database.db, { runs, seed });
    console.log(
      `${backend}: ${documents.runs} pictures, files and printed words with seed ${seed} in ${((Date.now() - documentsStarted) / 1000).toFixed(1)} s, no 5xx; answers ${JSON.stringify(documents.statuses)}`,
    );
  } catch (error) {
    failed = true;
    console.error(`${backend}: seed ${seed}: ${(error as Error).message}`);
  } finally {
    await context.close();
    await standIn.close();
  }
}
process.exitCode = failed ? 1 : 0;
