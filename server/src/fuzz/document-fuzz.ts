import fc from "fast-check";
import { eq } from "drizzle-orm";
import type { FastifyInstance, LightMyRequestResponse } from "fastify";
import { pictureAddress } from "../../../contract/picture-sources.ts";
import { careAgreements } from "../care/care-schema.ts";
import type { Database } from "../db/client.ts";
import { birthSupport, careInvitationTo } from "../../../testing/care-clients.ts";
import { badFilterPng, brokenZlibPng, hugeHeaderPng, wellMadePng } from "../../../testing/hostile-png.ts";
import {
  GOOD_PASSWORD,
  jsonHeaders,
  login,
  register,
  sessionCookieOf,
  signedInInstructor,
  uniqueEmail,
} from "../../../testing/test-app.ts";

// Pictures and documents sent at the surfaces that decode them: a drawn signature, a stored drawing
// the agreement's PDF prints, a course's cover, a file shared with a client, and the words her birth
// preferences print. Whatever arrives, the answer is never a 5xx and the server keeps answering
// (docs/operations.md, How the server stays up).

const ORIGIN = { origin: "http://localhost:80" };

/** Bytes of a picture: well made, hostile, or a well-made one with bytes overwritten here and there. */
const pictureBytes: fc.Arbitrary<Buffer> = fc.oneof(
  fc.constantFrom(brokenZlibPng(), badFilterPng(), hugeHeaderPng()),
  fc.tuple(fc.integer({ min: 1, max: 1800 }), fc.integer({ min: 1, max: 900 })).map(([width, height]) => wellMadePng(width, height)),
  fc
    .tuple(
      fc.constantFrom(wellMadePng(40, 20), brokenZlibPng(), badFilterPng()),
      fc.array(fc.tuple(fc.nat(), fc.nat(255)), { minLength: 1, maxLength: 8 }),
    )
    .map(([good, changes]) => {
      const spoiled = Buffer.from(good);
      // The signature stays, so a decoder gets past the first check and reads the spoiled body.
      for (const [at, byte] of changes) spoiled[8 + (at % (spoiled.length - 8))] = byte;
      return spoiled;
    }),
  fc.uint8Array({ maxLength: 4096 }).map((bytes) => Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), bytes])),
  fc.uint8Array({ maxLength: 4096 }).map((bytes) => Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), bytes])),
);

/** Bytes of a PDF: the header, then anything (pdf.js-like readers and our checks alike must cope). */
const pdfBytes: fc.Arbitrary<Buffer> = fc.oneof(
  fc.uint8Array({ maxLength: 4096 }).map((bytes) => Buffer.concat([Buffer.from("%PDF-1.7\n"), bytes])),
  fc.constant(
    Buffer.from("%PDF-1.4\n1 0 obj << /Type /Catalog /Pages 2 0 R >> endobj\ntrailer << /Root 1 0 R /Size 99999999999 >>\n%%EOF"),
  ),
);

const printedWords = fc.oneof(
  fc.string({ maxLength: 500 }),
  fc.string({ unit: "binary", maxLength: 500 }),
  fc.constantFrom("Анна Łukasiewicz 😀", "\u0000", "\uD800", "‮right to left‬", "x".repeat(500), "👩‍👩‍👧".repeat(60)),
);

const action = fc.oneof(
  fc.record({ kind: fc.constant("sign" as const), picture: pictureBytes }),
  fc.record({ kind: fc.constant("stored drawing" as const), picture: pictureBytes }),
  fc.record({ kind: fc.constant("cover" as const), picture: pictureBytes }),
  fc.record({
    kind: fc.constant("shared file" as const),
    file: fc.oneof(pdfBytes, pictureBytes),
    name: fc.constantFrom("notes.pdf", "photo.png", "a"),
  }),
  fc.record({ kind: fc.constant("birth preferences" as const), words: printedWords, size: fc.constantFrom("a4", "letter") }),
);

export type DocumentFuzzOutcome = { runs: number; statuses: Record<string, number> };

/** Sends `runs` random pictures, files and printed words; fails on any 5xx or a server that stops answering. */
export async function fuzzDocuments(
  app: FastifyInstance,
  db: Database,
  options: { runs: number; seed: number },
): Promise<DocumentFuzzOutcome> {
  const doula = await signedInInstructor(app, db, "fuzz-doula");
  const doulaPost = (url: string, payload: Record<string, unknown>) =>
    app.inject({ method: "POST", url, headers: { ...jsonHeaders, cookie: doula.cookie }, payload });
  const carePackage = await doulaPost("/reactapi/studio/care/packages", { ...birthSupport, name: "Birth support (fuzz)" });
  const email = uniqueEmail("fuzz-client");
  const added = await doulaPost("/reactapi/studio/care/clients", {
    email,
    first_name: "Rosa",
    last_name: "Díaz",
    due_date: "2027-06-01",
    package_id: carePackage.json().id,
  });
  if (added.statusCode !== 201) throw new Error(`could not take on a client to fuzz: ${added.body}`);
  const recordId = added.json().id as number;
  const token = await careInvitationTo(db, email);
  const registered = await register(app, { email, password: GOOD_PASSWORD, first_name: "Rosa", care_invitation: token });
  if (registered.statusCode !== 201) throw new Error(`could not register the client to fuzz: ${registered.body}`);
  const client = sessionCookieOf(await login(app, email));
  const get = (url: string, cookie: string) => app.inject({ method: "GET", url, headers: { cookie } });
  const upload = (url: string, bytes: Buffer, name: string) => {
    const form = new FormData();
    form.append("file", new Blob([new Uint8Array(bytes)]), name);
    return app.inject({ method: "POST", url, headers: { cookie: doula.cookie, ...ORIGIN }, payload: form });
  };
  const unsign = () =>
    db
      .update(careAgreements)
      .set({ signedAt: null, signedName: null, signedBy: null, drawnSignature: null })
      .where(eq(careAgreements.recordId, recordId));
  const statuses: Record<string, number> = {};
  const expectAnswer = (what: string, response: LightMyRequestResponse, served?: number) => {
    statuses[`${what} ${response.statusCode}`] = (statuses[`${what} ${response.statusCode}`] ?? 0) + 1;
    if (response.statusCode >= 500 || (served !== undefined && response.statusCode !== served))
      throw new Error(`${what} answered ${response.statusCode}: ${response.body.slice(0, 300)}`);
  };

  await fc.assert(
    fc.asyncProperty(action, async (input) => {
      if (input.kind === "sign") {
        const signed = await app.inject({
          method: "POST",
          url: `/reactapi/care/${recordId}/sign`,
          headers: { ...jsonHeaders, cookie: client },
          payload: { full_name: "Rosa Díaz", agree: true, drawn_signature: `data:image/png;base64,${input.picture.toString("base64")}` },
        });
        expectAnswer("signing", signed);
        if (signed.statusCode === 200) expectAnswer("her agreement", await get(`/reactapi/care/${recordId}/agreement.pdf`, client), 200);
        await unsign();
      } else if (input.kind === "stored drawing") {
        await db
          .update(careAgreements)
          .set({ signedAt: new Date(), signedName: "Rosa Díaz", drawnSignature: new Uint8Array(input.picture) })
          .where(eq(careAgreements.recordId, recordId));
        expectAnswer("her agreement with a stored drawing", await get(`/reactapi/care/${recordId}/agreement.pdf`, client), 200);
        await unsign();
      } else if (input.kind === "cover") {
        const saved = await upload("/reactapi/studio/courses/2/cover", input.picture, "cover.png");
        expectAnswer("a cover", saved);
        if (saved.statusCode === 200) expectAnswer("the cover", await get(pictureAddress(saved.json().picture, 320), doula.cookie), 200);
      } else if (input.kind === "shared file") {
        const shared = await upload(`/reactapi/studio/care/clients/${recordId}/files`, input.file, input.name);
        expectAnswer("a shared file", shared);
        if (shared.statusCode === 201)
          expectAnswer("her shared file", await get(`/reactapi/care/${recordId}/files/${shared.json().file.id}`, client), 200);
      } else {
        const plan = (await get("/reactapi/birth-plan", client)).json();
        const saved = await app.inject({
          method: "POST",
          url: "/reactapi/birth-plan",
          headers: { ...jsonHeaders, cookie: client },
          payload: { choices: [], support_people: input.words, revision: plan.revision },
        });
        expectAnswer("her birth preferences", saved);
        expectAnswer("her birth preferences' PDF", await get(`/reactapi/birth-plan.pdf?size=${input.size}`, client), 200);
      }
    }),
    { numRuns: options.runs, seed: options.seed, endOnFailure: true },
  );
  const health = await app.inject({ url: "/healthz" });
  if (health.statusCode !== 200) throw new Error(`the server no longer answers /healthz (${health.statusCode})`);
  return { runs: options.runs, statuses };
}
