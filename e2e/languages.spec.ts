import { expect, type Page, test } from "./test.ts";
import { accessCode, accessibleAtBothWidths, mailTo, newEmail, PASSWORD } from "./helpers.ts";

// The offline page in Spanish comes from the service worker. (playwright.config.ts blocks it for the other journeys.)
test.use({ serviceWorkers: "allow" });

// docs/languages.md: a browser that asks for Spanish gets every page in Spanish, from the server's
// first answer on; her choice on /account or in the footer turns every page to it at once.

/** The page's text does not run past the edge of a 360 px phone (Spanish words are longer). */
async function fitsA360PxPhone(page: Page) {
  const viewport = page.viewportSize()!;
  await page.setViewportSize({ width: 360, height: 800 });
  expect(await page.evaluate(() => document.documentElement.scrollWidth), page.url()).toBeLessThanOrEqual(360);
  await page.setViewportSize(viewport);
}

test.describe("in Spanish", () => {
  test.use({ locale: "es-ES" });

  test("with no signal, the installed app opens in the language of the last page it was sent", async ({ page, context }) => {
    await page.goto("/login?lang=es");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Entrar");
    await page.evaluate(() => navigator.serviceWorker.ready);
    await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);
    // The worker has heard the page's language once the page has told it (a message, then a cache write).
    await expect
      .poll(() => page.evaluate(async () => (await (await caches.open("page-language")).match("/page-language"))?.text()))
      .toBe("es");
    await context.setOffline(true);
    await page.goto("/register");
    await expect(page.locator("html")).toHaveAttribute("lang", "es");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("¡Regístrate ahora!");
    await context.setOffline(false);
  });

  test("a Spanish browser: the welcome page, sign-up, sign-in and her account in Spanish, and English at once from /account", async ({
    page,
  }) => {
    // A long walk, with axe at two widths on each page.
    test.setTimeout(180_000);
    await page.goto("/");
    await expect(page.locator("html")).toHaveAttribute("lang", "es");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Vive tu parto con calma, informada y acompañada");
    await expect(page.getByRole("link", { name: "Conoce a tu doula" })).toHaveAttribute("href", "/about");
    await expect(page.getByRole("navigation", { name: "Idioma" }).getByRole("link", { name: "English" })).toBeVisible();
    await accessibleAtBothWidths(page);
    await fitsA360PxPhone(page);

    await page.getByRole("button", { name: "Abrir menú" }).click();
    await page.getByRole("navigation", { name: "Menú del sitio" }).getByRole("link", { name: "Entrar" }).click();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Entrar");
    await page.getByRole("link", { name: /¿Necesitas una cuenta\?/ }).click();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("¡Regístrate ahora!");
    await accessibleAtBothWidths(page);
    await fitsA360PxPhone(page);
    const email = newEmail("espanol");
    await page.getByLabel("Nombre (opcional)").fill("Lucía");
    await page.getByLabel("Correo electrónico").fill(email);
    await page.getByLabel("Contraseña").fill(PASSWORD);
    await page.getByLabel("Código de acceso").fill(accessCode());
    await page.getByRole("button", { name: "Registrarme" }).click();
    await expect(page).toHaveURL(/\/login$/);
    await expect(page.getByRole("status")).toHaveText("Tu cuenta está lista. Ya puedes entrar.");
    // She registered from a Spanish browser: her welcome mail is Spanish too.
    await mailTo(email, /^Te damos la bienvenida a /);

    await page.getByLabel("Correo electrónico").fill(email);
    await page.getByLabel("Contraseña").fill(PASSWORD);
    await page.getByRole("button", { name: "Enviar" }).click();
    await expect(page).toHaveURL(/\/home$/);

    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Te damos la bienvenida a la beta");
    await expect(page.getByText("Gracias, Lucía, por ser una de nuestras primeras alumnas.", { exact: false })).toBeVisible();
    await accessibleAtBothWidths(page);
    await fitsA360PxPhone(page);

    // The library, a course and a lesson.
    await page.getByRole("navigation", { name: "Secciones de alumna" }).getByRole("link", { name: "Biblioteca" }).click();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("BIBLIOTECA DE CURSOS");
    const course = page.getByRole("article", { name: /Comprehensive Childbirth Education/ });
    await course.getByRole("button", { name: /Mostrar los detalles de/ }).click();
    await course.getByRole("button", { name: "Ver el curso" }).click();
    await expect(page.getByRole("link", { name: "Volver a la biblioteca" })).toBeVisible();
    const labour = page.getByRole("button", { name: /Understanding Labour/ });
    await expect(labour).toContainText("3 subtemas");
    await expect(labour).toContainText("8 lecciones");
    await labour.click();
    await page.getByRole("button", { name: /TEMA:\s*Early Labour/ }).click();
    await accessibleAtBothWidths(page);
    await fitsA360PxPhone(page);
    await page.getByRole("link", { name: /Lección 1 Signs labour is near/ }).click();
    await expect(page.getByRole("heading", { name: "Signs labour is near", level: 1 })).toBeVisible();
    await expect(page.getByRole("heading", { name: "DESCARGAS" })).toBeVisible();
    await expect(page.getByRole("button", { name: "Marcar como completada" })).toBeVisible();
    await accessibleAtBothWidths(page);
    await fitsA360PxPhone(page);

    await page.goto("/account");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Mi cuenta");
    await expect(page.getByRole("heading", { name: "Tus dispositivos" })).toBeVisible();
    await expect(page.getByText(/\(este dispositivo\)/)).toBeVisible();
    const language = page.getByRole("group", { name: "Idioma" });
    await expect(language.getByRole("radio", { name: "Español" })).toBeChecked();
    await accessibleAtBothWidths(page);
    await fitsA360PxPhone(page);

    // English, chosen on /account: the page turns at once, and every page after it.
    // A click, not check(): the page is loaded again in English, where this group has another name.
    await language.getByRole("radio", { name: "English" }).click();
    await expect(page.locator("html")).toHaveAttribute("lang", "en");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("My account");
    await expect(page.getByRole("group", { name: "Language" }).getByRole("radio", { name: "English" })).toBeChecked();
    await page.goto("/");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Feel calm, informed and supported for your birth");
    // And on her next visit, in her Spanish browser.
    const nextVisit = await page.context().newPage();
    await nextVisit.goto("/account");
    await expect(nextVisit.getByRole("heading", { level: 1 })).toHaveText("My account");
    await expect(nextVisit.getByRole("button", { name: "Open menu" })).toBeVisible();
  });

  test("a visitor switches to English from the footer, and her browser remembers it", async ({ page }) => {
    await page.goto("/login");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Entrar");
    await page.getByRole("navigation", { name: "Idioma" }).getByRole("link", { name: "English" }).click();
    await expect(page).toHaveURL(/\/login\?lang=en$/);
    await expect(page.locator("html")).toHaveAttribute("lang", "en");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Log in");
    await page.goto("/register");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Register Now!");
    await page.getByRole("navigation", { name: "Language" }).getByRole("link", { name: "Español" }).click();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("¡Regístrate ahora!");
  });

  test("a visitor's page for booking 1:1 support is in Spanish, whether or not a service is open", async ({ page }) => {
    // No other journey needs to have run first: the services the doula offers may be none yet.
    await page.goto("/book");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Reservar acompañamiento 1:1");
    await expect(page.getByText(/^Acompañamiento personal antes, durante y después de tu parto/)).toBeVisible();
    await expect(
      page
        .getByRole("link", { name: /^Ver horarios de / })
        .or(page.getByText(/^Ahora mismo no hay sesiones abiertas/))
        .first(),
    ).toBeVisible();
    await accessibleAtBothWidths(page);
    await fitsA360PxPhone(page);
  });
});
