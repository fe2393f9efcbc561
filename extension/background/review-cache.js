// Remembers recent review results per pull request so that re-renders and in-page navigation
// do not refetch and re-review. Entries expire because a pull request can get new commits.

export class ReviewCache {
  constructor({ maxEntries = 16, maxAgeMs = 5 * 60 * 1000, now = () => Date.now() } = {}) {
    this.maxEntries = maxEntries;
    this.maxAgeMs = maxAgeMs;
    this.now = now;
    this.entries = new Map(); // key -> {promise, storedAt}; Map keeps insertion order = age order
  }

  /** Returns the cached promise for `key`, or stores and returns `compute()`'s. Failures are not kept. */
  getOrCompute(key, compute) {
    const entry = this.entries.get(key);
    if (entry && this.now() - entry.storedAt <= this.maxAgeMs) return entry.promise;
    this.entries.delete(key);
    const promise = Promise.resolve().then(compute);
    this.entries.set(key, { promise, storedAt: this.now() });
    promise.catch(() => {
      if (this.entries.get(key)?.promise === promise) this.entries.delete(key);
    });
    while (this.entries.size > this.maxEntries) {
      this.entries.delete(this.entries.keys().next().value);
    }
    return promise;
  }

  /** Forgets `key`'s entry: the next getOrCompute computes it again. */
  forget(key) {
    this.entries.delete(key);
  }
}
