/** Counts of in-memory cache lookups, by cache and outcome: read by /metrics, kept per app. */
export class CacheStats {
  private readonly counts = new Map<string, { hit: number; miss: number }>();

  count(cache: string, hit: boolean): void {
    let entry = this.counts.get(cache);
    if (!entry) {
      entry = { hit: 0, miss: 0 };
      this.counts.set(cache, entry);
    }
    if (hit) entry.hit += 1;
    else entry.miss += 1;
  }

  entries(): [string, { hit: number; miss: number }][] {
    return [...this.counts];
  }
}
