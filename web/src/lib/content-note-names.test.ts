import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { contentNoteName } from "./content-note-names.ts";
import { activateLanguage, type Catalogue, loadCatalogues } from "./i18n.ts";

// docs/product.md, Content notes: the notes the site ships with are named in the reader's language.
const seeded = [
  ...readFileSync(path.join(process.cwd(), "server/src/db/migrations/0022_community.sql"), "utf8").matchAll(/^\s+\('([^']+)', \d+\)[,;]/gm),
].map(([, name]) => name!);

describe("a content note's name", () => {
  it("is the Spanish one for every note the site ships with, and hers as she wrote it", async () => {
    expect(seeded).toContain("Stillbirth");
    expect(seeded.length).toBeGreaterThanOrEqual(8);
    activateLanguage("es");
    await loadCatalogues(import.meta.glob<{ messages: Catalogue }>("../locales/en.ts", { eager: true }), {
      "../locales/es.ts": () => import("../locales/es.ts"),
    });
    for (const name of seeded) expect(contentNoteName(name), name).not.toBe(name);
    expect(contentNoteName("Stillbirth")).toBe("Muerte fetal");
    expect(contentNoteName("Fertility treatment")).toBe("Fertility treatment");
  });
});
