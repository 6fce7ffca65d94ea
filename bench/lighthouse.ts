import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { routes, type ScreenRoute } from "../web/src/lib/routes.ts";
import { exampleAddress } from "../web/src/feature-examples.ts";
import { median } from "./scale.ts";
import { studioRoutes } from "./bundle-size.ts";
import { atLeast, atMost, type Target } from "./targets.ts";

/** Someone who signs in before the page is measured: a member, or the instructor for the studio. */
export type Account = { email: string; password: string };

/**
 * What the addresses of a seeded site need: a course and lesson open to the member, a course locked
 * to her, her id, and the addresses the capabilities' parts of the bench seeded (bench/part.ts).
 */
export type SeededIds = {
  openCourse: number;
  openLesson: number;
  lockedCourse: number;
  memberId: number;
  addresses: Record<string, string>;
};

type Page = { route: string; address: string; as: "visitor" | "member" | "instructor" };

/**
 * Every route of the table (web/src/lib/routes.ts) as the one who uses it: a visitor's pages as a
 * visitor, a member's as a signed-in member, the studio's as the instructor. A route whose address
 * needs an id the bench seeds has it from the seed, any other its route's `example`; a new route
 * with parameters and neither fails the bench until it has one. Besides the home pages and a
 * lesson, the routes `inSpanish` names are measured in Spanish too.
 */
export function lighthousePages(ids: SeededIds, inSpanish: string[] = []): Page[] {
  const addresses: Record<string, string> = {
    "/course": `/course?course=${ids.openCourse}`,
    "/lesson": `/lesson?course=${ids.openCourse}&lesson=${ids.openLesson}`,
    "/purchase": `/purchase?course=${ids.lockedCourse}`,
    // Back from a checkout she left: the page says so calmly (no payment provider here).
    "/purchase/success": `/purchase/success?course=${ids.lockedCourse}`,
    "/studio/courses/:id": `/studio/courses/${ids.openCourse}`,
    "/studio/lessons/:id": `/studio/lessons/${ids.openLesson}`,
    "/studio/members/:id": `/studio/members/${ids.memberId}`,
    ...ids.addresses,
  };
  const who = (route: ScreenRoute): Page["as"] =>
    route.layout === "public" ? "visitor" : studioRoutes.includes(route.path) ? "instructor" : "member";
  const inEnglish = routes.map((route): Page => {
    const address = addresses[route.path] ?? exampleAddress(route);
    if (address.includes(":"))
      throw new Error(
        `bench/lighthouse.ts needs an address for ${route.path}: its capability's bench part seeds one (bench/part.ts), or its route an example`,
      );
    return { route: route.path, address, as: who(route) };
  });
  // The first visits a Spanish reader makes most (docs/languages.md), measured last: `?lang=es`
  // saves the member's choice on her account, so every page after them would be Spanish too.
  const spanish = ["/", "/home", "/lesson", ...inSpanish].map((path): Page => {
    const page = inEnglish.find((candidate) => candidate.route === path)!;
    return { route: `${path} (es)`, address: `${page.address}${page.address.includes("?") ? "&" : "?"}lang=es`, as: page.as };
  });
  return [...inEnglish, ...spanish];
}

/**
 * One Lighthouse run (mobile, simulated slow 4G and a slower CPU: its defaults) on a fresh browser
 * profile, as a new visitor's phone would load the page. Signed in first when an account is
 * given, so the page finds its session cookies (Lighthouse keeps cookies while it clears the rest
 * of the site's storage).
 */
async function lighthouseRun(url: string, account?: Account) {
  const { default: lighthouse } = await import("lighthouse");
  const { chromium } = await import("@playwright/test");
  const port = 9222 + Math.floor(Math.random() * 700);
  const profile = mkdtempSync(path.join(tmpdir(), "doula-lighthouse-"));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
    args: [
      `--remote-debugging-port=${port}`,
      "--no-sandbox",
      "--disable-gpu",
      "--disable-background-networking",
      "--disable-component-update",
      "--disable-sync",
      "--no-first-run",
    ],
  });
  try {
    if (account) {
      const login = await context.request.post(new URL("/reactapi/users/login", url).href, { data: account });
      if (!login.ok()) throw new Error(`${account.email} could not log in: ${login.status()}`);
    }
    const result = await lighthouse(url, {
      port,
      output: "json",
      logLevel: "error",
      onlyCategories: ["performance", "accessibility", "best-practices", "seo"],
    });
    const { categories, audits } = result!.lhr;
    const figures: Record<string, number> = Object.fromEntries(
      Object.entries(categories).map(([name, category]) => [name, category.score === null ? Number.NaN : Math.round(category.score * 100)]),
    );
    figures.lcp_ms = Math.round(audits["largest-contentful-paint"]?.numericValue ?? Number.NaN);
    figures.tbt_ms = Math.round(audits["total-blocking-time"]?.numericValue ?? Number.NaN);
    figures.cls = Number((audits["cumulative-layout-shift"]?.numericValue ?? Number.NaN).toFixed(3));
    return figures;
  } finally {
    await context.close();
    rmSync(profile, { recursive: true, force: true });
  }
}

/** Lighthouse on every route (the median of three runs: one run swings by several points on a shared machine). */
export async function measureLighthouse(
  url: string,
  pages: Page[],
  accounts: { member: Account; instructor: Account },
  { rounds = 3, only }: { rounds?: number; only?: string[] } = {},
): Promise<Record<string, number>> {
  const figures: Record<string, number> = {};
  for (const { route, address, as } of pages) {
    if (only && !only.includes(route)) continue;
    try {
      const runs: Record<string, number>[] = [];
      for (let round = 0; round < rounds; round++)
        runs.push(await lighthouseRun(`${url}${address}`, as === "visitor" ? undefined : accounts[as]));
      for (const figure of Object.keys(runs[0]!)) {
        // Lighthouse now and then finds no largest paint in a run (its NO_LCP error); the figure is
        // the median of the runs that have it, and the report says when one had none.
        const measured = runs.map((run) => run[figure]!).filter(Number.isFinite);
        if (measured.length < runs.length) console.error(`Lighthouse on ${route}: ${figure} in ${measured.length} of ${runs.length} runs`);
        figures[`web.lighthouse.${route}.${figure}`] = measured.length > 0 ? median(measured) : Number.NaN;
      }
    } catch (error) {
      console.error(`Lighthouse could not run on ${route}: ${(error as Error).message}`);
    }
  }
  return figures;
}

/**
 * What every page should score: fast and fully accessible everywhere, the studio included; a page a
 * member or visitor opens on her phone paints its main content within two seconds and nothing moves
 * under her finger. The studio, used on a laptop, is held to the web's "good" thresholds (LCP 2.5 s,
 * CLS 0.1) on the same simulated phone; total blocking time to Lighthouse's "good" (200 ms) everywhere.
 */
export function lighthouseTargets(pages: Page[]): Record<string, Target> {
  const targets: Record<string, Target> = {};
  for (const { route, as } of pages) {
    const figure = (name: string) => `web.lighthouse.${route}.${name}`;
    targets[figure("performance")] = atLeast(95);
    targets[figure("accessibility")] = atLeast(100);
    targets[figure("best-practices")] = atLeast(100);
    targets[figure("seo")] = atLeast(90);
    targets[figure("tbt_ms")] = atMost(200);
    targets[figure("lcp_ms")] = atMost(as === "instructor" ? 2500 : 2000);
    targets[figure("cls")] = atMost(as === "instructor" ? 0.1 : 0.02);
  }
  return targets;
}
