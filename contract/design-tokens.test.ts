import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
// @ts-expect-error: a plain JavaScript module of the lint configuration, without types
import { hexColour } from "../scripts/lint/no-hex-colours.js";
import { colours, cssCustomProperties, cssVariable } from "./design-tokens.ts";

describe("the design tokens", () => {
  it("write every colour as a custom property the stylesheet may read", () => {
    const css = cssCustomProperties();
    expect(css).toMatch(/^:root\{.*\}$/);
    expect(css).toContain("--accent:#7a3e48");
    expect(css).toContain("--ink-quiet:#5a4a4a");
    expect(css).toContain("--radius-card:12px");
    for (const value of Object.values(colours)) expect(value).toMatch(/^#[0-9a-f]{6}$/);
    expect(cssVariable("inkQuiet")).toBe("var(--ink-quiet)");
  });

  it("name every custom property the site's stylesheet and its screens use", () => {
    const web = path.resolve(import.meta.dirname, "../web");
    const sources = (folder: string): string[] =>
      readdirSync(folder, { withFileTypes: true }).flatMap((entry) =>
        entry.isDirectory() ? sources(path.join(folder, entry.name)) : /\.tsx?$/.test(entry.name) ? [path.join(folder, entry.name)] : [],
      );
    const stylesheet = [path.join(web, "index.html"), ...sources(path.join(web, "src"))]
      .map((file) => readFileSync(file, "utf8"))
      .join("\n");
    const declared = new Set([...cssCustomProperties().matchAll(/(--[a-z-]+):/g)].map((match) => match[1]));
    const used = new Set([...stylesheet.matchAll(/var\((--[a-z-]+)\)/g)].map((match) => match[1]));
    expect(used.size).toBeGreaterThan(30);
    expect([...used].filter((name) => !declared.has(name))).toEqual([]);
  });

  it("let the lint tell a colour from an entity or an anchor", () => {
    for (const colour of ["#7a3e48", "#fff", "1px solid #e2d4d4", "#FFFFFF80"]) expect(hexColour.test(colour), colour).toBe(true);
    for (const other of ["&#106;", "#main-content", "#heading", "issue #39"]) expect(hexColour.test(other), other).toBe(false);
  });
});
