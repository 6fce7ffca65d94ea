import { JourneySave } from "../../../contract/journeys.ts";
import type { Database } from "../db/client.ts";
import { createJourney } from "./journeys-repository.ts";

/**
 * The journey a new site starts with (docs/journeys.md): a few gentle steps she rewrites in her own
 * voice, for every member with a due date. Written in the seed's transaction, as any other journey.
 */
export const defaultJourney: JourneySave = {
  name: "Pregnancy and the first weeks",
  for: "due_date",
  steps: [
    {
      at: { week: 28, day: 0 },
      channels: ["app", "mail"],
      title: { en: "Welcome to your third trimester", es: "Bienvenida a tu tercer trimestre" },
      text: {
        en: "You are 28 weeks along. This is a good week to start your birth preferences and to tell your partner about the partner seat. There is no rush: a little each week is plenty.",
        es: "Tienes 28 semanas. Es una buena semana para empezar tus preferencias de parto y contarle a tu pareja lo del asiento de acompañante. Sin prisa: un poco cada semana es suficiente.",
      },
    },
    {
      at: { week: 36, day: 0 },
      channels: ["app", "push"],
      title: { en: "Your bag, and who to call", es: "Tu bolsa, y a quién llamar" },
      text: {
        en: "From now on, your baby may come any day. Pack a bag for you, your partner and the baby, and save your doula's number where you can find it at 3 a.m.",
        es: "A partir de ahora, tu bebé puede llegar cualquier día. Prepara una bolsa para ti, tu pareja y el bebé, y guarda el número de tu doula donde lo encuentres a las 3 de la mañana.",
      },
    },
    {
      at: { after_birth_days: 3 },
      channels: ["app", "push"],
      title: { en: "Day three", es: "El tercer día" },
      text: {
        en: "Around the third day many mothers feel tearful as milk comes in and hormones shift. It is common and it passes. Rest when you can, eat, and let others help.",
        es: "Hacia el tercer día muchas madres se sienten llorosas mientras sube la leche y cambian las hormonas. Es frecuente y pasa. Descansa cuando puedas, come y deja que otros te ayuden.",
      },
    },
    {
      at: { after_birth_days: 14 },
      channels: ["app", "mail", "push"],
      title: { en: "How are you, really?", es: "¿Cómo estás, de verdad?" },
      text: {
        en: "Two weeks in. Four short questions about the last two weeks help your doula know how you are. Only your doula reads your answers.",
        es: "Dos semanas ya. Cuatro preguntas breves sobre las últimas dos semanas ayudan a tu doula a saber cómo estás. Solo tu doula lee tus respuestas.",
      },
      check_in: "wellbeing",
    },
  ],
};

// Its check-in is the wellbeing one: no questionnaire of hers is named.
const noQuestionnaires = { find: async () => undefined };

export async function writeDefaultJourney(tx: Database, now: Date): Promise<void> {
  // Through the schema, as the studio's own save: its defaults (09:00) filled in.
  await createJourney(tx, JourneySave.parse(defaultJourney), now, noQuestionnaires);
}
