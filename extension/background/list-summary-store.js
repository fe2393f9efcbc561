// Persists list-row summaries in extension storage so a list paints at once on the next visit.
// Keyed by pull request and head commit (a new commit is a new key); rows whose head commit the
// page does not show get a short expiry instead. Each summary is its own storage item (a save
// writes that one and a small index, never the whole cache); at most `maxEntries` are kept, the
// oldest dropped, and a summary larger than `maxEntryBytes` is not kept at all. When the storage
// is full the oldest half goes and the write is tried once more; a write that still fails rejects
// with the reason (the list badge says the result was not kept).
import { BUILT_IN_PACK_KEY } from './review-request-key.js';
import { pullRequestKey } from '../shared/pull-request-key.js';

const ENTRY_PREFIX = 'atomReviewList:';
const INDEX_KEY = 'atomReviewListIndex'; // {key: storedAt}
const EARLIER_MAP_KEY = 'atomReviewListSummaries'; // the one big map an earlier version kept

export const LIST_STORE_LIMITS = { maxEntries: 400, maxEntryBytes: 16 * 1024 };

export class ListSummaryStore {
  constructor({ storage, maxEntries = LIST_STORE_LIMITS.maxEntries, maxEntryBytes = LIST_STORE_LIMITS.maxEntryBytes,
    unknownHeadMaxAgeMs = 10 * 60 * 1000, now = () => Date.now() }) {
    this.storage = storage;
    this.maxEntries = maxEntries;
    this.maxEntryBytes = maxEntryBytes;
    this.unknownHeadMaxAgeMs = unknownHeadMaxAgeMs;
    this.now = now;
    this.index = null; // loaded lazily
    this.writes = Promise.resolve(); // one write after another: a slow one never undoes a newer one
  }

  // `packKey` (review-request-key.js) names the pack the row was reviewed with: another pack is another key.
  static keyOf({ host, owner, repo, number, headSha, packKey }) {
    return `${pullRequestKey({ host, owner, repo, number })}@${headSha ?? 'unknown'}${packKey && packKey !== BUILT_IN_PACK_KEY ? `~${packKey}` : ''}`;
  }

  async loadIndex() {
    if (!this.index) {
      const stored = (await this.storage.get(INDEX_KEY))?.[INDEX_KEY];
      this.index ??= stored && typeof stored === 'object' && !Array.isArray(stored) ? stored : {};
      await this.storage.remove(EARLIER_MAP_KEY).catch(() => {});
    }
    return this.index;
  }

  /** The stored summary for `pr` (with `headSha` when known), or null. */
  async get(pr) {
    const storageKey = ENTRY_PREFIX + ListSummaryStore.keyOf(pr);
    const entry = (await this.storage.get(storageKey))?.[storageKey];
    if (!entry || typeof entry !== 'object' || !entry.summary) return null;
    if (!entry.headKnown && this.now() - entry.storedAt > this.unknownHeadMaxAgeMs) return null;
    return entry.summary;
  }

  /** Keeps `summary` for `pr`; resolves when written, rejects with the reason when it cannot be. */
  put(pr, summary) {
    const write = this.writes.catch(() => {}).then(() => this.write(pr, summary)).catch((error) => {
      throw new Error(error?.message?.startsWith('not kept') ? error.message : `not kept: ${error?.message ?? error}`);
    });
    this.writes = write;
    return write;
  }

  async write(pr, summary) {
    const key = ListSummaryStore.keyOf(pr);
    const entry = { summary, storedAt: this.now(), headKnown: Boolean(pr.headSha) };
    const bytes = JSON.stringify(entry).length;
    if (bytes > this.maxEntryBytes) throw new Error(`not kept: the summary takes ${bytes} bytes, more than ${this.maxEntryBytes}`);
    const index = await this.loadIndex();
    index[key] = entry.storedAt;
    await this.drop(this.oldest(Object.keys(index).length - this.maxEntries));
    const items = { [ENTRY_PREFIX + key]: entry, [INDEX_KEY]: index };
    try {
      await this.storage.set(items);
    } catch {
      // Full, most likely: make room and try once more.
      await this.drop(this.oldest(Math.ceil(Object.keys(index).length / 2)).filter((old) => old !== key));
      try {
        await this.storage.set(items);
      } catch (error) {
        delete index[key];
        throw error;
      }
    }
  }

  oldest(count) {
    if (count <= 0) return [];
    return Object.keys(this.index).sort((a, b) => this.index[a] - this.index[b] || a.localeCompare(b)).slice(0, count);
  }

  async drop(keys) {
    if (keys.length === 0) return;
    for (const key of keys) delete this.index[key];
    await this.storage.remove(keys.map((key) => ENTRY_PREFIX + key));
    await this.storage.set({ [INDEX_KEY]: this.index });
  }
}
