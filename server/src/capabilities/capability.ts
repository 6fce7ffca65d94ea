import type { FastifyBaseLogger, FastifyPluginAsync } from "fastify";
import type { z } from "zod";
import type { SessionStore } from "../accounts/session-store.ts";
import type { Access } from "../../../contract/api.ts";
import { type Config, invalidConfiguration } from "../config.ts";
import type { AccessCheck } from "../http/endpoint-route.ts";
import type { Database } from "../db/client.ts";
import type { CacheTrust } from "../db/data-changes.ts";
import type { CacheStats } from "../metrics/cache-stats.ts";
import type { Clock } from "../lib/clock.ts";
import type { MailSender } from "../mail/mail-sender.ts";
import type { MailContext } from "../mail/mail-templates.ts";
import type { PracticeNamesStore, SiteLanguageStore } from "../site/site-repository.ts";
import type { TimedWork } from "../timed-work/timed-work.ts";
import type { MediaStorage } from "../storage/storage.ts";

/** What the app makes once and lends to every capability (app.ts). */
export type AppServices = {
  db: Database;
  config: Config;
  sessions: SessionStore;
  /** When an in-memory cache may answer without asking the database (data-changes.ts). */
  cacheTrust: CacheTrust;
  /** The caches' hits and misses, for /metrics. */
  cacheStats: CacheStats;
  mail: { sender: MailSender; context: MailContext };
  clock: Clock;
  siteLanguage: SiteLanguageStore;
  /** Her name, title and business name (Studio → Site), as every page, PDF and mail prints them. */
  practice: PracticeNamesStore;
  /** Where files and media live: the disk or an S3-compatible bucket (docs/storage.md). */
  storage: MediaStorage;
  /** The app's log, for work that runs outside a request (the push sender's deliveries). */
  log: FastifyBaseLogger;
};

/**
 * The services capabilities offer one another, one key each. The offering capability adds its key
 * here from its own manifest (`declare module "../capabilities/capability.ts"`), so a capability
 * that needs it names the key and gets the offering capability's own type, never its internals.
 */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- filled by declaration merging
export interface Offered {}

/**
 * The points a host opens for any capability to plug into (personal data, invitations, checkouts,
 * studio areas…): each host adds its point here from its own manifest, and reads what every
 * capability put in through `ctx.all(point)`.
 */
export interface Points {
  /** An access level a capability adds to the endpoint table (contract/endpoint.ts), and how a request is checked for it. */
  accessLevels: { level: Access; check: AccessCheck };
  /**
   * What a capability writes into a new installation (its starting content, which she then edits),
   * in the one transaction that seeds it (server/src/seed.ts), so a second server starting at the
   * same moment writes none of it again.
   */
  newInstallation: (tx: Database) => Promise<void>;
}

/** A Fastify plugin and its options, registered under `prefix`. */
export type Mount = { prefix: string; plugin: FastifyPluginAsync<never>; options: object };

/** Lets a capability write a mount with its plugin's own option type checked. */
export function mount<Options extends object>(prefix: string, plugin: FastifyPluginAsync<Options>, options: Options): Mount {
  return { prefix, plugin: plugin as FastifyPluginAsync<never>, options };
}

/** What a capability's `start` is given: the app's services, the services others offer, the points' contents. */
export type CapabilityContext = AppServices & {
  /** A service another capability offers (declared in `needs`, so that one starts first). */
  use<Key extends keyof Offered>(service: Key): Offered[Key];
  /**
   * Everything the capabilities put into a point, in start-up order. The list fills as they start
   * and is complete before any route is registered, so a host reads it in its routes, not in `start`.
   */
  all<Key extends keyof Points>(point: Key): readonly Points[Key][];
  /** The same, from the capabilities that are on now (Studio → Site → Features). */
  allOn<Key extends keyof Points>(point: Key): Promise<Points[Key][]>;
  /** Whether a capability is on now; a capability that is not optional always is. */
  isOn(capability: string): Promise<boolean>;
  /** Every capability's studio areas, each answering 404 while its capability is off: the studio's frame registers them behind its guard. */
  studioAreas: readonly FastifyPluginAsync[];
};

/** What a capability brings once started. */
export type CapabilityParts = {
  /** Its API, answered with 404 while it is off. */
  routes?: Mount[];
  /** Its studio areas, under /reactapi/studio behind the studio's guard (instructor only), 404 while off. */
  studio?: Mount[];
  /** Work on a timer, which does not run while it is off. */
  timedWork?: TimedWork[];
  /** What it puts into other capabilities' points. */
  points?: { [Key in keyof Points]?: Points[Key][] };
  /** Forgets what is no use any more (ended grants, old records), with the server's sweep every few hours (main.ts). */
  sweeps?: (() => Promise<unknown>)[];
  /** Runs when the app closes (a cache stops listening for changes). */
  close?: () => void | Promise<void>;
};

export type CapabilityManifest<Offers extends keyof Offered = keyof Offered, Settings = unknown> = {
  /** Its folder's name, and its name in Studio → Site → Features and CAPABILITIES_OFF. */
  name: string;
  /**
   * Set for a capability she may turn off: its title's message (English source, translated by the
   * server's catalogue) and the optional capabilities it cannot work without.
   */
  optional?: { title: string; needs?: readonly string[] };
  /** The services it uses, whose capabilities therefore start before it. */
  needs?: readonly (keyof Offered)[];
  /**
   * The services it uses only once every capability has started (in its routes), whose capabilities
   * may start after it: a capability that needs this one's own service offers one of them.
   */
  later?: readonly (keyof Offered)[];
  /** Capabilities it must come before in every point (its personal-data part erased first…), with the reason beside it. */
  before?: readonly string[];
  /**
   * Its own settings, read from the environment as it starts: a zod schema of an object whose keys
   * are the variables' names (VIDEO_MAX_MB…), each refusal a sentence. A value it refuses stops the
   * server's start, as a bad value of the shared configuration does (server/src/config.ts).
   */
  settings?: z.ZodType<Settings>;
  /** The services it offers, made from the app's services before it starts. */
  offers?: { [Key in Offers]: (ctx: CapabilityContext) => Offered[Key] };
  /** Starts it: `settings` is what its schema made of the environment (undefined without one). */
  start: (ctx: CapabilityContext & { settings: Settings }) => CapabilityParts;
};

/** A capability's manifest (server/src/<capability>/capability.ts), listed in server/src/features.ts. */
export function defineCapability<Offers extends keyof Offered = never, Settings = undefined>(
  manifest: CapabilityManifest<Offers, Settings>,
): CapabilityManifest {
  return manifest as unknown as CapabilityManifest;
}

/** A capability's settings as its schema reads them from the environment; a refusal names each variable with its sentence. */
export function readSettings<Settings>(capability: string, schema: z.ZodType<Settings>, environment: Config["environment"]): Settings {
  const parsed = schema.safeParse(environment);
  if (parsed.success) return parsed.data;
  throw invalidConfiguration(parsed.error, capability);
}
