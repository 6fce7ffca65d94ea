import { afterAll, describe, expect, it } from "vitest";
import { brokenZlibPng, badFilterPng } from "../../../testing/hostile-png.ts";
import { readPdf } from "../../../testing/pdf-text.ts";
import { HttpError } from "../http/errors.ts";
import { closeDocumentPool, renderDocument } from "./render-document.ts";

// Documents print on worker threads (docs/operations.md, How the server stays up): a printer that
// throws inside its own callbacks ends its thread, never this process.

const agreementWith = (drawnSignature: Uint8Array | null) =>
  [
    {
      packageName: "Birth support",
      businessName: "Calm Births",
      text: "We agree to be kind.",
      sha256: "0".repeat(64),
      signedAt: new Date("2026-12-01T10:00:00Z"),
      signedName: "Rosa Díaz",
      drawnSignature,
    },
    "en",
    "Europe/Madrid",
  ] as const;

describe("printing a document", () => {
  afterAll(closeDocumentPool);

  it("answers the one request 500 with a sentence and logs why when the printer fails, then prints the next", async () => {
    const logged: Array<{ details: object; message: string }> = [];
    const log = { error: (details: object, message: string) => logged.push({ details, message }) };
    for (const hostile of [brokenZlibPng(), badFilterPng()]) {
      const failed = await renderDocument("agreement", [...agreementWith(new Uint8Array(hostile))], log).then(
        () => undefined,
        (error: unknown) => error,
      );
      expect(failed).toBeInstanceOf(HttpError);
      expect((failed as HttpError).statusCode).toBe(500);
      expect((failed as HttpError).message).toMatch(/We could not make this document just now/);
    }
    expect(logged).toHaveLength(2);
    expect(logged[0]).toMatchObject({ message: "could not print a document", details: { document: "agreement" } });
    expect(String((logged[0]!.details as { err: unknown }).err)).not.toBe("");

    const pdf = await renderDocument("agreement", [...agreementWith(null)], log);
    expect((await readPdf(new Uint8Array(pdf))).text).toContain("Signed by Rosa Díaz");
  });
});
