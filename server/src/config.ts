import path from "node:path";
import { z } from "zod";
import type { SiteDetails } from "../../contract/site.ts";

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
  SEED_DEMO_CONTENT: z
    .enum(["true", "false", ""])
    .default("true")
    .transform((value) => value !== "false"),
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
  site: SiteConfig;
};

export type SiteConfig = {
  podcastPlayerUrl: string;
  contactEmail: string;
  contactPhone: string;
  contactCity: string;
  links: SiteDetails["links"];
};

/** Reads the environment once; nothing else in the server reads process.env. */
export function loadConfig(environment: NodeJS.ProcessEnv = process.env): Config {
  const parsed = Environment.safeParse(environment);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => `${issue.path.join(".")}: ${issue.message}`);
    throw new Error(`Invalid configuration:\n  ${problems.join("\n  ")}`);
  }
  const values = parsed.data;
  return {
    env: values.NODE_ENV,
    port: values.PORT,
    host: values.HOST,
    dataDir: path.resolve(values.DATA_DIR),
    databaseUrl: values.DATABASE_URL,
    logLevel: values.LOG_LEVEL,
    sessionDays: values.SESSION_DAYS,
    trustProxy: values.TRUST_PROXY,
    seedDemoContent: values.SEED_DEMO_CONTENT,
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
