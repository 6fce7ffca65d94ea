import { type Language, isLanguage, sourceLanguage } from "../../../contract/languages.ts";
import { type CacheTrust, changeAndAnnounce, dataChanges } from "../db/data-changes.ts";
import type { Database } from "../db/types.ts";
import type { SiteLanguage } from "../language/request-language.ts";
import { siteSettings } from "./site-schema.ts";

/**
 * The site's language (Studio → Site), read on nearly every request that has no language of its
 * own, so kept in memory while the cache can be trusted; a change on any app server is announced.
 */
export class SiteLanguageStore implements SiteLanguage {
  private cached: Language | undefined;
  private readonly forget = () => {
    this.cached = undefined;
  };

  constructor(
    private readonly db: Database,
    private readonly cacheTrust: CacheTrust,
  ) {
    dataChanges.on("site", this.forget);
  }

  async current(): Promise<Language> {
    if (this.cached && this.cacheTrust.trusted()) return this.cached;
    const [row] = await this.db.select({ language: siteSettings.language }).from(siteSettings);
    const language = isLanguage(row?.language) ? row.language : sourceLanguage;
    if (this.cacheTrust.trusted()) this.cached = language;
    return language;
  }

  async save(language: Language): Promise<void> {
    await changeAndAnnounce(this.db, "site", (tx) =>
      tx.insert(siteSettings).values({ id: 1, language }).onConflictDoUpdate({ target: siteSettings.id, set: { language } }),
    );
  }

  close(): void {
    dataChanges.off("site", this.forget);
  }
}
