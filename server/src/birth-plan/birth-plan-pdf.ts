import { accent, inkMuted } from "../../../contract/design-tokens.ts";
import type { BirthPlanSection } from "../../../contract/birth-plan.ts";
import { formattingLocales, type Language } from "../../../contract/languages.ts";
import { translatorFor } from "../language/catalogues.ts";
import { flowingText, loraDocument } from "../lib/pdf-fonts.ts";

export type BirthPlanDocument = {
  name: string;
  dueDate: string | null;
  supportPeople: string;
  sections: BirthPlanSection[];
  choices: { optionId: string; note: string }[];
  businessName: string;
  size: "a4" | "letter";
  /** The reader's: the words around her choices are in it (docs/languages.md); her choices stay as written. */
  language: Language;
};

const BRAND = accent;
const MUTED = inkMuted;

const dueDateText = (date: string, language: Language) =>
  new Intl.DateTimeFormat(formattingLocales[language], { day: "numeric", month: "long", year: "numeric", timeZone: "UTC" }).format(
    new Date(`${date}T12:00:00Z`),
  );

/**
 * Her birth preferences as a clean document to print or hand over: her name, due date and support
 * people, then each section she chose something in, one line per choice with its note. Sized so a
 * typical plan (20 choices with short notes) fits one page and a full one (40) two.
 */
export async function renderBirthPlan(plan: BirthPlanDocument): Promise<Buffer> {
  const i18n = translatorFor(plan.language);
  const { doc, bytes } = await loraDocument({
    size: plan.size === "letter" ? "LETTER" : "A4",
    margins: { top: 42, bottom: 42, left: 48, right: 48 },
    info: { Title: i18n._("Birth preferences: {name}", { name: plan.name }), Author: plan.name, Creator: plan.businessName },
  });
  flowingText(doc, i18n._("Birth preferences"), { size: 20, weight: 700, colour: BRAND, gapAfter: 2 });
  flowingText(doc, plan.name, { size: 13, weight: 700 });
  const facts = [
    plan.dueDate ? i18n._("Due {date}", { date: dueDateText(plan.dueDate, plan.language) }) : null,
    plan.supportPeople ? i18n._("Supported by {people}", { people: plan.supportPeople }) : null,
  ];
  for (const fact of facts) if (fact) flowingText(doc, fact, { size: 10.5 });
  flowingText(
    doc,
    i18n._(
      "These are my wishes if all is well. I understand that plans may change, and I ask to be told why and to be part of each decision.",
    ),
    {
      size: 9,
      colour: MUTED,
      gapAfter: 4,
    },
  );

  const chosen = new Map(plan.choices.map((choice) => [choice.optionId, choice.note]));
  for (const section of plan.sections) {
    const options = section.options.filter((option) => chosen.has(option.id));
    if (options.length === 0) continue;
    // A heading never sits alone at the foot of a page.
    if (doc.y > doc.page.height - doc.page.margins.bottom - 40) doc.addPage();
    doc.y += 5;
    flowingText(doc, section.title, { size: 11.5, weight: 700, colour: BRAND, gapAfter: 1 });
    for (const option of options) {
      const note = chosen.get(option.id)?.trim();
      flowingText(doc, `•  ${option.label}${note ? `: ${note}` : ""}`, { size: 9.5, indent: 6, gapAfter: 1 });
    }
  }
  doc.end();
  return bytes;
}
