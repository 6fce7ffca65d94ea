import { describe, expect, it } from "vitest";
import { writeInPlace } from "./sentences-in-place.ts";
import { t } from "./src/lib/i18n.ts";

// The build's writing of sentences in place (web/sentences-in-place.ts); the built pages' bytes and
// languages are held by bench/bundle-budget.test.ts.
const spanish = {
  "Log in": ["Entrar"],
  "Hello {firstName}, welcome.": ["Hola, ", ["firstName"], ", te damos la bienvenida."],
  "{count, plural, one {# lesson} other {# lessons}}": [["count", "plural", { one: ["#", " lección"], other: ["#", " lecciones"] }]],
  "Use {braces} with care": ["Usa '{'llaves'}' ", ["braces"]],
};
const file = "/repository/web/src/features/example/example-page.tsx";

describe("writing a module's sentences in place", () => {
  it("writes a plain sentence as its text, and one with values with its {name} values", () => {
    const code = `const a = t("Log in");\nconst b = t("Hello {firstName}, welcome.", { firstName });\nexport const c = sentence("Log in");`;
    expect(writeInPlace(file, code, "es", [spanish])).toBe(
      `const a = t("Entrar");\nconst b = t("Hola, {firstName}, te damos la bienvenida.", { firstName });\nexport const c = sentence("Entrar");`,
    );
  });

  it("writes a message with plurals as Lingui compiled it, which t() writes", () => {
    const code = `t("{count, plural, one {# lesson} other {# lessons}}", { count })`;
    const written = writeInPlace(file, code, "es", [spanish]);
    const compiled = JSON.parse(/^t\((.*), \{ count \}\)$/.exec(written)![1]!) as string;
    expect(t(compiled, { count: 1 })).toBe("1 lección");
    expect(t(compiled, { count: 3 })).toBe("3 lecciones");
  });

  it("keeps a message whose text has braces of its own in its compiled form", () => {
    const written = writeInPlace(file, `t("Use {braces} with care", { braces })`, "es", [spanish]);
    expect(written).toContain(JSON.stringify(spanish["Use {braces} with care"]));
  });

  it("takes the nearest catalogue's message", () => {
    expect(writeInPlace(file, `t("Log in")`, "es", [{ "Log in": ["Iniciar sesión"] }, spanish])).toBe(`t("Iniciar sesión")`);
  });

  it("leaves out the loading of catalogues, which the page no longer needs", () => {
    const code = `import { loadCatalogues } from "../../lib/i18n.ts";\nawait loadCatalogues(import.meta.glob("./locales/en.ts", { eager: true }), {});\nexport { t } from "../../lib/i18n.ts";`;
    expect(writeInPlace(file, code, "es", [spanish])).toBe(
      `import { loadCatalogues } from "../../lib/i18n.ts";\n\nexport { t } from "../../lib/i18n.ts";`,
    );
  });

  it("fails the build on a sentence another language lacks, and leaves the source language's plain sentences as written", () => {
    expect(() => writeInPlace(file, `t("Sign up")`, "es", [spanish])).toThrow(/"Sign up" has no es message/);
    expect(writeInPlace(file, `t("Sign up")`, "en", [{}])).toBe(`t("Sign up")`);
  });
});
