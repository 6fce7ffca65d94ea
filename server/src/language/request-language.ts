import type { FastifyInstance, FastifyRequest } from "fastify";
import Negotiator from "negotiator";
import { isLanguage, type Language, languageCookie, languages, sourceLanguage } from "../../../contract/languages.ts";
import { needsReader } from "../http/request-kinds.ts";
import { sessionCookieOptions } from "../http/session-cookies.ts";
import { translate } from "./catalogues.ts";

declare module "fastify" {
  interface FastifyRequest {
    /** The language the answer is written in (docs/languages.md, "Which language"). */
    language: Language;
    /** The language she herself asked for (her account's, her cookie's or her browser's), or null when only the site's applies. */
    languageAsked: Language | null;
  }
}

/** Where the site's language comes from (the site feature's settings), handed in by app.ts. */
export type SiteLanguage = { current(): Promise<Language> };

/** The languages a browser asks for, in its order of preference, among those we have. */
export function languagesAskedFor(acceptLanguage: string | undefined): Language[] {
  if (!acceptLanguage?.trim()) return [];
  return new Negotiator({ headers: { "accept-language": acceptLanguage } }).languages([...languages]).filter(isLanguage);
}

/**
 * The language she herself asks for: her own choice (on her account, or a visitor's in the
 * language cookie), else the first her browser asks for that we have; null when none of ours.
 */
export function languageAskedBy(request: FastifyRequest): Language | null {
  const chosen = request.member?.language ?? request.cookies[languageCookie];
  if (isLanguage(chosen)) return chosen;
  return languagesAskedFor(request.headers["accept-language"])[0] ?? null;
}

/**
 * Whether a page was asked for from this site (a link or switch on it) or by her own hand (an address
 * she typed, a bookmark: Sec-Fetch-Site "none"), not from another site's link; without the header, by its Referer.
 */
function cameFromThisSite(request: FastifyRequest): boolean {
  const site = request.headers["sec-fetch-site"];
  if (typeof site === "string") return site === "same-origin" || site === "none";
  const referer = request.headers.referer;
  if (!referer) return false;
  try {
    return new URL(referer).host === request.headers.host;
  } catch {
    return false;
  }
}

/** The language an address asks for with `?lang=`, when it is one we have. */
export function languageInAddress(url: string): Language | null {
  const query = url.indexOf("?");
  if (query < 0) return null;
  const asked = new URLSearchParams(url.slice(query + 1)).get("lang");
  return isLanguage(asked) ? asked : null;
}

/** The language she asks for, else the site's. */
async function languageOrSite(asked: Language | null, siteLanguage: SiteLanguage): Promise<Language> {
  if (asked) return asked;
  try {
    return await siteLanguage.current();
  } catch {
    // The database is out of reach: the request goes on in the product's own language, and
    // whatever needs the database answers the outage itself.
    return sourceLanguage;
  }
}

type Sentences = { error?: unknown; message?: unknown; details?: unknown };

/** Whether an answer carries a sentence for a person: its `error`, its `message`, a 400's `details`. */
const carriesSentences = (payload: unknown): payload is Sentences =>
  typeof payload === "object" &&
  payload !== null &&
  !Array.isArray(payload) &&
  (typeof (payload as Sentences).error === "string" || typeof (payload as Sentences).message === "string");

function translated(payload: Sentences, language: Language): Sentences {
  if (language === sourceLanguage) return payload;
  const answer: Sentences = { ...payload };
  if (typeof payload.error === "string") answer.error = translate(language, payload.error);
  if (typeof payload.message === "string") answer.message = translate(language, payload.message);
  if (payload.details && typeof payload.details === "object") {
    answer.details = Object.fromEntries(
      Object.entries(payload.details).map(([field, text]) => [field, typeof text === "string" ? translate(language, text) : text]),
    );
  }
  return answer;
}

/** Saves a signed-in member's choice of language on her account (the accounts feature's, handed in by app.ts). */
export type SaveMemberLanguage = (memberId: number, language: Language) => Promise<void>;

/**
 * Decides every API request's and page's language once, after the session is known (installAuthentication
 * comes first), and writes every answer's sentences in it: the routes and the error handler
 * write English, the catalogue's ids, and this translates them on their way out. The status never
 * changes with the language.
 */
export function installLanguages(
  app: FastifyInstance,
  {
    siteLanguage,
    saveMemberLanguage,
    production,
  }: { siteLanguage: SiteLanguage; saveMemberLanguage: SaveMemberLanguage; production: boolean },
): void {
  app.decorateRequest("language", sourceLanguage);
  app.decorateRequest("languageAsked", null);
  app.addHook("onRequest", async (request, reply) => {
    // The build's files are the same in every language; a page is chosen by its language (app.ts).
    if (!needsReader(request.url)) return;
    // A page's address with ?lang= switches to that language and remembers it: a visitor's browser
    // in its cookie, a member's account (her choice comes before any cookie).
    const inAddress = request.url.startsWith("/reactapi/") ? null : languageInAddress(request.url);
    // Her account keeps a language she chose here (the switch in the footer links within the site),
    // not one a link from another site carried: such a page is only read in it.
    if (inAddress && request.member && request.member.language !== inAddress && cameFromThisSite(request)) {
      // The page is still sent in the language asked for; only remembering it waits for the database.
      await saveMemberLanguage(request.member.id, inAddress).catch((error: unknown) =>
        request.log.warn({ err: error }, "the language asked for in the address could not be saved on the account"),
      );
    }
    if (inAddress) {
      reply.setCookie(languageCookie, inAddress, {
        ...sessionCookieOptions(request, production),
        httpOnly: false,
        maxAge: 400 * 24 * 60 * 60,
      });
    }
    request.languageAsked = inAddress ?? languageAskedBy(request);
    request.language = await languageOrSite(request.languageAsked, siteLanguage);
  });
  app.addHook("preSerialization", async (request, reply, payload: unknown) => {
    if (!carriesSentences(payload)) return payload;
    // The sentence depends on these headers as much as on the address; caches must keep them apart.
    reply.header("content-language", request.language);
    reply.header("vary", "Accept-Language, Cookie");
    return translated(payload, request.language);
  });
}
