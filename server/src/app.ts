import { startTimedWork } from "./timed-work/timed-work.ts";
import { closeDocumentPool } from "./documents/render-document.ts";
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import fastifyCookie from "@fastify/cookie";
import fastifyStatic from "@fastify/static";
import Fastify, { type FastifyServerOptions } from "fastify";
import { appRouteOf, signedInHintCookie } from "../../contract/constants.ts";
import { installAuthentication } from "./accounts/authentication.ts";
import { saveAccountLanguage } from "./accounts/users-repository.ts";
import { installLanguages } from "./language/request-language.ts";
import { type Language, languages } from "../../contract/languages.ts";
import { PracticeNamesStore, SiteLanguageStore } from "./site/site-repository.ts";
import { seededNames } from "./lib/practice-names.ts";
import { SessionStore } from "./accounts/session-store.ts";
import type { Config } from "./config.ts";
import { type CacheTrust, neverTrusted, onlyWriter } from "./db/data-changes.ts";
import type { Database } from "./db/client.ts";
import { answerRouterError, installErrorHandler } from "./http/error-handler.ts";
import { installNulGuard } from "./http/nul-guard.ts";
import { installSameOriginGuard } from "./http/same-origin-guard.ts";
import { computeSecurityHeaders } from "./http/security-headers.ts";
import { MailSender } from "./mail/mail-sender.ts";
import { CacheStats } from "./metrics/cache-stats.ts";
import { installMetrics, type PoolStats } from "./metrics/metrics.ts";
import { capabilities } from "./features.ts";
import { installCapabilities } from "./capabilities/install.ts";
import { type Clock, systemClock } from "./lib/clock.ts";
import { openMediaStorage } from "./storage/media-storage.ts";
import type { MediaStorage } from "./storage/storage.ts";
import { browserOrigins } from "./storage/storage.ts";
import { serverPaths } from "./paths.ts";

export type AppOptions = {
  db: Database;
  config: Config;
  /** When the in-memory caches may answer (the database handle's); by default, only on the embedded database. */
  cacheTrust?: CacheTrust;
  /** The connection pool's figures for /metrics (PostgreSQL). */
  poolStats?: () => PoolStats;
  logger?: FastifyServerOptions["logger"];
  /** Where the built web app is; it is served only when the folder exists. */
  webRoot?: string;
  /** Whether this app delivers the mail outbox (tests of the sender itself start their own). */
  startMailSender?: boolean;
  /** Where "now" comes from (a test passes a clock it moves). */
  clock?: Clock;
};

export type RegisteredRoute = { method: string; url: string };
declare module "fastify" {
  interface FastifyInstance {
    registeredRoutes: RegisteredRoute[];
    /** Forgets what every capability no longer needs (main.ts runs it every few hours). */
    sweepOldRecords: () => Promise<unknown>;
    /** Where files and media are kept (docs/storage.md), for the seed and the admin socket, which start beside the app. */
    mediaStorage: MediaStorage;
    /** Each capability's starting content, written in the seed's transaction of a new installation (server/src/seed.ts). */
    seedCapabilities: (tx: Database) => Promise<void>;
  }
}

export const VIDEO_PLAYER_ORIGINS = ["https://player.vimeo.com", "https://www.youtube-nocookie.com"];

// Never log a secret: cookies and credentials stay out of every log line.
export const logRedactions = [
  "req.headers.cookie",
  "req.headers.authorization",
  'req.headers["stripe-signature"]',
  'res.headers["set-cookie"]',
];

type LoggedRequest = { method: string; url: string; host?: string; ip?: string; socket?: { remotePort?: number } };
/** Fastify's request log fields, with the address made loggable. */
const serializeRequest = (request: LoggedRequest) => ({
  method: request.method,
  url: loggableUrl(request.url),
  host: request.host,
  remoteAddress: request.ip,
  remotePort: request.socket?.remotePort,
});

/**
 * An address as the log may show it: the tokens of mailed links removed, in the query (?token=…,
 * ?offer=…) or as a segment of the path (a page or a calendar feed reached by a mailed link): any segment of 24 or
 * more URL-safe characters is a secret here, since no address of ours names anything that way.
 */
export const loggableUrl = (url: string) =>
  url.replace(/([?&](?:token|offer)=)[^&#]*/g, "$1[redacted]").replace(/\/[A-Za-z0-9_-]{24,}(?=[/?#]|$)/g, "/[redacted]");

export async function buildApp({
  db,
  config,
  cacheTrust,
  poolStats,
  logger = false,
  webRoot = serverPaths.webApp,
  startMailSender = true,
  clock = systemClock,
}: AppOptions) {
  const production = config.env === "production";
  const securityHeaders = computeSecurityHeaders({
    production,
    frameSources: [...VIDEO_PLAYER_ORIGINS, new URL(config.site.podcastPlayerUrl).origin],
    mediaSources: browserOrigins(config.storage),
  });
  const app = Fastify({
    logger: logger && typeof logger === "object" ? { ...logger, serializers: { req: serializeRequest, ...logger.serializers } } : logger,
    trustProxy: config.trustProxy,
    bodyLimit: 1024 * 1024,
    // A slow or stuck client must not hold a connection open forever.
    requestTimeout: 30_000,
    return503OnClosing: true,
    frameworkErrors: answerRouterError(securityHeaders),
  });

  // Every route, as registered: the fuzz tests and the API description enumerate these.
  const routes: RegisteredRoute[] = [];
  app.addHook("onRoute", (route) => {
    for (const method of [route.method].flat()) routes.push({ method, url: route.url });
  });
  app.decorate("registeredRoutes", routes);
  installErrorHandler(app);
  await app.register(fastifyCookie);
  app.addHook("onRequest", async (request, reply) => {
    reply.headers(securityHeaders);
    // Nearly every API answer depends on who is asking (her profile, her progress, what is open to
    // her), so none is kept by the browser or a shared cache unless its route says it is public.
    if (request.url.startsWith("/reactapi/")) reply.header("cache-control", "private, no-store");
  });
  const trust = cacheTrust ?? (config.databaseUrl ? neverTrusted : onlyWriter);
  const cacheStats = new CacheStats();
  installMetrics(app, { token: config.metricsToken, cacheStats, poolStats });
  const sessions = new SessionStore(db, trust, cacheStats);
  const siteLanguage = new SiteLanguageStore(db, trust);
  const practice = new PracticeNamesStore(db, trust, seededNames(config.instructorName, config.businessName));
  await practice.load();
  app.addHook("onClose", async () => {
    sessions.close();
    siteLanguage.close();
    practice.close();
    await closeDocumentPool();
  });
  installAuthentication(app, sessions);
  installLanguages(app, {
    siteLanguage,
    production,
    saveMemberLanguage: (memberId, language) => saveAccountLanguage(db, memberId, language),
  });
  installSameOriginGuard(app);
  installNulGuard(app);

  const mailSender = new MailSender(db, { smtpUrl: config.mail.smtpUrl, from: config.mail.from, log: app.log, logLinks: !production });
  const mail = { sender: mailSender, context: { practice, publicUrl: config.publicUrl } };
  if (!config.mail.smtpUrl && production)
    app.log.warn("SMTP_URL is not set: no mail is sent (welcome, password reset, e-mail change). `npm run admin -- mail list` shows them.");
  if (startMailSender) mailSender.start();
  app.addHook("onClose", () => mailSender.stop());

  const storage = await openMediaStorage(config.storage);
  app.addHook("onClose", () => storage.close());
  app.decorate("mediaStorage", storage);

  const services = { db, config, sessions, cacheTrust: trust, cacheStats, mail, clock, siteLanguage, practice, storage, log: app.log };
  const { timedWork, isOn, sweep, seedNewInstallation } = await installCapabilities(app, capabilities, services);
  app.decorate("sweepOldRecords", sweep);
  app.decorate("seedCapabilities", seedNewInstallation);
  // Every server may run the timed work (each piece claims what it does); one that sends no mail runs none.
  if (startMailSender) {
    const stopTimedWork = startTimedWork(timedWork, app.log);
    app.addHook("onClose", async () => stopTimedWork());
  }

  const serveWebApp = existsSync(path.join(webRoot, "index.html"));
  if (serveWebApp) {
    // Most members read on a phone, often on a slow connection: the build writes .br and .gz files
    // (scripts/precompress.mjs), sent when the browser accepts them, at no cost per request.
    await app.register(fastifyStatic, { root: webRoot, wildcard: false, index: false, maxAge: 0, preCompressed: true });
    // Hashed build assets never change; the page itself must always be fresh.
    app.addHook("onSend", async (request, reply) => {
      if (request.url.startsWith("/assets/")) reply.header("cache-control", "public, max-age=31536000, immutable");
    });
  }

  const appRoutes = serveWebApp ? readAppRoutes(webRoot) : new Map<string, AppRoutePages>();
  const appRoutePaths = [...appRoutes.keys()];
  // The page of an address the app does not have, in each language (a build without
  // scripts/prerender.mjs has only index.html, which the app then renders the same way).
  const notFoundPages = new Map(
    languages
      .map((language) => [language, `pages/${language}/not-found.html`] as const)
      .filter(([, page]) => serveWebApp && existsSync(path.join(webRoot, page))),
  );
  app.setNotFoundHandler(async (request, reply) => {
    const wantsPage =
      (request.method === "GET" || request.method === "HEAD") &&
      !request.url.startsWith("/reactapi/") &&
      !request.url.startsWith("/assets/");
    if (serveWebApp && wantsPage) {
      // A visitor gets the public pages already rendered (scripts/prerender.mjs); a member, whose
      // pages depend on the session, gets the app, which picks the screen from the URL. Either
      // page names the route's own chunks, so the browser fetches them beside the app's entry.
      const pathname = request.url.split("?")[0]!;
      const known = appRouteOf(pathname, appRoutePaths);
      const pages = known === undefined ? undefined : appRoutes.get(known);
      // A page of a capability she turned off (Studio → Site → Features) is no page of the site.
      const route = pages?.capability && !(await isOn(pages.capability)) ? undefined : known;
      // The same address serves every language (request.language: docs/languages.md); caches keep
      // them apart by the cookies and the browser's languages it was chosen from.
      const language = request.language;
      const shown = route === undefined ? undefined : pages;
      const page =
        (request.cookies[signedInHintCookie] ? undefined : shown?.prerendered?.[language]) ??
        shown?.pages[language] ??
        notFoundPages.get(language) ??
        "index.html";
      return reply
        .code(route === undefined ? 404 : 200)
        .header("cache-control", "no-cache")
        .header("content-language", language)
        .header("vary", "Cookie, Accept-Language")
        .sendFile(page);
    }
    return reply.code(404).send({ error: "Not found." });
  });

  return app;
}

/** A route's pages under web/dist, in each language: the app's page for it, and for a public route the page rendered for visitors. */
type AppRoutePages = { pages: Record<Language, string>; prerendered?: Record<Language, string>; capability?: string };

/** The addresses of the built web app and their pages (web/src/lib/routes.ts, written by scripts/prerender.mjs). */
function readAppRoutes(webRoot: string): Map<string, AppRoutePages> {
  const file = path.join(webRoot, "app-routes.json");
  if (!existsSync(file)) return new Map();
  const routes = JSON.parse(readFileSync(file, "utf8")) as ({ path: string } & AppRoutePages)[];
  return new Map(routes.map(({ path: route, ...pages }) => [route, pages]));
}
