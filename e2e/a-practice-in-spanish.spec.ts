import { expect, type Page, test } from "./test.ts";
import type { StandInSession } from "../testing/stripe-stand-in.ts";
import {
  accessibleAtBothWidths,
  instructorPage,
  linkIn,
  mailTo,
  newEmail,
  PASSWORD,
  postAs,
  stripeUrl,
  deliverCheckoutCompleted,
  standInSession,
} from "./helpers.ts";

// docs/languages.md and docs/care.md: a Spanish-speaking doula's practice on her phone, as a
// trial found it: her own name on everything, her backup joining from her link, a client taken on
// late whose instalments she spreads, the client registering from her link, signing and paying her
// deposit with a code, a friend's registry gift, and the studio telling her of it all with figures
// that add up.

const PHONE = { width: 390, height: 844 };
const DAY = 24 * 60 * 60 * 1000;

/** Settles a Checkout the stand-in opened, as Stripe's webhook would: what it charged is what is recorded. */
async function settle(page: Page, sessionId: string): Promise<StandInSession> {
  const session = await standInSession(page.request, sessionId);
  await deliverCheckoutCompleted(page.request, session, { payment_intent: `pi_${sessionId}` });
  return session;
}

const isoDay = (date: Date) => date.toISOString().slice(0, 10);

test("a Spanish practice on a phone: her name, her backup, a late client who signs and pays with a code, a registry gift, and the studio's figures", async ({
  browser,
}) => {
  test.setTimeout(240_000);
  const doula = await instructorPage(browser);
  // Her names and her account's language are the practice's for the other journeys: kept, and put back whatever happens.
  const namesBefore = await (await doula.request.get("/reactapi/studio/site/names")).json();
  const stamp = Date.now();
  const doulaName = `Carmen Vidal ${stamp % 10_000}`;
  const businessName = `Nacer en Calma ${stamp % 10_000}`;
  try {
    await doula.setViewportSize(PHONE);
    await doula.goto("/studio/site?lang=es");
    await expect(doula.locator("html")).toHaveAttribute("lang", "es");

    // Studio → Sitio: her name, her practice's name and her title in Spanish.
    const names = doula.getByRole("form", { name: "Tu nombre" });
    await names.getByLabel("Tu nombre, como lo leen tus clientas").fill(doulaName);
    await names.getByLabel("El nombre de tu consulta").fill(businessName);
    await names.getByLabel("Tu título en Español (opcional)").fill("doula de parto certificada");
    await names.getByRole("button", { name: "Guardar tus nombres" }).click();
    await expect(
      doula
        .getByRole("status")
        .filter({ hasText: "Guardado. Tus páginas, acuerdos, certificados y correos usan estos nombres desde ahora." }),
    ).toBeVisible();

    // Studio → Equipo: her backup, invited by mail, joins from the link with no access code and lands in On call.
    const backupEmail = newEmail("equipo");
    await doula.goto("/studio/team");
    await doula.getByLabel("Su nombre").fill(`Inés ${stamp % 10_000}`);
    await doula.getByLabel("Su dirección de correo electrónico").fill(backupEmail);
    await doula.getByRole("button", { name: "Enviar la invitación" }).click();
    await expect(doula.getByRole("status").filter({ hasText: backupEmail })).toBeVisible();
    const teamLink = linkIn(await mailTo(backupEmail, /./), "/register").replace(/^https?:\/\/[^/]+/, "");
    const backupContext = await browser.newContext({ locale: "es-ES", viewport: PHONE });
    try {
      const backup = await backupContext.newPage();
      await backup.goto(teamLink);
      await expect(backup.getByText(/^Te han invitado a unirte a su equipo como doula suplente/)).toBeVisible();
      await expect(backup.getByLabel("Código de acceso")).toHaveCount(0);
      await expect(backup.getByLabel(/^Correo/)).toHaveValue(backupEmail);
      await backup.getByLabel(/^Contraseña/).fill(PASSWORD);
      await backup.getByRole("button", { name: "Registrarme" }).click();
      await expect(backup).toHaveURL(/\/studio\/on-call$/);
      await expect(backup.getByRole("heading", { name: "De guardia", level: 1 })).toBeVisible();
    } finally {
      await backupContext.close();
    }

    // A package in euros and a code for it (set up through the studio's API, as e2e/care.spec.ts does on screen).
    const packageName = `Acompañamiento ${stamp}`;
    const { id: packageId } = await postAs(doula, "/reactapi/studio/care/packages", {
      name: packageName,
      description: "Dos visitas, el parto y una visita posparto.",
      fee: 150_000,
      currency: "EUR",
      deposit: 30_000,
      instalments: 3,
      instalment_every_weeks: 4,
    });
    const code = `CALMA${stamp % 100_000}`;
    await postAs(doula, "/reactapi/studio/codes", { code, percent_off: 10, plan_ids: [], package_ids: [packageId], class_ids: [] });

    const takingsInEuros = async () => {
      const { takings_this_month } = await (await doula.request.get("/reactapi/studio/care/clients")).json();
      return (takings_this_month as { currency: string; amount: number }[]).find((taking) => taking.currency === "EUR")?.amount ?? 0;
    };
    const takenBefore = await takingsInEuros();

    // Studio → Clientas: Lucía at 37 weeks. Her instalments would all fall due the day she is invited: the
    // doula is told, and spreads them to her due date.
    const email = newEmail("clienta");
    const dueDate = isoDay(new Date(Date.now() + 21 * DAY));
    await doula.goto("/studio/clients");
    await doula.getByLabel("Correo").fill(email);
    await doula.getByLabel("Nombre", { exact: true }).fill("Lucía");
    await doula.getByLabel("Apellidos").fill("Romero");
    await doula.getByLabel("Fecha probable de parto").fill(dueDate);
    const packageChoice = doula.getByRole("combobox", { name: /^Paquete/ });
    await packageChoice.selectOption((await packageChoice.locator("option", { hasText: packageName }).getAttribute("value"))!);
    await expect(doula.getByText(/^\d+ pagos vencen el día en que la invitas: .+ de una vez\.$/)).toBeVisible();
    await doula.getByRole("radio", { name: "Repartir sus plazos por igual hasta el día que elija" }).check();
    await expect(doula.getByText(/^Sus plazos se reparten hasta el /)).toBeVisible();
    await doula.getByRole("button", { name: "Añadir y enviarle su enlace" }).click();
    await expect(doula).toHaveURL(/\/studio\/clients\/\d+$/);
    const clientPath = new URL(doula.url()).pathname;
    const payments = doula
      .getByRole("region", { name: "Pagos" })
      .getByRole("row")
      .filter({ has: doula.getByRole("rowheader") });
    await expect(payments).toHaveCount(4);
    const dueDays = await payments.evaluateAll((rows) => rows.map((row) => row.querySelectorAll("td")[1]?.textContent));
    expect(new Set(dueDays).size, `her payments fall on different days: ${dueDays.join(", ")}`).toBeGreaterThan(1);
    await accessibleAtBothWidths(doula, { phone: 360 });

    // Lucía opens her link: the sign-up has what her doula typed, asks no code, signs her in and opens her space.
    const invitationMail = await mailTo(email, /./);
    // Her mail is signed with the names the doula set, not the installation's.
    expect(`${invitationMail.subject}\n${invitationMail.text}`).toContain(doulaName);
    expect(invitationMail.text).toContain(businessName);
    const invitation = new URL(linkIn(invitationMail, "/care")).searchParams.get("invitation")!;
    const motherContext = await browser.newContext({ locale: "es-ES", viewport: PHONE });
    try {
      const mother = await motherContext.newPage();
      await mother.goto(`/register?care_invitation=${invitation}`);
      await expect(mother.getByLabel("Código de acceso")).toHaveCount(0);
      await expect(mother.getByLabel(/^Correo/)).toHaveValue(email);
      await expect(mother.getByLabel(/^Nombre/)).toHaveValue("Lucía");
      await mother.getByLabel(/^Contraseña/).fill(PASSWORD);
      await mother.getByRole("button", { name: "Registrarme" }).click();
      await expect(mother).toHaveURL(/\/care$/);
      await expect(mother.getByRole("heading", { name: "Tu espacio de clienta", level: 1 })).toBeVisible();
      // Her doula's own name, in Spanish sentences: on her space and in her agreement; never the demo's.
      await expect(mother.getByRole("heading", { name: `Tu doula, ${doulaName}` })).toBeVisible();
      const agreement = mother.getByRole("region", { name: "El acuerdo" });
      await expect(agreement).toContainText(doulaName);
      await expect(mother.getByText(namesBefore.doula_name, { exact: false })).toHaveCount(0);

      // She signs, then pays her deposit with the code: Checkout asks 270 €, and 270 € is what is recorded.
      await mother.getByRole("button", { name: "Firmar el acuerdo" }).click();
      await mother.getByLabel("Tu nombre completo").fill("Lucía Romero");
      await mother.getByLabel("He leído y acepto").check();
      await mother.getByRole("button", { name: "Firmar el acuerdo" }).click();
      await expect(mother.getByText(/Firmaste tu acuerdo el .+ como Lucía Romero\./)).toBeVisible();
      await mother.getByText("¿Tienes un código?").click();
      await mother.getByLabel("Código").fill(code);
      await mother.getByRole("button", { name: /^Pagar Señal, 300,00\s€$/ }).click();
      await expect(mother).toHaveURL(new RegExp(`^${stripeUrl()}/pay/cs_test_[a-f0-9]+$`));
      const depositSession = new URL(mother.url()).pathname.split("/").pop()!;
      await mother.getByRole("link", { name: "Pay" }).click();
      await expect(mother).toHaveURL(/\/care\?paid=\d+$/);
      expect(await settle(mother, depositSession)).toMatchObject({ amount_total: 27_000, currency: "eur" });
      await mother.reload();
      await expect(mother.getByText(new RegExp(`^Pagado el .+: 270,00\\s€, con el código ${code}$`))).toBeVisible();
      await accessibleAtBothWidths(mother);

      // Her registry, and a friend's 50 € towards her care: it counts as received, and lowers what she owes.
      const registry = await postAs(mother, "/reactapi/account/registry", { line: "Gracias por acompañarnos.", gifts: { care: true } });
      const friend = await browser.newContext({ locale: "es-ES" });
      try {
        const friendPage = await friend.newPage();
        await friendPage.goto(`/registry/${registry.name}`);
        const { url } = await postAs(friendPage, `/reactapi/registry/${registry.name}/contributions`, {
          amount: 5_000,
          giver_name: "Ana Ruiz",
          giver_email: newEmail("amiga"),
          message: "Con cariño",
        });
        expect(await settle(friendPage, new URL(url).pathname.split("/").pop()!)).toMatchObject({ amount_total: 5_000 });
      } finally {
        await friend.close();
      }
      await mother.goto("/care");
      await expect(mother.getByText(/50,00\s€/).first()).toBeVisible();
    } finally {
      await motherContext.close();
    }

    // Her studio tells her of each, in Spanish, and the figures add up: 270 € received, 1500 − 300 − 50 left.
    await doula.goto("/studio/notifications");
    for (const told of [
      "Lucía Romero firmó su acuerdo.",
      "Lucía Romero pagó su señal: 270,00 €.",
      "Ana Ruiz regaló 50,00 € a través de la lista de Lucía Romero.",
    ])
      await expect(doula.getByRole("link", { name: told })).toHaveCount(1);
    await accessibleAtBothWidths(doula, { phone: 360 });
    await doula.goto(clientPath);
    await expect(doula.getByRole("row", { name: /Señal/ })).toContainText("270,00 €");
    await doula.goto("/studio/clients");
    const row = doula.getByRole("row").filter({ has: doula.locator(`a[href="${clientPath}"]`) });
    await expect(row.getByRole("cell").filter({ hasText: /^1\.?150,00\s€$/ })).toHaveCount(1);
    // "Received this month" counts the deposit as charged and the gift, each once.
    expect(await takingsInEuros()).toBe(takenBefore + 27_000 + 5_000);
    await expect(doula.getByText(/^Recibido este mes: /)).toBeVisible();
  } finally {
    await postAs(doula, "/reactapi/studio/site/names", namesBefore);
    await doula.goto("/studio?lang=en");
    await doula.context().close();
  }
});
