// The files whose head version the engine's review reads (the engine names them: headPathsToRead),
// as they stand at the pull request's head commit, so it can review each one whole (review --repo
// DIR in the CLI). Fetched like a signed-in tab would: the host's `/OWNER/REPO/raw/<sha>/<path>`
// with the session cookie, which github.com redirects to raw.githubusercontent.com (an Enterprise
// host to its raw subdomain or /raw path). Best-effort and bounded: at most 4 downloads at once, a time limit
// and a size cap per file, caps on files and bytes per pull request. A file that cannot be read
// keeps its hunks (the engine reviews it from the diff), named with the reason.
import { COMMIT_SHA } from '../shared/commit-sha.js';
import { hostOf, rawFileSources, siteOrigin } from '../shared/github-host.js';
import { fetchBounded } from './bounded-body.js';
import { DiffQueue } from './list-queue.js';

export const HEAD_FILE_LIMITS = {
  maxInFlight: 4,
  timeoutMs: 8000,
  maxFileBytes: 2 * 1024 * 1024,
  maxTotalBytes: 16 * 1024 * 1024,
  maxFiles: 100,
};

const CONTROL = /[\x00-\x1f\x7f]/;
const MAX_PATH_LENGTH = 4096;

/** True for a repository-relative path that names a file and cannot climb out of the tree. */
export function isSafeRepoPath(path) {
  if (typeof path !== 'string' || path.length === 0 || path.length > MAX_PATH_LENGTH || CONTROL.test(path)) return false;
  return path.split('/').every((part) => part !== '' && part !== '.' && part !== '..');
}

export function rawFileUrl(file) {
  const { owner, repo, headSha, path } = file;
  const segments = path.split('/').map(encodeURIComponent).join('/');
  return `${siteOrigin(hostOf(file))}/${encodeURIComponent(owner)}/${encodeURIComponent(repo)}/raw/${headSha}/${segments}`;
}

/** The answer when the diff needs no file at its head (its text files are all added or deleted). */
export const NOTHING_TO_READ = Object.freeze({ files: [], failed: [], reason: null });

/** One file's bytes; rejects with an Error whose message is the reason, short enough for the panel. */
// Only the raw hosts may answer: a redirect elsewhere (a sign-in page, say) would hand the engine
// a page instead of the file.
export async function fetchRawFile(url, { host, fetchImpl = fetch, timeoutMs = HEAD_FILE_LIMITS.timeoutMs,
  maxBytes = HEAD_FILE_LIMITS.maxFileBytes } = {}) {
  const { status, bytes } = await fetchBounded(url, { fetchImpl, timeoutMs, maxBytes, answeredFrom: rawFileSources(host), what: 'the file', redirects: 'follow' });
  if (!bytes) throw new Error(status === 404 ? 'not found (404)' : `GitHub answered ${status}`);
  return bytes;
}

/**
 * Remembers head files per (repository, commit, path) — a commit's files never change — so a
 * second visit or a re-review after a dismissal downloads nothing. Holds promises, so two reviews
 * asking at once share one download; failures are forgotten. Oldest entries go past `maxBytes`.
 */
export class HeadFileCache {
  constructor({ maxBytes = 48 * 1024 * 1024 } = {}) {
    this.maxBytes = maxBytes;
    this.bytes = 0;
    this.entries = new Map(); // key -> {promise, size}; insertion order = age order
  }

  static keyOf(file) {
    const { owner, repo, headSha, path } = file;
    return `${hostOf(file)}/${owner}/${repo}@${headSha}:${path}`;
  }

  getOrFetch(file, fetchBytes) {
    const key = HeadFileCache.keyOf(file);
    const cached = this.entries.get(key);
    if (cached) return cached.promise;
    const entry = { promise: Promise.resolve().then(fetchBytes), size: 0 };
    this.entries.set(key, entry);
    entry.promise.then((bytes) => {
      if (this.entries.get(key) !== entry) return;
      entry.size = bytes.byteLength;
      this.bytes += entry.size;
      this.evict();
    }, () => {
      if (this.entries.get(key) === entry) this.entries.delete(key);
    });
    return entry.promise;
  }

  evict() {
    for (const [key, entry] of this.entries) {
      if (this.bytes <= this.maxBytes) break;
      this.entries.delete(key);
      this.bytes -= entry.size;
    }
  }
}

/**
 * Reads `paths` at `headSha`. Resolves (never rejects) to
 * {files: [{path, bytes}], failed: [{path, reason}], reason} where `reason` (else null) says why
 * none was used: no head commit, too many files, too many bytes. No paths: NOTHING_TO_READ.
 */
export async function readHeadFiles({ host, owner, repo, headSha, paths }, { queue, cache, fetchImpl = fetch,
  limits = HEAD_FILE_LIMITS } = {}) {
  if (paths.length === 0) return NOTHING_TO_READ;
  const none = (reason) => ({ files: [], failed: [], reason });
  if (typeof headSha !== 'string' || !COMMIT_SHA.test(headSha)) return none('the page names no head commit');
  if (paths.length > limits.maxFiles) return none(`${paths.length} files, more than the ${limits.maxFiles} read whole`);
  const failed = [];
  const wanted = paths.filter((path) => isSafeRepoPath(path) || !failed.push({ path, reason: 'not a path that can be fetched' }));
  // Past the byte budget the downloads still waiting for a slot do not start; those in flight finish.
  let total = 0;
  const overBudget = () => total > limits.maxTotalBytes;
  const outcomes = await Promise.all(wanted.map((path) => {
    const file = { host, owner, repo, headSha, path };
    const download = () => queue.run(() => {
      if (overBudget()) throw new Error('over the byte budget');
      return fetchRawFile(rawFileUrl(file), { host: hostOf(file), fetchImpl, timeoutMs: limits.timeoutMs, maxBytes: limits.maxFileBytes });
    });
    return cache.getOrFetch(file, download).then(
      (bytes) => { total += bytes.byteLength; return { path, bytes }; },
      (error) => ({ path, reason: error.message }));
  }));
  if (overBudget()) return none(`the files come to more than the ${limits.maxTotalBytes} bytes read whole`);
  failed.push(...outcomes.filter((outcome) => !outcome.bytes));
  return { files: outcomes.filter((outcome) => outcome.bytes), failed, reason: null };
}

/** What the panel says about the files (review-files): whole when every one needed was read. */
export function headFilesSummary({ files, failed, reason }) {
  const source = reason === null && failed.length === 0 ? 'whole' : 'hunks';
  return { source, whole: files.length, reason, failed };
}

/** The shared pieces of the background: one queue and one cache for every pull request. */
export function headFileReader({ fetchImpl = fetch, limits = HEAD_FILE_LIMITS } = {}) {
  const queue = new DiffQueue({ maxInFlight: limits.maxInFlight });
  const cache = new HeadFileCache();
  return (request) => readHeadFiles(request, { queue, cache, fetchImpl, limits });
}
