import type { FastifyInstance } from "fastify";
import { route } from "../http/endpoint-route.ts";
import type { SiteConfig } from "../config.ts";
import type { PracticeNamesAnswer, SiteDetails } from "../../../contract/site.ts";
import { languages } from "../../../contract/languages.ts";
import type { PracticeNamesInput, PracticeNamesStore, SiteLanguageStore } from "./site-repository.ts";

type SiteOptions = { site: SiteConfig; onlinePayment: boolean; siteLanguage: SiteLanguageStore };

/** The instructor's contact details, links and player, from one configuration, and the site's language, for the web app to show. */
export async function siteRoutes(app: FastifyInstance, { site, onlinePayment, siteLanguage }: SiteOptions) {
  const details: Omit<SiteDetails, "language" | "currency"> = {
    contact_email: site.contactEmail,
    contact_phone: site.contactPhone,
    contact_city: site.contactCity,
    podcast_player_url: site.podcastPlayerUrl,
    online_payment: onlinePayment,
    links: site.links,
    languages: [...languages],
  };
  route(app, "siteDetails", async (_input, _request, reply) =>
    reply
      .header("cache-control", "public, max-age=300")
      .send({ ...details, language: await siteLanguage.current(), currency: await siteLanguage.currency() } satisfies SiteDetails),
  );
}

/** Studio → Site: the site's language, and her names. */
export async function siteSettingsStudioRoutes(
  app: FastifyInstance,
  { siteLanguage, practice }: { siteLanguage: SiteLanguageStore; practice: PracticeNamesStore },
) {
  route(app, "saveSiteLanguage", async ({ body }) => {
    await siteLanguage.save(body.language);
    return { language: body.language };
  });
  route(app, "saveSiteCurrency", async ({ body }) => {
    await siteLanguage.saveCurrency(body.currency);
    return { currency: body.currency };
  });
  const answer = (names: PracticeNamesInput): PracticeNamesAnswer => ({
    doula_name: names.doulaName,
    business_name: names.businessName,
    titles: names.titles,
  });
  route(app, "practiceNames", async () => answer(practice.current()));
  route(app, "savePracticeNames", async ({ body }) => {
    // A title left empty is no title in that language: her name stands alone there.
    const titles = Object.fromEntries(Object.entries(body.titles).filter(([, title]) => title)) as PracticeNamesInput["titles"];
    const names = { doulaName: body.doula_name, businessName: body.business_name, titles };
    await practice.save(names, await siteLanguage.current());
    return answer(names);
  });
}
