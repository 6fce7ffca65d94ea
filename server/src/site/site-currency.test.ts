import type { FastifyInstance } from "fastify";
import { describe, expect, it } from "vitest";
import { backends, jsonHeaders, signedInInstructor, signedInMember, useTestApp } from "../../../testing/test-app.ts";

// Her currency (docs/studio.md, Site): the one her new prices start in. A Spanish site starts in
// euros, an English one in dollars, until she chooses; a code Intl does not know is refused.

const post = (app: FastifyInstance, url: string, payload: unknown, cookie = "") =>
  app.inject({ method: "POST", url, headers: { ...jsonHeaders, ...(cookie ? { cookie } : {}) }, payload: payload as object });
const siteCurrency = async (app: FastifyInstance) => (await app.inject({ url: "/reactapi/site" })).json().currency as string;

describe.each(backends)("her currency on %s", (backend) => {
  const context = useTestApp(backend);

  it("follows the site's language until she chooses one, then stays hers whatever the language", async () => {
    const instructor = await signedInInstructor(context.app, context.database.db, "currency-doula");
    const language = (code: string) => post(context.app, "/reactapi/studio/site/language", { language: code }, instructor.cookie);
    expect(await siteCurrency(context.app)).toBe("USD");
    try {
      expect((await language("es")).statusCode).toBe(200);
      expect(await siteCurrency(context.app)).toBe("EUR");
      const chosen = await post(context.app, "/reactapi/studio/site/currency", { currency: " mxn " }, instructor.cookie);
      expect([chosen.statusCode, chosen.json()]).toEqual([200, { currency: "MXN" }]);
      expect(await siteCurrency(context.app)).toBe("MXN");
      expect((await language("en")).statusCode).toBe(200);
      expect(await siteCurrency(context.app)).toBe("MXN");
    } finally {
      await language("en");
      await post(context.app, "/reactapi/studio/site/currency", { currency: "USD" }, instructor.cookie);
    }
  });

  it("asks who may set it before anything about the body, and refuses a currency that does not exist with a sentence", async () => {
    expect((await post(context.app, "/reactapi/studio/site/currency", "not json")).statusCode).toBe(401);
    const member = await signedInMember(context.app, "currency-member");
    expect((await post(context.app, "/reactapi/studio/site/currency", { currency: "EUR" }, member.cookie)).statusCode).toBe(403);
    const instructor = await signedInInstructor(context.app, context.database.db, "currency-refused");
    const madeUp = await post(context.app, "/reactapi/studio/site/currency", { currency: "ABC" }, instructor.cookie);
    expect([madeUp.statusCode, madeUp.json().details]).toEqual([
      400,
      { currency: "We do not know that currency. Please choose one from the list." },
    ]);
    const spanish = await context.app.inject({
      method: "POST",
      url: "/reactapi/studio/site/currency",
      headers: { ...jsonHeaders, cookie: instructor.cookie, "accept-language": "es" },
      payload: { currency: "euros" },
    });
    expect([spanish.statusCode, spanish.json().details]).toEqual([
      400,
      { currency: "La moneda es un código de tres letras, como USD o EUR." },
    ]);
    // A package priced in a made-up currency is refused the same way.
    const pkg = await post(
      context.app,
      "/reactapi/studio/care/packages",
      { name: "Birth support", fee: 120_000, currency: "XYZ", deposit: 0, instalments: 1, instalment_every_weeks: 4 },
      instructor.cookie,
    );
    expect([pkg.statusCode, pkg.json().details?.currency]).toEqual([400, "We do not know that currency. Please choose one from the list."]);
  });
});
