import type { FastifyInstance } from "fastify";
import { route } from "../http/endpoint-route.ts";
import type { SiteConfig } from "../config.ts";
import type { SiteDetails } from "../../../contract/site.ts";

/** The instructor's contact details, links and player, from one configuration, for the web app to show. */
export async function siteRoutes(app: FastifyInstance, { site, onlinePayment }: { site: SiteConfig; onlinePayment: boolean }) {
  const details: SiteDetails = {
    contact_email: site.contactEmail,
    contact_phone: site.contactPhone,
    contact_city: site.contactCity,
    podcast_player_url: site.podcastPlayerUrl,
    online_payment: onlinePayment,
    links: site.links,
  };
  route(app, "siteDetails", async (_input, _request, reply) => reply.header("cache-control", "public, max-age=300").send(details));
}
