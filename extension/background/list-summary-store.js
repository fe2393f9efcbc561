// Persists list-row summaries in extension storage so a list paints at once on the next visit.
// Keyed by pull request and head commit (a new commit is a new key); rows whose head commit the
// page does not show get a short expiry instead. The store keeps at most `maxEntries`, dropping
// the oldest.
const STORAGE_KEY = 'atomReviewListSummaries';

export class ListSummaryStore {
  constructor({ storage, maxEntries = 400, unknownHeadMaxAgeMs = 10 * 60 * 1000, now = () => Date.now() }) {
    this.storage = storage;
    this.maxEntries = maxEntries;
    this.unknownHeadMaxAgeMs = unknownHeadMaxAgeMs;
    this.now = now;
    this.entries = null; // loaded lazily: {key: {summary, storedAt, headKnown}}
    this.writes = Promise.resolve();
  }

  static keyOf({ owner, repo, number, headSha }) {
    return `${owner}/${repo}#${number}@${headSha ?? 'unknown'}`;
  }

  async load() {
    if (!this.entries) {
      const stored = (await this.storage.get(STORAGE_KEY))?.[STORAGE_KEY];
      this.entries ??= stored && typeof stored === 'object' ? stored : {};
    }
    return this.entries;
  }

  /** The stored summary for `pr` (with `headSha` when known), or null. */
  async get(pr) {
    const entries = await this.load();
    const entry = entries[ListSummaryStore.keyOf(pr)];
    if (!entry) return null;
    if (!entry.headKnown && this.now() - entry.storedAt > this.unknownHeadMaxAgeMs) return null;
    return entry.summary;
  }

  async put(pr, summary) {
    const entries = await this.load();
    entries[ListSummaryStore.keyOf(pr)] = { summary, storedAt: this.now(), headKnown: Boolean(pr.headSha) };
    const keys = Object.keys(entries);
    if (keys.length > this.maxEntries) {
      keys.sort((a, b) => entries[a].storedAt - entries[b].storedAt || a.localeCompare(b));
      for (const key of keys.slice(0, keys.length - this.maxEntries)) delete entries[key];
    }
    // Writes go out one after another so that a slow write never overwrites a newer one.
    this.writes = this.writes.then(() => this.storage.set({ [STORAGE_KEY]: entries })).catch(() => {});
    return this.writes;
  }
}
