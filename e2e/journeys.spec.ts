import { expect, test } from "./test.ts";
import { accessCode, accessibleAtBothWidths, instructorPage, moveServerClock, newEmail, PASSWORD, postAs } from "./helpers.ts";

// docs/journeys.md, in Spanish: the doula writes a two-step journey in both languages; a member due
// in ten weeks sees its first step coming on her home, then, at its hour, answers its wellbeing
// check-in asking for contact and reads the calm page; the doula finds her under "Asked for contact".

const DAY = 24 * 60 * 60 * 1000;
const PHONE = { width: 390, height: 844 };
const isoDay = (date: Date) => date.toISOString().slice(0, 10);

test("a journey in Spanish: written in the studio, seen on her home at its hour, a check-in that asks for contact, and the doula told", async ({
  browser,
}) => {
  test.setTimeout(180_000);
  const stamp = Date.now();
  const journeyName = `Semanas tranquilas ${stamp % 100_000}`;
  const memberName = `Lucía ${stamp % 100_000}`;
  // Due in ten weeks: she is at 30+0 today (UTC), so 30+3 comes in three days, at 09:00 in Mexico City (UTC-6 all year).
  const dueDate = new Date(Date.parse(`${isoDay(new Date())}T00:00:00Z`) + 70 * DAY);
  const stepAt = new Date(dueDate.getTime() - 67 * DAY + 16 * 60 * 60 * 1000);

  const doula = await instructorPage(browser);
  try {
    await doula.goto("/studio/journeys/new?lang=es");
    await expect(doula.getByRole("heading", { name: "Nuevo recorrido", level: 1 })).toBeVisible();
    const form = doula.getByRole("form", { name: "Recorrido" });
    await form.getByLabel("Nombre", { exact: true }).fill(journeyName);
    const first = form.getByRole("group", { name: "Paso 1" });
    await first.getByLabel("Semana", { exact: true }).fill("30");
    await first.getByLabel("Día", { exact: true }).fill("3");
    await first.getByLabel("Título en inglés").fill("A quiet check-in");
    await first.getByLabel("Título en español").fill("Un chequeo tranquilo");
    await first.getByLabel("Texto en inglés").fill("Thirty weeks and three days. How are you, really?");
    await first.getByLabel("Texto en español").fill("Treinta semanas y tres días. ¿Cómo estás, de verdad?");
    await first.getByLabel("Un chequeo al final").selectOption("wellbeing");
    await form.getByRole("button", { name: "Añadir un paso" }).click();
    const second = form.getByRole("group", { name: "Paso 2" });
    await second.getByLabel("Semana", { exact: true }).fill("36");
    await second.getByLabel("Título en inglés").fill("Your bag");
    await second.getByLabel("Título en español").fill("Tu bolsa");
    await second.getByLabel("Texto en inglés").fill("Pack a bag for the birth.");
    await second.getByLabel("Texto en español").fill("Prepara una bolsa para el parto.");
    await second.getByRole("checkbox", { name: "Por correo electrónico" }).check();
    await accessibleAtBothWidths(doula);
    await accessibleAtBothWidths(doula);
    await form.getByRole("button", { name: "Guardar el recorrido" }).click();
    await expect(doula.getByRole("status").filter({ hasText: `Se guardó el recorrido «${journeyName}».` })).toBeVisible();
    await expect(doula).toHaveURL(/\/studio\/journeys\/\d+$/);
    // The preview: a member due on the sample date gets the first step on its day.
    await doula.getByLabel("Una fecha probable de parto de ejemplo").fill(isoDay(dueDate));
    await doula.getByRole("button", { name: "Mostrar las fechas" }).click();
    await expect(doula.getByRole("region", { name: "Cuándo llegaría cada paso" }).getByRole("listitem")).toHaveCount(2);

    // The member, on her phone in Spanish, due in ten weeks, in Mexico City.
    const context = await browser.newContext({ locale: "es-MX", timezoneId: "America/Mexico_City", viewport: PHONE });
    const mother = await context.newPage();
    const email = newEmail("recorrido");
    await mother.goto("/login?lang=es");
    const { id: motherId } = (await postAs(mother, "/reactapi/users/register", {
      email,
      password: PASSWORD,
      access_code: accessCode(),
      first_name: memberName,
    })) as { id: number };
    await postAs(mother, "/reactapi/users/login", { email, password: PASSWORD });
    await postAs(mother, "/reactapi/account/pacing", { due_date: isoDay(dueDate), baby_arrived: false });

    // In her account she keeps her journey in her own zone.
    await mother.goto("/account?lang=es");
    const settings = mother.getByRole("form", { name: "Tu recorrido" });
    await settings.getByLabel(/Mi zona horaria/).selectOption("America/Mexico_City");
    await settings.getByRole("button", { name: "Guardar los ajustes de mi recorrido" }).click();
    await expect(settings.getByRole("status")).toHaveText("Se guardaron los ajustes de tu recorrido.");

    // Before its hour, her home says when the step comes.
    await mother.goto("/home");
    const thisWeek = mother.getByRole("region", { name: "Esta semana", exact: true });
    await expect(thisWeek.getByRole("heading", { name: "Un chequeo tranquilo" })).toBeVisible();
    await expect(thisWeek).toContainText("Llega el");
    await expect(thisWeek.getByRole("link", { name: "Responder el chequeo" })).toHaveCount(0);

    try {
      // An hour after its hour (10:00 her time, 16:00 UTC), for the server and for her phone.
      moveServerClock(stepAt);
      await context.clock.install({ time: stepAt });
      await mother.goto("/home");
      await expect(thisWeek.getByRole("heading", { name: "Un chequeo tranquilo" })).toBeVisible();
      await expect(thisWeek).toContainText("Treinta semanas y tres días.");
      await thisWeek.getByRole("link", { name: "Responder el chequeo" }).click();

      await expect(mother.getByRole("heading", { name: "Un chequeo tranquilo", level: 1 })).toBeVisible();
      const checkIn = mother.getByRole("form", { name: "Tu chequeo" });
      await expect(checkIn).toContainText("Durante las últimas 2 semanas");
      await accessibleAtBothWidths(mother);
      for (const question of [
        "Poco interés o placer en hacer cosas",
        "Se ha sentido decaído(a), deprimido(a) o sin esperanzas",
        "Se ha sentido nervioso(a), ansioso(a) o con los nervios de punta",
        "No ha sido capaz de parar o controlar su preocupación",
      ])
        await checkIn.getByRole("group", { name: question }).getByRole("radio", { name: "Varios días" }).check();
      await checkIn
        .getByRole("group", { name: /pensamientos de hacerme daño/ })
        .getByRole("radio", { name: "No" })
        .check();
      await checkIn
        .getByRole("group", { name: /doula se comunique/ })
        .getByRole("radio", { name: "Sí" })
        .check();
      // Without her consent, nothing is kept, and she is told why.
      await checkIn.getByRole("button", { name: "Enviar a mi doula" }).click();
      await expect(checkIn.getByRole("alert")).toBeVisible();
      await checkIn.getByRole("checkbox", { name: /Acepto que mi doula guarde estas respuestas/ }).check();
      await checkIn.getByRole("button", { name: "Enviar a mi doula" }).click();

      // The calm page: her doula will reach out, and the lines to call now. No score.
      await expect(mother.getByRole("heading", { name: "Tu doula se pondrá en contacto contigo", level: 1 })).toBeFocused();
      await expect(mother.getByRole("status")).toHaveText("Gracias por contárnoslo. Tu doula se comunicará contigo pronto.");
      await expect(mother.getByRole("link", { name: "1-800-944-4773" })).toHaveAttribute("href", "tel:18009444773");
      await expect(mother.getByText("Línea de ayuda de Postpartum Support International")).toBeVisible();
      await expect(mother.locator("main")).not.toContainText(/puntuación|PHQ|GAD/);
      await accessibleAtBothWidths(mother);

      // The doula's studio: she is under "Asked for contact", and marked called.
      await doula.goto("/studio/journeys");
      const asked = doula.getByRole("region", { name: "Pidieron contacto" });
      const row = asked.getByRole("row").filter({ has: doula.getByRole("rowheader", { name: memberName }) });
      await expect(row).toContainText("Te pidió que la contactes");
      await row.getByRole("button", { name: `Ya llamé a ${memberName}` }).click();
      await expect(row).toContainText("Maya");
      await row.getByRole("link", { name: memberName }).click();
      await expect(doula.getByRole("heading", { name: `El recorrido de ${memberName}`, level: 1 })).toBeVisible();
      await expect(doula.getByRole("row").filter({ hasText: "Poco interés o placer en hacer cosas" })).toContainText("Varios días");
      // Her page among the members leads to her journey too.
      await doula.goto(`/studio/members/${motherId}`);
      await doula.getByRole("link", { name: "Su recorrido" }).click();
      await expect(doula.getByRole("heading", { name: `El recorrido de ${memberName}`, level: 1 })).toBeVisible();
    } finally {
      moveServerClock(null);
      await context.close();
    }
  } finally {
    // The instructor's language is the practice's for the other journeys.
    await doula.goto("/studio?lang=en");
  }
});
