import path from "node:path";
import { z } from "zod";
import { DEFAULT_UPLOAD_MAX_MB } from "../../contract/lesson-files.ts";
import type { SiteDetails } from "../../contract/site.ts";
import type { PasswordHashing } from "./lib/passwords.ts";
import type { StorageSettings } from "./storage/storage.ts";

/** An optional variable, where set-but-empty counts as unset. */
const optional = <Schema extends z.ZodType<string>>(schema: Schema) => schema.optional().or(z.literal("").transform(() => undefined));

/**
 * A number a capability's settings read from the environment (its manifest's `settings`), each
 * refusal a sentence naming the variable: "VIDEO_MAX_MB must be a whole number of megabytes". Here,
 * with the rest of the configuration, because its sentences are for the operator, in English.
 */
export function numberSetting(
  name: string,
  {
    unit,
    whole = true,
    min,
    max,
    maxNote,
    fallback,
  }: { unit?: string; whole?: boolean; min: number; max: number; maxNote?: string; fallback: number },
) {
  const number = z.coerce.number({ error: `${name} must be ${unit ? `a number of ${unit}` : "a whole number"}` });
  return (whole ? number.int(`${name} must be a whole number${unit ? ` of ${unit}` : ""}`) : number)
    .min(min, `${name} must be at least ${min}`)
    .max(max, `${name} can be at most ${max}${maxNote ? ` (${maxNote})` : ""}`)
    .default(fallback);
}

/** The browsers' own push services (docs/push.md); PUSH_SERVICES replaces the list. */
const DEFAULT_PUSH_SERVICES = [
  "https://fcm.googleapis.com",
  "https://updates.push.services.mozilla.com",
  "https://web.push.apple.com",
  "https://*.notify.windows.com",
];

const Environment = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
  PORT: z.coerce.number().int().min(0).max(65535).default(5000),
  HOST: z.string().min(1).default("0.0.0.0"),
  DATA_DIR: z.string().min(1).default("./data"),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, "DATABASE_URL must start with postgres:// or postgresql://")
    .optional()
    .or(z.literal("").transform(() => undefined)),
  LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
  SESSION_DAYS: z.coerce.number().int().min(1).max(365).default(30),
  // Behind a TLS-terminating proxy, the proxy's X-Forwarded-Proto decides whether cookies are Secure.
  TRUST_PROXY: z
    .enum(["true", "false", ""])
    .default("false")
    .transform((value) => value === "true"),
  PODCAST_PLAYER_URL: z.url().default("https://www.buzzsprout.com/2434279?client_source=large_player&iframe=true&limit=10"),
  CONTACT_EMAIL: z.email().default("hello@calmbirthcircle.example"),
  CONTACT_PHONE: z.string().default("+1 (555) 010-2025"),
  CONTACT_CITY: z.string().default("Portland, Oregon"),
  LINK_PODCAST_DIRECTORY: z.url().default("https://podcasts.apple.com/us/search?term=calm%20birth"),
  LINK_BLOG: z.url().default("https://calmbirthcircle.example/blog"),
  LINK_FACEBOOK: z.url().default("https://www.facebook.com/"),
  LINK_YOUTUBE: z.url().default("https://www.youtube.com/"),
  LINK_PINTEREST: z.url().default("https://www.pinterest.com/"),
  LINK_INSTAGRAM: z.url().default("https://www.instagram.com/"),
  // Where the links in mails and Stripe's return addresses point; defaults to http://localhost:PORT.
  PUBLIC_URL: optional(z.url({ protocol: /^https?$/, error: "PUBLIC_URL must be an http(s) address" })),
  // Mail: without SMTP_URL nothing is sent, and (outside production) the log shows each mail's links.
  SMTP_URL: optional(
    z.url({ protocol: /^smtps?$/, error: "SMTP_URL must look like smtp://user:password@mail.example.com:587 (or smtps://)" }),
  ),
  MAIL_FROM: optional(z.string().min(3)),
  // Printed on certificates of completion.
  INSTRUCTOR_NAME: z.string().min(1).default("Maya Ellison, certified birth doula"),
  BUSINESS_NAME: z.string().min(1).default("Calm Birth Circle"),
  // Secrets: their values never appear in an error message, a log line or an answer.
  STRIPE_SECRET_KEY: optional(
    z.string().regex(/^(sk|rk)_[A-Za-z0-9_]+$/, "STRIPE_SECRET_KEY must be a Stripe secret key (sk_... or rk_...)"),
  ),
  STRIPE_WEBHOOK_SECRET: optional(
    z.string().regex(/^whsec_[A-Za-z0-9_+/=]+$/, "STRIPE_WEBHOOK_SECRET must be a webhook signing secret (whsec_...)"),
  ),
  STRIPE_API_URL: optional(z.url({ protocol: /^https?$/, error: "STRIPE_API_URL must be an http(s) address" })),
  // Daily copies of the embedded database kept in DATA_DIR/backups; 0 takes none.
  BACKUP_KEEP: z.coerce.number({ error: "BACKUP_KEEP must be a whole number" }).int().min(0).max(3650).default(7),
  // The built web app to serve; a deployment may build into another folder and point here.
  WEB_ROOT: optional(z.string().min(1)),
  // The largest file the instructor can upload to a lesson, in megabytes.
  UPLOAD_MAX_MB: z.coerce
    .number({ error: "UPLOAD_MAX_MB must be a number of megabytes" })
    .positive("UPLOAD_MAX_MB must be above 0")
    .max(2000, "UPLOAD_MAX_MB can be at most 2000 (2 GB)")
    .default(DEFAULT_UPLOAD_MAX_MB),
  // Sign-ups allowed from one client address an hour (a hospital's or a café's Wi-Fi is one address).
  REGISTRATIONS_PER_HOUR: z.coerce
    .number({ error: "REGISTRATIONS_PER_HOUR must be a whole number" })
    .int()
    .min(1, "REGISTRATIONS_PER_HOUR must be at least 1")
    .default(10),
  // Bookings a visitor may ask for from one client address an hour (each holds a time until confirmed),
  // and as many class registrations, waiting-list places and gift and registry payment pages: each
  // mails the address typed or opens a Stripe session.
  BOOKINGS_PER_HOUR: z.coerce
    .number({ error: "BOOKINGS_PER_HOUR must be a whole number" })
    .int()
    .min(1, "BOOKINGS_PER_HOUR must be at least 1")
    .default(10),
  // Web Push (docs/push.md): the push services a device's subscription may name, as origins
  // (https://*.host admits its subdomains); by default the browsers' own.
  PUSH_SERVICES: z
    .string()
    .default(DEFAULT_PUSH_SERVICES.join(","))
    .transform((value) =>
      value
        .split(",")
        .map((entry) => entry.trim().replace(/\/+$/, ""))
        .filter(Boolean),
    )
    .pipe(
      z.array(
        z
          .string()
          .regex(
            /^https?:\/\/(\*\.)?[A-Za-z0-9.-]+(:\d+)?$/,
            "PUSH_SERVICES lists origins such as https://fcm.googleapis.com, separated by commas",
          ),
      ),
    ),
  // The VAPID key pair (URL-safe base64, as web-push generate-vapid-keys prints it); without it one is made at first start and kept in the database.
  VAPID_PUBLIC_KEY: optional(
    z.string().regex(/^[A-Za-z0-9_-]{87}$/, "VAPID_PUBLIC_KEY must be a P-256 public key in URL-safe base64 (87 characters)"),
  ),
  VAPID_PRIVATE_KEY: optional(
    z.string().regex(/^[A-Za-z0-9_-]{43}$/, "VAPID_PRIVATE_KEY must be a P-256 private key in URL-safe base64 (43 characters)"),
  ),
  // The capabilities a new installation starts with turned off (Studio → Site → Features turns them on).
  CAPABILITIES_OFF: z
    .string()
    .default("")
    .transform((value) =>
      value
        .split(",")
        .map((name) => name.trim())
        .filter((name) => name !== ""),
    )
    .pipe(z.array(z.string().regex(/^[a-z][a-z-]*$/, "CAPABILITIES_OFF must be names of capabilities, separated by commas"))),
  METRICS_TOKEN: optional(z.string().min(16, "METRICS_TOKEN must be at least 16 characters long")),
  SEED_DEMO_CONTENT: z
    .enum(["true", "false", ""])
    .default("true")
    .transform((value) => value !== "false"),
  // Browser tests move the server's "now" by writing an offset in milliseconds to this file (lib/clock.ts); never in production.
  TEST_CLOCK_FILE: optional(z.string().min(1)),
  // Files and media (docs/storage.md): the disk under DATA_DIR/media, or an S3-compatible bucket when S3_BUCKET is set.
  S3_BUCKET: optional(
    z
      .string()
      .regex(
        /^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/,
        "S3_BUCKET must be a bucket's name (3 to 63 lower-case letters, digits, dots and dashes)",
      ),
  ),
  S3_ENDPOINT: optional(
    z.url({ protocol: /^https?$/, error: "S3_ENDPOINT must be an http(s) address, such as https://<account>.r2.cloudflarestorage.com" }),
  ),
  S3_REGION: z.string().min(1).default("us-east-1"),
  S3_ACCESS_KEY_ID: optional(z.string().min(1)),
  S3_SECRET_ACCESS_KEY: optional(z.string().min(1)),
  // "light" hashes passwords cheaply for test servers, which register thousands of members a run (lib/passwords.ts).
  PASSWORD_HASHING: z.enum(["owasp", "light"], { error: 'PASSWORD_HASHING must be "owasp" or "light"' }).default("owasp"),
});

export type Config = {
  env: "development" | "production" | "test";
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  logLevel: string;
  sessionDays: number;
  trustProxy: boolean;
  seedDemoContent: boolean;
  /** This site's address as members reach it, without a trailing slash. */
  publicUrl: string;
  /** How many daily backups of the embedded database to keep; 0 turns them off. */
  backupKeep: number;
  /** The built web app's folder, when not the repository's web/dist. */
  webRoot: string | undefined;
  /** The largest file a lesson's upload accepts, in bytes (UPLOAD_MAX_MB). */
  uploadMaxBytes: number;
  /** Registration attempts allowed per client address an hour. */
  registrationsPerHour: number;
  /** Bookings a visitor's client address may ask for in an hour (each holds a time until confirmed). */
  bookingsPerHour: number;
  /** The bearer token of /metrics; without it there is no /metrics. */
  metricsToken: string | undefined;
  /** How mail leaves: an SMTP server, or (null) only the log. */
  mail: MailConfig;
  /** Who the certificates of completion name as issuer. */
  instructorName: string;
  businessName: string;
  /** Stripe, when both keys are set; null keeps online payment off. */
  stripe: StripeConfig | null;
  site: SiteConfig;
  push: PushConfig;
  /** The capabilities a new installation starts with turned off (its switches, once written, are hers). */
  capabilitiesOff: string[];
  /** A file whose number moves the server's clock, for browser tests (never in production). */
  testClockFile: string | undefined;
  /** OWASP's argon2id cost, or a light one that only a test server may use. */
  passwordHashing: PasswordHashing;
  /** Where files and media live: DATA_DIR/media, or the S3-compatible bucket. */
  storage: StorageSettings;
  /**
   * The environment this configuration was read from: each capability reads its own settings from
   * it as it starts (its manifest's `settings`, server/src/capabilities/capability.ts).
   */
  environment: Readonly<Record<string, string | undefined>>;
};

export type PushConfig = {
  /** Origins a subscription's endpoint may have. */
  services: string[];
  /** Given in configuration, or null: made at first start and kept in the database. */
  vapid: { publicKey: string; privateKey: string } | null;
};

export type MailConfig = { smtpUrl: string | null; from: string };

export type StripeConfig = { secretKey: string; webhookSecret: string; apiUrl: string | undefined };

export type SiteConfig = {
  podcastPlayerUrl: string;
  contactEmail: string;
  contactPhone: string;
  contactCity: string;
  links: SiteDetails["links"];
};

/** The start's refusal of a bad environment: each variable with its sentence (`of` a capability's own settings). */
export function invalidConfiguration(error: z.ZodError, of?: string): Error {
  const problems = error.issues.map((issue) => `${issue.path.join(".")}: ${issue.message}`);
  return new Error(`Invalid configuration${of ? ` of ${of}` : ""}:\n  ${problems.join("\n  ")}`);
}

/** Reads the environment once; nothing else in the server reads process.env. */
export function loadConfig(environment: NodeJS.ProcessEnv = process.env): Config {
  const parsed = Environment.safeParse(environment);
  if (!parsed.success) throw invalidConfiguration(parsed.error);
  const values = parsed.data;
  if (Boolean(values.STRIPE_SECRET_KEY) !== Boolean(values.STRIPE_WEBHOOK_SECRET)) {
    const missing = values.STRIPE_SECRET_KEY ? "STRIPE_WEBHOOK_SECRET" : "STRIPE_SECRET_KEY";
    throw new Error(
      `Invalid configuration:\n  ${missing}: online payment needs both STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET; set ${missing} too, or neither.`,
    );
  }
  if (Boolean(values.VAPID_PUBLIC_KEY) !== Boolean(values.VAPID_PRIVATE_KEY)) {
    const missing = values.VAPID_PUBLIC_KEY ? "VAPID_PRIVATE_KEY" : "VAPID_PUBLIC_KEY";
    throw new Error(
      `Invalid configuration:\n  ${missing}: a VAPID key pair needs both keys; set ${missing} too, or neither (one is then made and kept).`,
    );
  }
  if (values.TEST_CLOCK_FILE && values.NODE_ENV === "production") {
    throw new Error("Invalid configuration:\n  TEST_CLOCK_FILE: a movable clock is for tests only; unset it in production.");
  }
  const s3Given = [values.S3_ENDPOINT, values.S3_ACCESS_KEY_ID, values.S3_SECRET_ACCESS_KEY].some(Boolean);
  if (s3Given && !values.S3_BUCKET) {
    throw new Error(
      "Invalid configuration:\n  S3_BUCKET: the S3 settings name no bucket; set S3_BUCKET too, or unset them to keep files on the disk.",
    );
  }
  if (Boolean(values.S3_ACCESS_KEY_ID) !== Boolean(values.S3_SECRET_ACCESS_KEY)) {
    const missing = values.S3_ACCESS_KEY_ID ? "S3_SECRET_ACCESS_KEY" : "S3_ACCESS_KEY_ID";
    throw new Error(
      `Invalid configuration:\n  ${missing}: an S3 key needs both S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY; set ${missing} too, or neither.`,
    );
  }
  if (values.PASSWORD_HASHING === "light" && values.NODE_ENV !== "test") {
    throw new Error(
      "Invalid configuration:\n  PASSWORD_HASHING: light hashing is for test servers only (NODE_ENV=test); unset it so passwords get OWASP's cost.",
    );
  }
  return {
    storage: {
      dataDir: path.resolve(values.DATA_DIR),
      s3: values.S3_BUCKET
        ? {
            bucket: values.S3_BUCKET,
            endpoint: values.S3_ENDPOINT,
            region: values.S3_REGION,
            accessKeyId: values.S3_ACCESS_KEY_ID,
            secretAccessKey: values.S3_SECRET_ACCESS_KEY,
          }
        : null,
    },
    environment: { ...environment },
    passwordHashing: values.PASSWORD_HASHING,
    testClockFile: values.TEST_CLOCK_FILE ? path.resolve(values.TEST_CLOCK_FILE) : undefined,
    env: values.NODE_ENV,
    port: values.PORT,
    host: values.HOST,
    dataDir: path.resolve(values.DATA_DIR),
    databaseUrl: values.DATABASE_URL,
    logLevel: values.LOG_LEVEL,
    sessionDays: values.SESSION_DAYS,
    trustProxy: values.TRUST_PROXY,
    seedDemoContent: values.SEED_DEMO_CONTENT,
    metricsToken: values.METRICS_TOKEN,
    registrationsPerHour: values.REGISTRATIONS_PER_HOUR,
    bookingsPerHour: values.BOOKINGS_PER_HOUR,
    uploadMaxBytes: Math.round(values.UPLOAD_MAX_MB * 1_000_000),
    webRoot: values.WEB_ROOT ? path.resolve(values.WEB_ROOT) : undefined,
    backupKeep: values.BACKUP_KEEP,
    publicUrl: (values.PUBLIC_URL ?? `http://localhost:${values.PORT}`).replace(/\/+$/, ""),
    mail: { smtpUrl: values.SMTP_URL ?? null, from: values.MAIL_FROM ?? `${values.BUSINESS_NAME} <${values.CONTACT_EMAIL}>` },
    instructorName: values.INSTRUCTOR_NAME,
    businessName: values.BUSINESS_NAME,
    stripe:
      values.STRIPE_SECRET_KEY && values.STRIPE_WEBHOOK_SECRET
        ? { secretKey: values.STRIPE_SECRET_KEY, webhookSecret: values.STRIPE_WEBHOOK_SECRET, apiUrl: values.STRIPE_API_URL }
        : null,
    push: {
      services: values.PUSH_SERVICES,
      vapid:
        values.VAPID_PUBLIC_KEY && values.VAPID_PRIVATE_KEY
          ? { publicKey: values.VAPID_PUBLIC_KEY, privateKey: values.VAPID_PRIVATE_KEY }
          : null,
    },
    capabilitiesOff: values.CAPABILITIES_OFF,
    site: {
      podcastPlayerUrl: values.PODCAST_PLAYER_URL,
      contactEmail: values.CONTACT_EMAIL,
      contactPhone: values.CONTACT_PHONE,
      contactCity: values.CONTACT_CITY,
      links: {
        podcast_directory: values.LINK_PODCAST_DIRECTORY,
        blog: values.LINK_BLOG,
        facebook: values.LINK_FACEBOOK,
        youtube: values.LINK_YOUTUBE,
        pinterest: values.LINK_PINTEREST,
        instagram: values.LINK_INSTAGRAM,
      },
    },
  };
}
