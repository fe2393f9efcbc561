// The repository at hand for a review: a snapshot kept in IndexedDB (snapshot-store.js) or
// downloaded once (snapshot-fetch.js), with the pull request's head versions of the touched files
// laid over it. `repositoryFilesForEngine` is what the engine's repository index takes: the
// `[{path, bytes}]` list, the same shape as `headFiles`.
import { snapshotKey } from '../shared/snapshot-store.js';
import { SnapshotUnavailable, fetchSnapshot } from './snapshot-fetch.js';

export const SNAPSHOT_REUSE_MS = 24 * 60 * 60 * 1000; // a base branch's snapshot younger than a day is reused

/**
 * The files the engine reads as the repository: the snapshot's, each touched file replaced by
 * its head version (`headFiles`, those the review already fetched; a file the PR adds is added),
 * the files in `deletedPaths` (the PR removes them) left out. Sorted by path, so the same inputs
 * give the same list.
 */
export function repositoryFilesForEngine(snapshotFiles, headFiles = [], deletedPaths = []) {
  const byPath = new Map(snapshotFiles.map((file) => [file.path, file]));
  for (const path of deletedPaths) byPath.delete(path);
  for (const file of headFiles) byPath.set(file.path, file);
  return [...byPath.values()].sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
}

/**
 * Snapshots for every review of the background: read from `store`, else downloaded once and
 * stored. Two reviews asking for the same commit at once share one download (its progress goes
 * to the first asker's `onProgress`; cancelling stops it only when no other review waits on it).
 */
export class RepositorySnapshots {
  constructor({ store, fetchImpl = fetch, now = Date.now, download = fetchSnapshot } = {}) {
    this.store = store;
    this.fetchImpl = fetchImpl;
    this.now = now;
    this.download = download;
    this.inFlight = new Map(); // key -> {promise, controller, waiting}
  }

  /**
   * A base branch's snapshot kept and younger than a day ({host, owner, repo, ref}), as the
   * store's description, or null: a second pull request on the same base downloads nothing.
   */
  reusable(repository, { maxAgeMs = SNAPSHOT_REUSE_MS } = {}) {
    return this.store.newest(repository, (meta) => meta.ref === repository.ref && this.now() - meta.savedAt < maxAgeMs);
  }

  /**
   * The snapshot of {host, owner, repo, sha, ref}. Resolves to {meta, files, downloaded};
   * rejects with SnapshotUnavailable (snapshot-fetch.js) when it could not be had.
   */
  async load(snapshot, { signal, onProgress } = {}) {
    const kept = await this.store.get(snapshot);
    if (kept) return { ...kept, downloaded: false };
    const key = snapshotKey(snapshot);
    let flight = this.inFlight.get(key);
    if (!flight) {
      const controller = new AbortController();
      flight = { controller, waiting: 0, promise: null };
      flight.promise = this.fetchAndStore(snapshot, { signal: controller.signal, onProgress })
        .finally(() => this.inFlight.delete(key));
      this.inFlight.set(key, flight);
    }
    flight.waiting += 1;
    let left = false;
    const leave = (cancelled) => {
      if (left) return;
      left = true;
      flight.waiting -= 1;
      if (!cancelled || flight.waiting > 0) return;
      flight.controller.abort();
      if (this.inFlight.get(key) === flight) this.inFlight.delete(key);
    };
    let onAbort;
    const stopped = new Promise((_, reject) => {
      onAbort = () => { leave(true); reject(new SnapshotUnavailable('cancelled', 'cancelled')); };
      if (signal?.aborted) onAbort();
      else signal?.addEventListener('abort', onAbort, { once: true });
    });
    try {
      return await Promise.race([flight.promise, stopped]);
    } finally {
      leave(false);
      signal?.removeEventListener('abort', onAbort);
    }
  }

  async fetchAndStore(snapshot, { signal, onProgress }) {
    const result = await this.download(snapshot, { fetchImpl: this.fetchImpl, signal, onProgress });
    const about = {
      ref: snapshot.ref ?? null, committedAt: result.committedAt, skipped: result.skipped, tooLarge: result.tooLarge,
      downloadBytes: result.downloadBytes,
    };
    // A snapshot too large to keep is still used for this review.
    const meta = await this.store.put(snapshot, result.files, about).catch(() => null)
      ?? { ...about, key: snapshotKey(snapshot), sha: snapshot.sha, fileCount: result.files.length, savedAt: this.now(), kept: false };
    return { meta, files: result.files, downloaded: true };
  }
}
