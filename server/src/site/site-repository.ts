import { type Language, isLanguage, sourceLanguage } from "../../../contract/languages.ts";
import { currencyOfLanguage } from "../../../contract/site.ts";
import { type CacheTrust, changeAndAnnounce, dataChanges } from "../db/data-changes.ts";
import type { Database } from "../db/types.ts";
import type { SiteLanguage } from "../language/request-language.ts";
import type { PracticeName, PracticeNames } from "../lib/practice-names.ts";
import { siteSettings } from "./site-schema.ts";

/**
 * The site's language and her currency (Studio → Site), read on nearly every request that has no
 * language of its own, so kept in memory while the cache can be trusted; a change on any app
 * server is announced.
 */
export class SiteLanguageStore implements SiteLanguage {
  private cached: { language: Language; currency: string } | undefined;
  private readonly forget = () => {
    this.cached = undefined;
  };

  constructor(
    private readonly db: Database,
    private readonly cacheTrust: CacheTrust,
  ) {
    dataChanges.on("site", this.forget);
  }

  private async settings(): Promise<{ language: Language; currency: string }> {
    if (this.cached && this.cacheTrust.trusted()) return this.cached;
    const [row] = await this.db.select({ language: siteSettings.language, currency: siteSettings.currency }).from(siteSettings);
    const language = isLanguage(row?.language) ? row.language : sourceLanguage;
    const settings = { language, currency: row?.currency ?? currencyOfLanguage[language] };
    if (this.cacheTrust.trusted()) this.cached = settings;
    return settings;
  }

  async current(): Promise<Language> {
    return (await this.settings()).language;
  }

  /** The currency her new prices start in: hers once chosen, else her site's language's (euros for Spanish). */
  async currency(): Promise<string> {
    return (await this.settings()).currency;
  }

  async save(language: Language): Promise<void> {
    await changeAndAnnounce(this.db, "site", (tx) =>
      tx.insert(siteSettings).values({ id: 1, language }).onConflictDoUpdate({ target: siteSettings.id, set: { language } }),
    );
  }

  async saveCurrency(currency: string): Promise<void> {
    const language = await this.current();
    await changeAndAnnounce(this.db, "site", (tx) =>
      tx.insert(siteSettings).values({ id: 1, language, currency }).onConflictDoUpdate({ target: siteSettings.id, set: { currency } }),
    );
  }

  close(): void {
    dataChanges.off("site", this.forget);
  }
}

/** What Studio → Site → Your name saves: her name, her business's, and her title in each language. */
export type PracticeNamesInput = { doulaName: string; businessName: string; titles: Partial<Record<Language, string>> };

/**
 * Her names (Studio → Site), offered to every capability as `PracticeNames`: read at once from a copy
 * in memory, since a mail or a page asks for them without waiting. A save here replaces the copy;
 * a save on another app server is heard as a "site" change, and where changes may go unheard
 * (PostgreSQL without a trusted listener) the copy is read again when it is a minute old.
 */
export class PracticeNamesStore implements PracticeNames {
  private saved: PracticeNamesInput;
  /** The site's language as last read: the title of a reader who asks for none. */
  private language: Language = sourceLanguage;
  private readAt = 0;
  private reading: Promise<void> | null = null;
  // A change heard while the database is away (or every cache dropped as the listener reconnects)
  // keeps the names it has; the next read after a minute, or the next change, tries again.
  private readonly reread = () => void this.load().catch(() => {});

  constructor(
    private readonly db: Database,
    private readonly cacheTrust: CacheTrust,
    private readonly seed: PracticeName,
  ) {
    this.saved = { doulaName: seed.doulaName, businessName: seed.businessName, titles: {} };
    dataChanges.on("site", this.reread);
  }

  /** Reads the saved names; until she saves hers, the seed's (INSTRUCTOR_NAME, BUSINESS_NAME). */
  load(): Promise<void> {
    this.reading ??= (async () => {
      try {
        const [row] = await this.db.select().from(siteSettings);
        this.language = isLanguage(row?.language) ? row.language : sourceLanguage;
        this.saved = {
          doulaName: row?.doulaName ?? this.seed.doulaName,
          businessName: row?.businessName ?? this.seed.businessName,
          // The demo's title is English: a reader in another language sees her name alone until she writes hers.
          titles: row?.doulaName ? row.titles : { [sourceLanguage]: this.seed.title },
        };
        this.readAt = Date.now();
      } finally {
        this.reading = null;
      }
    })();
    return this.reading;
  }

  now(language?: Language): PracticeName {
    if (!this.cacheTrust.trusted() && Date.now() - this.readAt > 60_000) void this.load().catch(() => {});
    const titles = this.saved.titles;
    // Her title in the reader's language only: a title in another language would sit inside her sentences.
    const title = titles[language ?? this.language] ?? "";
    return { doulaName: this.saved.doulaName, businessName: this.saved.businessName, title };
  }

  /** What the studio's form shows: the names as saved, or the seed's until she saves hers. */
  current(): PracticeNamesInput {
    return this.saved;
  }

  async save(names: PracticeNamesInput, siteLanguage: Language): Promise<void> {
    const values = { doulaName: names.doulaName, businessName: names.businessName, titles: names.titles };
    await changeAndAnnounce(this.db, "site", (tx) =>
      tx
        .insert(siteSettings)
        .values({ id: 1, language: siteLanguage, ...values })
        .onConflictDoUpdate({ target: siteSettings.id, set: values }),
    );
    this.saved = names;
    this.language = siteLanguage;
  }

  close(): void {
    dataChanges.off("site", this.reread);
  }
}
