import { readdirSync, readFileSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import type { AxeResults } from "axe-core";
import { type CaughtMail, linkIn } from "../testing/smtp-catcher.ts";
import { checkoutCompleted, signedDelivery, type StandInSession } from "../testing/stripe-stand-in.ts";
import type { APIRequestContext } from "@playwright/test";
import { type Browser, expect, type Page, serverOrigin, workerValue } from "./test.ts";

export { linkIn };

export const PASSWORD = "calm-Birth-2025";

/** The folder this worker's SMTP server writes each mail it receives to, as JSON (e2e/global-setup.ts). */
export const mailFolder = () => workerValue("E2E_MAIL_DIR");

/** This worker's stand-in for Stripe's API (testing/stripe-stand-in.ts): its pay pages and its record of sessions. */
export const stripeUrl = () => workerValue("E2E_STRIPE_URL");

/** A Checkout session as the stand-in keeps it: what Stripe was asked to charge, and for what. */
export async function standInSession(request: APIRequestContext, sessionId: string): Promise<StandInSession> {
  return (await (await request.get(`${stripeUrl()}/stand-in/sessions/${sessionId}`)).json()) as StandInSession;
}

/** Tells the app the Checkout was paid, as Stripe's signed webhook does. */
export async function deliverCheckoutCompleted(
  request: APIRequestContext,
  session: StandInSession,
  overrides: Record<string, unknown> = {},
) {
  const { payload, headers } = signedDelivery(checkoutCompleted(session, overrides));
  expect((await request.post("/reactapi/stripe/webhook", { data: payload, headers })).status()).toBe(200);
}

/**
 * A write to the API in the page's cookie jar, from the site's own origin and in the browser's
 * language, as its forms send them (also before the page has opened anything); any answer but
 * 2xx fails. Answers the JSON the endpoint sends.
 */
export async function postAs(page: Page, path: string, data: unknown) {
  const language = await page.evaluate(() => navigator.languages.join(","));
  const answer = await page.request.post(path, { data, headers: { origin: serverOrigin(), "accept-language": language } });
  expect(answer.ok(), `${path}: ${answer.status()} ${await answer.text()}`).toBe(true);
  return answer.json();
}
let counter = 0;
export const newEmail = (prefix: string) => `${prefix}.${Date.now()}.${++counter}@example.com`;

export function accessCode(): string {
  return workerValue("E2E_ACCESS_CODE");
}

/** axe-core's own build, run in the page (its API is `window.axe`). */
const axeSource = readFileSync(createRequire(import.meta.url).resolve("axe-core/axe.min.js"), "utf8");
type Violation = { id: string; impact?: string | null; help: string; targets: string[] };

/**
 * No serious or critical axe-core violation on the page as it is now. Axe runs in the page itself,
 * put there once per document (a wrapper that opens a page of its own to gather every check took
 * about seven times as long), on our markup: the frames the pages hold are the video and podcast
 * players of other sites. Only violations are gathered with all their nodes (`resultTypes`).
 */
export async function expectAccessible(page: Page) {
  // A page rendered at build time keeps its form closed until the app takes it over: judge it open.
  await page.waitForFunction(() => !document.querySelector("#root[data-prerendered] form [disabled]"));
  // Colours are judged as they end up, not halfway through a fade-in or a button's transition.
  await page.waitForFunction(() => document.getAnimations().every((animation) => animation.playState !== "running"));
  if (!(await page.evaluate(() => "axe" in window))) await page.evaluate(axeSource);
  const violations = await page.evaluate(async (): Promise<Violation[]> => {
    type Axe = { run: (context: Document, options: object) => Promise<AxeResults> };
    const { violations } = await (window as unknown as { axe: Axe }).axe.run(document, { iframes: false, resultTypes: ["violations"] });
    return violations.map(({ id, impact, help, nodes }) => ({ id, impact, help, targets: nodes.map((node) => node.target.join(" ")) }));
  });
  const serious = violations
    .filter((violation) => violation.impact === "serious" || violation.impact === "critical")
    .map((violation) => `${violation.id}: ${violation.help} (${violation.targets.join(", ")})`);
  expect(serious, `axe violations on ${page.url()}`).toEqual([]);
}

/**
 * Axe at a phone's width (390 px, or the smallest phone's 360 for what the doula opens in the
 * night) and a laptop's (1280 px), on the page as it is. At 360 px nothing may stick out of the
 * page's side either: what is wide scrolls in its own box or becomes a list.
 */
export async function accessibleAtBothWidths(page: Page, { phone = 390 }: { phone?: 360 | 390 } = {}) {
  const viewport = page.viewportSize()!;
  for (const width of [phone, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await expectAccessible(page);
    if (width === 360) {
      // What sticks out, named, so a failure says where to look.
      const sticksOut = await page.evaluate(() => {
        const edge = document.documentElement.clientWidth;
        if (document.documentElement.scrollWidth <= edge) return [];
        return (
          [...document.querySelectorAll("body *")]
            .filter((element) => element.getBoundingClientRect().right > edge && element.children.length === 0)
            // What lies in a box that scrolls or clips (the sections' row, a wide table) is meant to.
            .filter((element) => {
              for (let box = element.parentElement; box && box !== document.body; box = box.parentElement)
                if (getComputedStyle(box).overflowX !== "visible") return false;
              return true;
            })
            .slice(0, 5)
            .map((element) => `${element.tagName.toLowerCase()}.${[...element.classList].join(".")} “${element.textContent?.slice(0, 40)}”`)
        );
      });
      expect(sticksOut, `${page.url()} is wider than a 360 px phone`).toEqual([]);
    }
  }
  await page.setViewportSize(viewport);
}

export async function register(page: Page, email: string, code = accessCode()) {
  await page.goto("/register");
  await page.getByLabel("First name (optional)").fill("Maya");
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill(PASSWORD);
  await page.getByLabel("Access code").fill(code);
  await page.getByRole("button", { name: "Register" }).click();
}

export async function logIn(page: Page, email: string) {
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill(PASSWORD);
  await page.getByRole("button", { name: "Submit" }).click();
}

/**
 * A new member, signed in on this page and ending on /home: registered, her welcome mail's link
 * used (as most members do; `confirmed: false` leaves her address unproven) and signed in, through
 * the API her screens call, in the page's own language and cookie jar. Journeys about registering
 * and signing in fill the forms themselves (`register`, `logIn`); the rest start here, which spares
 * the browser three page loads each.
 */
export async function signedInMember(page: Page, prefix = "member", { confirmed = true }: { confirmed?: boolean } = {}) {
  const email = newEmail(prefix);
  await postAs(page, "/reactapi/users/register", { email, password: PASSWORD, access_code: accessCode(), first_name: "Maya" });
  if (confirmed) {
    const link = new URL(linkIn(await mailTo(email, /^Welcome to /), "/confirm-email"));
    await postAs(page, "/reactapi/account/email/confirm", { token: link.searchParams.get("token") });
  }
  await postAs(page, "/reactapi/users/login", { email, password: PASSWORD });
  await page.goto("/home");
  await expect(page).toHaveURL(/\/home$/);
  return email;
}

/** The newest mail to an address with this subject (or one that matches), as the test SMTP server caught it (e2e/global-setup.ts). */
export async function mailTo(address: string, subject: string | RegExp, { timeout = 20_000 } = {}): Promise<CaughtMail> {
  const folder = mailFolder();
  let found: CaughtMail | undefined;
  await expect
    .poll(
      () => {
        const mails = readdirSync(folder)
          .filter((file) => file.endsWith(".json"))
          .sort()
          .map((file) => JSON.parse(readFileSync(path.join(folder, file), "utf8")) as CaughtMail);
        found = mails
          .reverse()
          .find((mail) => mail.to === address && (typeof subject === "string" ? mail.subject === subject : subject.test(mail.subject)));
        return Boolean(found);
      },
      { message: `a mail "${subject}" to ${address}`, timeout },
    )
    .toBe(true);
  return found!;
}

export const INSTRUCTOR = "instructor@example.com";

function setupUrl(): string {
  return workerValue("E2E_STUDIO_SETUP_URL");
}

/**
 * The instructor's studio on a laptop: the first journey on a server creates her account with the
 * setup link (which works once), the others sign her in through the API and open /studio.
 */
export async function instructorPage(browser: Browser, options: { timezoneId?: string } = {}): Promise<Page> {
  const context = await browser.newContext({ locale: "en-GB", viewport: { width: 1280, height: 900 }, ...options });
  await context.grantPermissions(["clipboard-read", "clipboard-write"]);
  const page = await context.newPage();
  const signedIn = await page.request.post("/reactapi/users/login", {
    data: { email: INSTRUCTOR, password: PASSWORD },
    headers: { origin: serverOrigin() },
  });
  if (signedIn.ok()) await page.goto("/studio");
  else {
    await page.goto(setupUrl());
    await expect(page.getByRole("heading", { name: "Set up your studio" })).toBeVisible();
    await expectAccessible(page);
    await page.getByLabel("First name (optional)").fill("Maya");
    await page.getByLabel("Email").fill(INSTRUCTOR);
    await page.getByLabel("Password").fill(PASSWORD);
    await page.getByRole("button", { name: "Create the instructor account" }).click();
  }
  await expect(page).toHaveURL(/\/studio$/);
  await expect(page.getByRole("heading", { name: "Studio", level: 1 })).toBeVisible();
  return page;
}

/**
 * Moves the server's "now" to this instant (null: back to the real time), as page.clock moves the
 * browser's; the server reads it on its next request (server/src/lib/clock.ts, fileClock).
 */
export function moveServerClock(to: Date | null): void {
  const file = workerValue("E2E_CLOCK_FILE");
  writeFileSync(file, to === null ? "0" : String(to.getTime() - Date.now()));
}
