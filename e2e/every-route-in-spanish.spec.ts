import { readdirSync, readFileSync } from "node:fs";
import { routes } from "../web/src/lib/routes.ts";
import { exampleAddress } from "../web/src/feature-examples.ts";
import path from "node:path";
import type { StudioBirthPlanTemplate } from "../contract/birth-plan.ts";
import { expect, type Page, test } from "./test.ts";
import { instructorPage, linkIn, mailTo, newEmail, PASSWORD, postAs, signedInMember } from "./helpers.ts";

// docs/languages.md: every route of the route table (web/src/lib/routes.ts), walked in Spanish as a
// visitor, a member, a birth client and the instructor, shows no sentence of the interface in English, no ISO date
// and no count of one with a plural noun. What is
// English on purpose (her courses, lessons and pages, written in the language she writes in) is not
// in the catalogues, so it is not looked for; a sentence of the catalogues is, wherever it is shown.

const root = path.resolve(import.meta.dirname, "..");

/** Every catalogue's English sentences with their Spanish, from the PO files `npm run messages` writes. */
function catalogueEntries(): { english: string; spanish: string }[] {
  const files = [
    path.join(root, "locales/es.po"),
    path.join(root, "web/src/locales/es.po"),
    ...readdirSync(path.join(root, "web/src/features")).map((feature) => path.join(root, "web/src/features", feature, "locales/es.po")),
  ];
  return files.flatMap((file) => {
    let text: string;
    try {
      text = readFileSync(file, "utf8");
    } catch {
      return [];
    }
    return [...text.matchAll(/^msgid "(.+)"\nmsgstr "(.+)"$/gm)].map(([, english, spanish]) => ({
      english: JSON.parse(`"${english}"`) as string,
      spanish: JSON.parse(`"${spanish}"`) as string,
    }));
  });
}

/**
 * The runs of English words a Spanish page must not show: each sentence's words between its
 * values, four words or more (shorter ones, like a name or "Stripe", may be the same in both), and
 * none that the Spanish itself contains.
 */
function englishRuns(): string[] {
  const entries = catalogueEntries();
  const spanishText = entries.map((entry) => entry.spanish).join("\n");
  const runs = entries
    .filter((entry) => !entry.english.includes("plural,") && !entry.english.includes("select,"))
    .flatMap((entry) => entry.english.split(/\{[^}]*\}/))
    .map((run) => run.trim().replace(/^[^\p{L}]+|[^\p{L}]+$/gu, ""))
    .filter((run) => run.split(/\s+/).length >= 4 && !spanishText.includes(run));
  return [...new Set(runs)];
}

const ENGLISH = englishRuns();

/** Opens a route and waits until its content, not a spinner, is on the page. */
async function openAndRead(page: Page, address: string): Promise<string> {
  await page.goto(address);
  await expect(page.locator("html"), address).toHaveAttribute("lang", "es");
  await expect(page.locator("main, [role=main]").first(), address).toBeVisible();
  await expect(page.locator(".progress-ring"), address).toHaveCount(0, { timeout: 15_000 });
  return page.evaluate(() => document.body.innerText);
}

/**
 * What a Spanish reader must not meet besides English: a machine's date (2026-12-06; dates are
 * written through Intl, docs/languages.md) and a count of one with a plural noun ("1 preguntas").
 */
const SLIPS = [
  /\b\d{4}-\d{2}-\d{2}\b/g,
  /(?<![\d.,])\b1 (?!(?:más|mes|lunes|martes|miércoles|jueves|viernes|país|interés)(?![\p{L}]))\p{Ll}+s(?![\p{L}])/gu,
];

function englishOn(text: string, english: string[]): string[] {
  return [...english.filter((run) => text.includes(run)), ...SLIPS.flatMap((slip) => [...text.matchAll(slip)].map(([slipped]) => slipped))];
}

/** Every route of the route table, at its example address when it has a parameter (something that exists, or a kind "not found"). */
const addresses = routes.map(exampleAddress);

test.describe("every route in Spanish", () => {
  test.use({ locale: "es-ES" });

  test("no page of the route table shows an English sentence of the catalogues, to a visitor, a member, a client or the instructor", async ({
    page,
    browser,
  }) => {
    test.setTimeout(420_000);
    expect(ENGLISH.length, "the catalogues' English sentences were read").toBeGreaterThan(300);
    const studio = await instructorPage(browser);
    // Once she has saved her birth preferences' sections (a journey on this server may have), they
    // are her words, in the language she wrote them in, even where they began as the shipped ones.
    const template = (await (await studio.request.get("/reactapi/studio/birth-plan")).json()) as StudioBirthPlanTemplate;
    const herWords =
      template.revision > 1
        ? template.sections.flatMap((section) => [section.title, ...section.options.map((option) => option.label)])
        : [];
    const english = ENGLISH.filter((run) => !herWords.some((words) => words.includes(run)));
    const found: string[] = [];
    const walk = async (who: Page, paths: string[]) => {
      for (const route of paths) {
        const slipped = englishOn(await openAndRead(who, route), english);
        if (slipped.length > 0) found.push(`${route}: ${slipped.join(" | ")}`);
      }
    };
    const publicRoutes = addresses.filter((route) => !route.startsWith("/studio"));
    // A visitor first, then a member (registered from an English browser: she switches with ?lang=es).
    await walk(page, ["/", "/login", "/register", "/join", "/about", "/contact", "/links", "/book", "/classes"]);
    const member = await (await browser.newContext({ locale: "en-GB", viewport: { width: 1280, height: 900 } })).newPage();
    try {
      await signedInMember(member, "spanish-walk");
      await member.goto("/account?lang=es");
      await walk(member, publicRoutes);
    } finally {
      await member.context().close();
    }

    // A birth client of hers: her space, her agreement and payments, her labour line, in Spanish.
    const { id: packageId } = await postAs(studio, "/reactapi/studio/care/packages", {
      name: `Acompañamiento ${Date.now()}`,
      description: "Dos visitas, el parto y una visita posparto.",
      fee: 120_000,
      currency: "EUR",
      deposit: 20_000,
      instalments: 2,
      instalment_every_weeks: 4,
    });
    const email = newEmail("spanish-client");
    await postAs(studio, "/reactapi/studio/care/clients", {
      email,
      first_name: "Lucía",
      last_name: "Romero",
      due_date: new Date(Date.now() + 60 * 24 * 60 * 60 * 1000).toISOString().slice(0, 10),
      package_id: packageId,
    });
    const token = new URL(linkIn(await mailTo(email, /./), "/care")).searchParams.get("invitation");
    const client = await (await browser.newContext({ locale: "es-ES", viewport: { width: 390, height: 844 } })).newPage();
    try {
      await client.goto("/login");
      // Registering from her doula's link signs her in at once.
      await postAs(client, "/reactapi/users/register", { email, password: PASSWORD, first_name: "Lucía", care_invitation: token });
      await client.goto("/care?lang=es");
      await expect(client.getByRole("heading", { level: 1 })).toBeVisible();
      await walk(client, publicRoutes);
    } finally {
      await client.context().close();
    }

    // The instructor's studio: her account is English for the other journeys, so she reads Spanish
    // for this walk only and goes back to English at its end, whatever happens.
    try {
      await studio.goto("/studio?lang=es");
      await expect(studio.getByRole("heading", { name: "Estudio", level: 1 })).toBeVisible();
      await walk(
        studio,
        addresses.filter((route) => route.startsWith("/studio") && route !== "/studio/setup"),
      );
    } finally {
      await studio.goto("/studio?lang=en");
      await studio.context().close();
    }
    expect(found, "English sentences, ISO dates and plural slips on Spanish pages").toEqual([]);
  });
});
