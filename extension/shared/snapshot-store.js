// Keeps repository snapshots in IndexedDB, one per (host, repository, commit), so that a second
// pull request of the same repository downloads nothing. The least recently used go first when
// the snapshots together pass the cap (a setting, 200 MiB by default); `forgetAll` is the options
// page's "Forget downloaded repositories".
//
// Two object stores: `snapshots` holds each snapshot's description (small: listed, sorted and
// evicted without reading any file), `files` its files as one record, read only when a review
// needs them.
import { hostOf } from './github-host.js';

export const SNAPSHOT_DB = 'atom-review-snapshots';
export const DEFAULT_SNAPSHOT_CACHE_BYTES = 200 * 1024 * 1024;

const META = 'snapshots';
const FILES = 'files';

/** The store key of a snapshot: `host/owner/repo@sha`. */
export const snapshotKey = (snapshot) => `${hostOf(snapshot)}/${snapshot.owner}/${snapshot.repo}@${snapshot.sha}`;

/** What a snapshot costs the cache: its files' bytes and paths. */
export const snapshotBytes = (files) => files.reduce((sum, { path, bytes }) => sum + bytes.byteLength + path.length, 0);

/**
 * The keys to drop so that the snapshots described in `metas` ({key, bytes, usedAt}) fit in
 * `maxBytes`: least recently used first, never `keep` (the snapshot just stored or read).
 */
export function evictionVictims(metas, maxBytes, keep = null) {
  let total = metas.reduce((sum, meta) => sum + meta.bytes, 0);
  const victims = [];
  const oldestFirst = [...metas].sort((a, b) => a.usedAt - b.usedAt || (a.key < b.key ? -1 : 1));
  for (const meta of oldestFirst) {
    if (total <= maxBytes) break;
    if (meta.key === keep) continue;
    victims.push(meta.key);
    total -= meta.bytes;
  }
  return victims;
}

const done = (request) => new Promise((resolve, reject) => {
  request.onsuccess = () => resolve(request.result);
  request.onerror = () => reject(request.error);
});
const committed = (transaction) => new Promise((resolve, reject) => {
  transaction.oncomplete = () => resolve();
  transaction.onerror = () => reject(transaction.error);
  transaction.onabort = () => reject(transaction.error ?? new Error('the snapshot store\'s transaction was aborted'));
});

export class SnapshotStore {
  /** `indexedDB`: the factory (a fake one in tests); `maxBytes`: the cap on all snapshots together. */
  constructor({ indexedDB = globalThis.indexedDB, name = SNAPSHOT_DB, maxBytes = DEFAULT_SNAPSHOT_CACHE_BYTES, now = Date.now } = {}) {
    this.factory = indexedDB;
    this.name = name;
    this.maxBytes = maxBytes;
    this.now = now;
    this.opening = null;
  }

  open() {
    this.opening ??= new Promise((resolve, reject) => {
      const request = this.factory.open(this.name, 1);
      request.onupgradeneeded = () => {
        const db = request.result;
        const meta = db.createObjectStore(META, { keyPath: 'key' });
        meta.createIndex('repository', 'repository');
        db.createObjectStore(FILES, { keyPath: 'key' });
      };
      request.onsuccess = () => {
        const db = request.result;
        db.onversionchange = () => { db.close(); this.opening = null; };
        resolve(db);
      };
      request.onerror = () => { this.opening = null; reject(request.error); };
    });
    return this.opening;
  }

  /**
   * Stores the files of `snapshot` ({host, owner, repo, sha}) with what to show about them
   * (`about`: e.g. {ref, skipped, committedAt}); evicts the least recently used past the cap.
   * Resolves to the stored description, or null when this one snapshot alone passes the cap.
   */
  async put(snapshot, files, about = {}) {
    const bytes = snapshotBytes(files);
    if (bytes > this.maxBytes) return null;
    const key = snapshotKey(snapshot);
    const time = this.now();
    const meta = {
      ...about, key, repository: repositoryKey(snapshot), host: hostOf(snapshot), owner: snapshot.owner, repo: snapshot.repo,
      sha: snapshot.sha, bytes, fileCount: files.length, savedAt: time, usedAt: time,
    };
    const db = await this.open();
    const transaction = db.transaction([META, FILES], 'readwrite');
    const finished = committed(transaction);
    transaction.objectStore(META).put(meta);
    transaction.objectStore(FILES).put({ key, files });
    await this.evictIn(transaction, key);
    await finished;
    return meta;
  }

  /** The snapshot's {meta, files}, marked as just used; null when it is not kept. */
  async get(snapshot) {
    const key = snapshotKey(snapshot);
    const db = await this.open();
    const transaction = db.transaction([META, FILES], 'readwrite');
    const finished = committed(transaction);
    const meta = await done(transaction.objectStore(META).get(key));
    const record = meta ? await done(transaction.objectStore(FILES).get(key)) : null;
    const used = meta && { ...meta, usedAt: this.now() };
    if (used) transaction.objectStore(META).put(used);
    await finished;
    return used && record ? { meta: used, files: record.files } : null;
  }

  /** The descriptions of every kept snapshot, most recently used first. */
  async list() {
    const db = await this.open();
    const metas = await done(db.transaction(META).objectStore(META).getAll());
    return metas.sort((a, b) => b.usedAt - a.usedAt || (a.key < b.key ? -1 : 1));
  }

  /** The newest kept snapshot of a repository ({host, owner, repo}) matching `where(meta)`, or null. */
  async newest(repository, where = () => true) {
    const db = await this.open();
    const index = db.transaction(META).objectStore(META).index('repository');
    const metas = (await done(index.getAll(repositoryKey(repository)))).filter(where);
    return metas.sort((a, b) => b.savedAt - a.savedAt)[0] ?? null;
  }

  /** A new cap: snapshots are evicted at once to fit it. */
  async setMaxBytes(maxBytes) {
    this.maxBytes = maxBytes;
    const db = await this.open();
    const transaction = db.transaction([META, FILES], 'readwrite');
    const finished = committed(transaction);
    await this.evictIn(transaction, null);
    await finished;
  }

  /** Forget downloaded repositories: removes every snapshot. Resolves to {snapshots, bytes} removed. */
  async forgetAll() {
    const db = await this.open();
    const transaction = db.transaction([META, FILES], 'readwrite');
    const finished = committed(transaction);
    const metas = await done(transaction.objectStore(META).getAll());
    transaction.objectStore(META).clear();
    transaction.objectStore(FILES).clear();
    await finished;
    return { snapshots: metas.length, bytes: metas.reduce((sum, meta) => sum + meta.bytes, 0) };
  }

  async evictIn(transaction, keep) {
    const metas = await done(transaction.objectStore(META).getAll());
    for (const key of evictionVictims(metas, this.maxBytes, keep)) {
      transaction.objectStore(META).delete(key);
      transaction.objectStore(FILES).delete(key);
    }
  }
}

function repositoryKey(repository) {
  return `${hostOf(repository)}/${repository.owner}/${repository.repo}`;
}
