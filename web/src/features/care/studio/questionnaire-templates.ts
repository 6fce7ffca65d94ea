import type { questionKinds } from "../../../../../contract/care.ts";
import { t } from "./messages.ts";

// Starter questionnaires (docs/care.md, "Questionnaires"): written in the language she reads the
// studio in, so a Spanish practice starts Spanish; once filled in, the form is hers to change.

type Kind = (typeof questionKinds)[number];
export type DraftQuestion = { kind: Kind; label: string; options: string; optional: boolean; sensitive: boolean };
export type QuestionnaireTemplate = { name: string; title: string; questions: DraftQuestion[] };

const ask = (kind: Kind, label: string, more: Partial<Omit<DraftQuestion, "kind" | "label">> = {}): DraftQuestion => ({
  kind,
  label,
  options: "",
  optional: false,
  sensitive: false,
  ...more,
});
const lines = (...options: string[]) => options.join("\n");

export const questionnaireTemplates = (): QuestionnaireTemplate[] => [
  {
    name: t("Getting to know you (intake)"),
    title: t("Getting to know you"),
    questions: [
      ask("text", t("What name would you like me to use?")),
      ask("date", t("When is your baby due?")),
      ask("yes_no", t("Is this your first baby?")),
      ask("choice", t("Where are you planning to give birth?"), {
        options: lines(t("In a hospital"), t("In a birth centre"), t("At home"), t("Not sure yet")),
      }),
      ask("text", t("Who is your midwife or doctor?"), { optional: true }),
      ask("text", t("Who will be with you at the birth?"), { optional: true }),
      ask("long_text", t("Is there anything about your health or this pregnancy you would like me to know?"), {
        optional: true,
        sensitive: true,
      }),
      ask("long_text", t("What are you hoping for from our time together?"), { optional: true }),
    ],
  },
  {
    name: t("Earlier births"),
    title: t("Your earlier births"),
    questions: [
      ask("text", t("How many times have you given birth before?")),
      ask("choices", t("How did your babies arrive?"), {
        options: lines(
          t("A vaginal birth"),
          t("An assisted birth (forceps or ventouse)"),
          t("A caesarean birth"),
          t("I would rather not say"),
        ),
        optional: true,
        sensitive: true,
      }),
      ask("long_text", t("How do you feel about your earlier births?"), { optional: true, sensitive: true }),
      ask("long_text", t("Is there anything you would like to be different this time?"), { optional: true, sensitive: true }),
    ],
  },
  {
    name: t("After the birth (postpartum check-in)"),
    title: t("How are you doing?"),
    questions: [
      ask("choice", t("How are you feeling today?"), { options: lines(t("Well"), t("Up and down"), t("I am struggling")) }),
      ask("choice", t("How is feeding going?"), {
        options: lines(t("It is going well"), t("I have some worries"), t("I would like help")),
        optional: true,
      }),
      ask("yes_no", t("Are you getting some sleep and some help at home?")),
      ask("long_text", t("Is anything worrying you about your body or your mood?"), { optional: true, sensitive: true }),
      ask("long_text", t("What would you like to talk about at our next visit?"), { optional: true }),
    ],
  },
];
