import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { exportCatalogue, importCatalogue } from "../catalogue/catalogue-transfer.ts";
import { HttpError } from "../http/errors.ts";
import { backends, postgresMissingNotice, useTestApp } from "../../../testing/test-app.ts";

if (!backends.includes("postgres")) it.skip(postgresMissingNotice, () => {});

// Ids from a wide range, so that most generated documents are valid; a replaced value (below)
// or a small id (twice in one document) makes the others.
const id = fc.oneof(
  { arbitrary: fc.integer({ min: 1, max: 1_000_000 }), weight: 9 },
  { arbitrary: fc.integer({ min: 1, max: 3 }), weight: 1 },
);
const text = fc.oneof(
  fc.string({ minLength: 1, maxLength: 30 }),
  fc.constantFrom("  ", "Caring for stitches", "<b>bold</b><script>x()</script>", "a\u0000b", "😀"),
);
const html = fc.option(
  fc.oneof(fc.string({ maxLength: 60 }), fc.constantFrom("<p>Hi <img src=x onerror=alert(1)></p>", "<iframe src=//evil>")),
  { nil: null },
);
const lesson = fc.record({
  id,
  title: text,
  content_summary_html: html,
  note_html: html,
  video: fc.option(fc.record({ provider: fc.constantFrom("vimeo", "youtube"), id: fc.stringMatching(/^[A-Za-z0-9_-]{1,12}$/) }), {
    nil: null,
  }),
  downloads: fc.array(
    fc.record({ id, filename: text, content_type: fc.constantFrom("text/plain", "application/pdf"), text: fc.string({ maxLength: 40 }) }),
    { maxLength: 2 },
  ),
});
const { module } = fc.letrec((tie) => ({
  module: fc.record({
    id,
    title: text,
    description_html: html,
    visible_in_preview: fc.boolean(),
    lessons: fc.array(lesson, { maxLength: 2 }),
    modules: fc.oneof({ depthSize: "small", withCrossShrink: true }, fc.constant([]), fc.array(tie("module"), { maxLength: 2 })),
  }),
}));
const catalogueDocument = fc.record({
  format: fc.constant("doula-course-catalogue"),
  version: fc.constant(1),
  subscription_plans: fc.array(
    fc.record({
      id,
      name: text,
      description: fc.string({ maxLength: 30 }),
      price: fc.integer({ min: 0, max: 100_000 }),
      currency: fc.constantFrom("USD", "EUR"),
      billing_interval: fc.constantFrom("month", "year", "once"),
      course_ids: fc.oneof({ arbitrary: fc.constant([]), weight: 4 }, { arbitrary: fc.array(id, { maxLength: 2 }), weight: 1 }),
    }),
    { maxLength: 2 },
  ),
  courses: fc.array(
    fc.record({
      id,
      title: text,
      description_html: fc.string({ maxLength: 40 }),
      logo: fc.integer({ min: 0, max: 3 }),
      free_for_members: fc.boolean(),
      modules: fc.array(module, { maxLength: 3 }),
    }),
    { maxLength: 3 },
  ),
});

/** Replaces the value at the n-th place of a document (any depth) by another. */
function replaceAt(document: unknown, place: number, replacement: unknown): unknown {
  const copy = structuredClone(document);
  let seen = 0;
  const visit = (node: unknown): boolean => {
    if (node === null || typeof node !== "object") return false;
    for (const key of Object.keys(node)) {
      if (seen++ === place) {
        (node as Record<string, unknown>)[key] = replacement;
        return true;
      }
      if (visit((node as Record<string, unknown>)[key])) return true;
    }
    return false;
  };
  visit(copy);
  return copy;
}
const anything = fc.oneof(fc.jsonValue({ maxDepth: 2 }), fc.constantFrom(-1, 0, 2 ** 40, "", "\u0000", null, [], {}, "x".repeat(300)));
const document = fc.oneof(
  catalogueDocument,
  fc.tuple(catalogueDocument, fc.nat(200), anything).map(([valid, place, replacement]) => replaceAt(valid, place, replacement)),
  anything,
);

describe.each(backends)("importing random catalogue documents on %s", (backend) => {
  const context = useTestApp(backend, { seed: false });

  it("imports a valid catalogue, or refuses with a sentence and leaves the catalogue as it was", { timeout: 120_000 }, async () => {
    const db = context.database.db;
    let imported = 0;
    let refused = 0;
    await fc.assert(
      fc.asyncProperty(document, async (candidate) => {
        const before = JSON.stringify(await exportCatalogue(db, context.app.mediaStorage));
        try {
          await importCatalogue(db, candidate, context.app.mediaStorage);
        } catch (error) {
          expect(error).toBeInstanceOf(HttpError);
          expect((error as HttpError).statusCode).toBe(400);
          expect((error as HttpError).message).toMatch(/^The content file is not valid/);
          expect(JSON.stringify(await exportCatalogue(db, context.app.mediaStorage))).toBe(before);
          refused++;
          return;
        }
        // What was imported is a catalogue: exported and imported again, nothing changes.
        const exported = await exportCatalogue(db, context.app.mediaStorage);
        expect((await importCatalogue(db, exported, context.app.mediaStorage)).changed).toBe(false);
        imported++;
      }),
      { numRuns: 120, seed: 20_261_123, endOnFailure: true },
    );
    expect(imported).toBeGreaterThan(10);
    expect(refused).toBeGreaterThan(10);
  });
});
