import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { createAccessCode } from "../access-codes/access-codes-repository.ts";
import { mailOutbox } from "../mail/mail-schema.ts";
import {
  backends,
  DEMO_CODE,
  GOOD_PASSWORD,
  jsonHeaders,
  login,
  sessionCookieOf,
  signedInInstructor,
  signedInMember,
  uniqueEmail,
  useTestApp,
} from "../../../testing/test-app.ts";

// docs/languages.md: every answer's sentence follows the request's language (her choice, else
// Accept-Language in its order of preference, else the site's); the status never does.

describe.each(backends)("the languages of answers on %s", (backend) => {
  const context = useTestApp(backend, { webApp: true });
  const app = () => context.app;

  const registerWith = (body: Record<string, unknown>, headers: Record<string, string> = {}) =>
    app().inject({ method: "POST", url: "/reactapi/users/register", headers: { ...jsonHeaders, ...headers }, payload: body });
  const unknownCode = { email: uniqueEmail("code"), password: GOOD_PASSWORD, access_code: "NO-SUCH-CODE" };

  async function setSiteLanguage(language: string) {
    const { cookie } = await signedInInstructor(app(), context.database.db, `site-${language}`);
    const saved = await app().inject({
      method: "POST",
      url: "/reactapi/studio/site/language",
      headers: { ...jsonHeaders, cookie },
      payload: { language },
    });
    expect(saved.statusCode).toBe(200);
  }

  it("answers a registration with an unknown code with the same status, in Spanish when the browser asks for it", async () => {
    const english = await registerWith(unknownCode, { "accept-language": "en" });
    const spanish = await registerWith(unknownCode, { "accept-language": "es" });
    expect(english.statusCode).toBe(404);
    expect(english.json()).toEqual({ error: "Access code not found." });
    expect(spanish.statusCode).toBe(english.statusCode);
    expect(spanish.json()).toEqual({ error: "No encontramos ese código de acceso." });
    expect(spanish.headers["content-language"]).toBe("es");
    expect(String(spanish.headers.vary)).toMatch(/accept-language/i);
  });

  it("keeps the product description's English sentences as they are", async () => {
    const inactive = await registerWith({ email: uniqueEmail(), password: GOOD_PASSWORD }, { "accept-language": "en-US,en;q=0.9" });
    expect(inactive.statusCode).toBe(400);
    expect(inactive.json().details.access_code).toBe("Please enter your beta access code.");
    const withoutHeader = await registerWith(unknownCode);
    expect(withoutHeader.json()).toEqual({ error: "Access code not found." });
  });

  it("writes a 400's field-by-field sentences in Spanish too", async () => {
    const response = await registerWith(
      { email: "not-an-address", password: "short", access_code: DEMO_CODE },
      { "accept-language": "es-ES,es;q=0.9" },
    );
    expect(response.statusCode).toBe(400);
    const answer = response.json();
    expect(answer.details.email).toBe("Escribe un correo válido, como nombre@ejemplo.com.");
    expect(answer.details.password).toBe(
      "Esa contraseña es demasiado débil. Usa 8 caracteres o más, con al menos una letra, un número y un carácter especial.",
    );
    expect(answer.error).toBe(answer.details.email);
  });

  it("follows the browser's order of preference among the languages we have", async () => {
    const response = await registerWith(unknownCode, { "accept-language": "fr-CA, fr;q=0.9, es;q=0.8, en;q=0.5" });
    expect(response.json().error).toBe("No encontramos ese código de acceso.");
    const englishFirst = await registerWith(unknownCode, { "accept-language": "en-GB, es;q=0.8" });
    expect(englishFirst.json().error).toBe("Access code not found.");
  });

  it("remembers a visitor's own choice in the language cookie, over her browser's", async () => {
    const response = await registerWith(unknownCode, { "accept-language": "en", cookie: "lang=es" });
    expect(response.json().error).toBe("No encontramos ese código de acceso.");
  });

  it("translates a sentence with values whole, and fills its values in either language", async () => {
    const code = `USED-${Date.now().toString(36).toUpperCase()}`;
    await createAccessCode(context.database.db, { code, maxUses: 1 });
    const first = await registerWith({ email: uniqueEmail("first"), password: GOOD_PASSWORD, access_code: code });
    expect(first.statusCode).toBe(201);
    const english = await registerWith({ email: uniqueEmail(), password: GOOD_PASSWORD, access_code: code }, { "accept-language": "en" });
    const spanish = await registerWith({ email: uniqueEmail(), password: GOOD_PASSWORD, access_code: code }, { "accept-language": "es" });
    expect(english.statusCode).toBe(401);
    expect(spanish.statusCode).toBe(401);
    expect(english.json().error).toMatch(
      /^Unauthorized\. Access code invalid: this code has been used as many times as it allows\. Please ask whoever gave it to you for a new one, or write to \S+@\S+\.$/,
    );
    expect(spanish.json().error).toMatch(
      /^No autorizado\. El código de acceso no es válido: ya se ha usado todas las veces que permite\. .* escribe a \S+@\S+\.$/,
    );
    expect(spanish.json().error).not.toContain("{");
  });

  it("writes a schema's sentence with values whole, its values in the language too", async () => {
    const { cookie } = await signedInInstructor(app(), context.database.db, "values-doula");
    const newService = (headers: Record<string, string>) =>
      app().inject({
        method: "POST",
        url: "/reactapi/studio/calendar/services",
        headers: { ...jsonHeaders, cookie, ...headers },
        payload: { name: "Consulta", duration_minutes: 5 },
      });
    // She registered asking for no language: her browser's applies, request by request.
    const english = await newService({ "accept-language": "en" });
    const spanish = await newService({ "accept-language": "es" });
    expect(english.statusCode).toBe(400);
    expect(spanish.statusCode).toBe(400);
    expect(english.json().details.duration_minutes).toBe("Please enter at least 15 for the duration (minutes).");
    expect(spanish.json().details.duration_minutes).toBe("Escribe al menos 15 en la duración (minutos).");
  });

  it("writes an answer's sentence with values whole in her language, its words about the values too", async () => {
    const { cookie } = await signedInInstructor(app(), context.database.db, "answer-doula");
    const create = (title: string, language: string) =>
      app().inject({
        method: "POST",
        url: "/reactapi/studio/courses",
        headers: { ...jsonHeaders, cookie, "accept-language": language },
        payload: { title },
      });
    expect((await create("Lactancia", "es")).json().message).toBe(
      "Creado el curso «Lactancia» como borrador. Las alumnas lo verán cuando lo publiques.",
    );
    expect((await create("Feeding", "en")).json().message).toBe(
      'Created the course "Feeding" as a draft. Members see it once you publish it.',
    );
    const code = (language: string, name: string) =>
      app().inject({
        method: "POST",
        url: "/reactapi/studio/access-codes",
        headers: { ...jsonHeaders, cookie, "accept-language": language },
        payload: { code: name, max_uses: null, expires_on: null },
      });
    const spanishCode = await code("es", "PRIMAVERA-ES");
    expect(spanishCode.statusCode, spanishCode.body).toBeLessThan(300);
    expect(spanishCode.json().message).toBe("Código de acceso PRIMAVERA-ES creado: usos ilimitados, sin caducidad.");
  });

  it("writes a 429 whole in her language, its parts and its minutes too", async () => {
    const { cookie } = await signedInMember(app(), "wrong-passwords");
    const attempt = (index: number) =>
      app().inject({
        method: "POST",
        url: "/reactapi/account/password",
        remoteAddress: "10.9.8.7",
        headers: { ...jsonHeaders, cookie, "accept-language": "es" },
        payload: { current_password: `Wrong-guess-${index}!`, new_password: "another-Calm-2027" },
      });
    let limited;
    for (let index = 0; index < 10 && !limited; index += 1) {
      const response = await attempt(index);
      if (response.statusCode === 429) limited = response;
      else expect(response.json().error).toBe("Esa contraseña no es correcta.");
    }
    expect(limited?.json().error).toMatch(/^Demasiadas contraseñas incorrectas\. Espera \d+ minutos? y vuelve a intentarlo\.$/);
    expect(Number(limited?.headers["retry-after"])).toBeGreaterThan(0);
  });

  it("answers the site's language and the languages there are", async () => {
    const site = await app().inject({ method: "GET", url: "/reactapi/site" });
    expect(site.statusCode).toBe(200);
    expect(site.json()).toMatchObject({ language: "en", languages: ["en", "es"] });
  });

  it("uses the site's language when the browser asks for none we have, and only then", async () => {
    await setSiteLanguage("es");
    try {
      expect((await app().inject({ method: "GET", url: "/reactapi/site" })).json().language).toBe("es");
      expect((await registerWith(unknownCode, { "accept-language": "de-DE, de;q=0.9" })).json().error).toBe(
        "No encontramos ese código de acceso.",
      );
      expect((await registerWith(unknownCode)).json().error).toBe("No encontramos ese código de acceso.");
      expect((await registerWith(unknownCode, { "accept-language": "en" })).json().error).toBe("Access code not found.");
    } finally {
      await setSiteLanguage("en");
    }
    expect((await registerWith(unknownCode, { "accept-language": "de" })).json().error).toBe("Access code not found.");
  });

  it("lets only the instructor set the site's language, and refuses a language we do not have", async () => {
    const send = (payload: unknown, cookie?: string) =>
      app().inject({
        method: "POST",
        url: "/reactapi/studio/site/language",
        headers: { ...jsonHeaders, ...(cookie ? { cookie } : {}) },
        payload: payload as object,
      });
    expect((await send("not json at all")).statusCode).toBe(401);
    const member = await signedInMember(app(), "not-the-doula");
    expect((await send({ language: "es" }, member.cookie)).statusCode).toBe(403);
    const { cookie } = await signedInInstructor(app(), context.database.db, "site-refusal");
    const refused = await send({ language: "fr" }, cookie);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().details.language).toBe("We do not have that language. Please choose one from the list.");
    expect((await app().inject({ method: "GET", url: "/reactapi/site" })).json().language).toBe("en");
  });

  it("keeps the language she registered in as hers, until she chooses another", async () => {
    const email = uniqueEmail("registered-in-spanish");
    const registered = await registerWith({ email, password: GOOD_PASSWORD, access_code: DEMO_CODE }, { "accept-language": "es-MX" });
    expect(registered.statusCode).toBe(201);
    const cookie = sessionCookieOf(await login(app(), email));
    const account = await app().inject({ method: "GET", url: "/reactapi/account", headers: { cookie, "accept-language": "en" } });
    expect(account.json().language).toBe("es");
    // Her choice wins over the browser she happens to use.
    const refusal = await app().inject({
      method: "POST",
      url: "/reactapi/account/name",
      headers: { ...jsonHeaders, cookie, "accept-language": "en" },
      payload: { first_name: "x".repeat(101) },
    });
    expect(refusal.statusCode).toBe(400);
    expect(refusal.json().details.first_name).toBe("Un nombre puede tener como mucho 100 caracteres.");
  });

  it("keeps no language for her when she registered asking for none we have: her browser's applies", async () => {
    const email = uniqueEmail("no-language");
    expect((await registerWith({ email, password: GOOD_PASSWORD, access_code: DEMO_CODE }, { "accept-language": "de" })).statusCode).toBe(
      201,
    );
    const cookie = sessionCookieOf(await login(app(), email));
    const inSpanish = await app().inject({ method: "GET", url: "/reactapi/account", headers: { cookie, "accept-language": "es" } });
    expect(inSpanish.json().language).toBe("es");
    const inEnglish = await app().inject({ method: "GET", url: "/reactapi/account", headers: { cookie, "accept-language": "en-US" } });
    expect(inEnglish.json().language).toBe("en");
  });

  it("saves a member's choice of language, which every later answer follows", async () => {
    const { cookie } = await signedInMember(app(), "chooses-english");
    const save = (language: unknown, headers: Record<string, string> = {}) =>
      app().inject({
        method: "POST",
        url: "/reactapi/account/language",
        headers: { ...jsonHeaders, cookie, ...headers },
        payload: { language },
      });
    const account = () => app().inject({ method: "GET", url: "/reactapi/account", headers: { cookie } });

    expect((await save("es")).json()).toEqual({ language: "es" });
    expect((await account()).json().language).toBe("es");
    const refused = await save("klingon", { "accept-language": "en" });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error).toBe("No tenemos ese idioma. Elige uno de la lista, por favor.");
    expect((await account()).json().language).toBe("es");

    expect((await save("en", { "accept-language": "es" })).statusCode).toBe(200);
    expect((await account()).json().language).toBe("en");
    const inEnglish = await app().inject({
      method: "POST",
      url: "/reactapi/account/language",
      headers: { ...jsonHeaders, cookie, "accept-language": "es" },
      payload: {},
    });
    expect(inEnglish.json().details.language).toBe("We do not have that language. Please choose one from the list.");
  });

  describe("pages", () => {
    // The built web app (npm test builds it first): every address serves every language.
    const page = (url: string, headers: Record<string, string> = {}) => app().inject({ method: "GET", url, headers });
    const headingOf = (html: string) => /<h1[^>]*>([^<]*)<\/h1>/.exec(html)?.[1];

    it("sends a visitor the page in the language her browser asks for, and says so", async () => {
      const spanish = await page("/login", { "accept-language": "es-ES,es;q=0.9,en;q=0.8" });
      expect(spanish.statusCode).toBe(200);
      expect(spanish.body).toContain('<html lang="es" dir="ltr">');
      expect(headingOf(spanish.body)).toBe("Entrar");
      expect(spanish.headers["content-language"]).toBe("es");
      expect(String(spanish.headers.vary)).toMatch(/accept-language/i);
      expect(String(spanish.headers.vary)).toMatch(/cookie/i);
      // A public page names its versions in the other languages.
      expect(spanish.body).toContain('<link rel="alternate" hreflang="en" href="/login?lang=en">');
      const english = await page("/login", { "accept-language": "en-US" });
      expect(english.body).toContain('<html lang="en" dir="ltr">');
      expect(headingOf(english.body)).toBe("Log in");
      // A language we do not have: the site's.
      expect(headingOf((await page("/login", { "accept-language": "de" })).body)).toBe("Log in");
      // An address the app does not have answers 404 in her language too.
      const missing = await page("/no-such-page", { "accept-language": "es" });
      expect(missing.statusCode).toBe(404);
      expect(missing.body).toContain('<html lang="es"');
    });

    it("switches with ?lang= and remembers it in a visitor's cookie, over her browser's languages", async () => {
      const switched = await page("/?lang=es", { "accept-language": "en" });
      expect(switched.statusCode).toBe(200);
      expect(headingOf(switched.body)).toBe("Vive tu parto con calma, informada y acompañada");
      const cookie = switched.cookies.find((set) => set.name === "lang");
      expect(cookie).toMatchObject({ value: "es", path: "/", sameSite: "Lax" });
      const later = await page("/register", { "accept-language": "en", cookie: "lang=es" });
      expect(headingOf(later.body)).toBe("¡Regístrate ahora!");
      // A language we do not have in the address changes nothing.
      const unknown = await page("/?lang=xx", { "accept-language": "en" });
      expect(unknown.cookies.find((set) => set.name === "lang")).toBeUndefined();
      expect(unknown.body).toContain('<html lang="en"');
    });

    it("saves a member's switch with ?lang= on her account, which her answers and pages then follow, but not a link's from another site", async () => {
      const { cookie } = await signedInMember(app(), "switches-by-address");
      const language = async () =>
        (await app().inject({ method: "GET", url: "/reactapi/account", headers: { cookie, "accept-language": "en" } })).json().language;
      // A link on another site: the page reads in Spanish, her account keeps her own choice.
      const fromElsewhere = await page("/home?lang=es", { cookie, "accept-language": "en", "sec-fetch-site": "cross-site" });
      expect(fromElsewhere.body).toContain('<html lang="es"');
      expect(await language()).not.toBe("es");
      const withoutHeader = await page("/home?lang=es", { cookie, "accept-language": "en", referer: "https://elsewhere.example/post" });
      expect(withoutHeader.body).toContain('<html lang="es"');
      expect(await language()).not.toBe("es");
      const switched = await page("/home?lang=es", { cookie, "accept-language": "en", "sec-fetch-site": "same-origin" });
      expect(switched.statusCode).toBe(200);
      expect(switched.body).toContain('<html lang="es"');
      const account = await app().inject({ method: "GET", url: "/reactapi/account", headers: { cookie, "accept-language": "en" } });
      expect(account.json().language).toBe("es");
      expect((await page("/home", { cookie, "accept-language": "en" })).body).toContain('<html lang="es"');
      // Typed in her address bar (or a bookmark) is her own choice too.
      await page("/home?lang=en", { cookie, "accept-language": "es", "sec-fetch-site": "none" });
      expect(await language()).toBe("en");
    });
  });

  it("tells a visitor she must sign in, in her language, before anything about the body", async () => {
    const response = await app().inject({
      method: "POST",
      url: "/reactapi/account/language",
      headers: { ...jsonHeaders, "accept-language": "es" },
      payload: { language: "xx" },
    });
    expect(response.statusCode).toBe(401);
    expect(response.json().error).toBe("Inicia sesión para continuar, por favor.");
  });

  describe("mail", () => {
    const mailTo = async (email: string, kind: string) => {
      const rows = await context.database.db
        .select()
        .from(mailOutbox)
        .where(and(eq(mailOutbox.toAddress, email), eq(mailOutbox.kind, kind)));
      expect(rows).toHaveLength(1);
      return rows[0]!;
    };
    const forgot = (email: string, headers: Record<string, string> = {}) =>
      app().inject({ method: "POST", url: "/reactapi/users/forgot-password", headers: { ...jsonHeaders, ...headers }, payload: { email } });

    it("welcomes her, and sends her password reset, in the language of her account, whoever's browser asks", async () => {
      const email = uniqueEmail("mail-es");
      const registered = await registerWith(
        { email, first_name: "Lucía", password: GOOD_PASSWORD, access_code: DEMO_CODE },
        { "accept-language": "es" },
      );
      expect(registered.statusCode).toBe(201);
      const welcome = await mailTo(email, "welcome");
      expect(welcome.subject).toMatch(/^Te damos la bienvenida a /);
      expect(welcome.textBody).toContain("Hola, Lucía:");
      expect(welcome.textBody).toContain("Con cariño,");

      expect((await forgot(email, { "accept-language": "en" })).json().message).toBe(
        "If an account exists for that address, we have sent a link to reset your password.",
      );
      const reset = await mailTo(email, "password_reset");
      expect(reset.subject).toBe("Restablece tu contraseña");
      expect(reset.textBody).toContain("Alguien, seguramente tú, ha pedido restablecer la contraseña de tu cuenta.");
      expect(reset.textBody).toContain("Elegir una contraseña nueva:\n");
      expect(reset.htmlBody).toContain('<html lang="es">');
      expect(reset.htmlBody).toContain("Si el botón no funciona, copia esta dirección en tu navegador:");
      expect(reset.textBody).not.toMatch(/\b(the|your|you|link)\b/i);
    });

    it("keeps the mail of a member who chose English in English, though her browser asks for Spanish", async () => {
      const { email, cookie } = await signedInMember(app(), "mail-en");
      await app().inject({
        method: "POST",
        url: "/reactapi/account/language",
        headers: { ...jsonHeaders, cookie },
        payload: { language: "en" },
      });
      const answer = await forgot(email, { "accept-language": "es" });
      expect(answer.json().message).toBe("Si hay una cuenta con ese correo, te hemos enviado un enlace para restablecer tu contraseña.");
      const reset = await mailTo(email, "password_reset");
      expect(reset.subject).toBe("Reset your password");
      expect(reset.htmlBody).toContain('<html lang="en">');
    });
  });
});
