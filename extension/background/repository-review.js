// The review checked against the whole repository (issue 40): which snapshot a pull request is
// checked against, whether the user's policy lets it be downloaded, and the review itself — the
// snapshot loaded (repository-snapshot.js: kept, or downloaded once), opened in the engine once per
// snapshot (engine-host.js keeps it open for the next pull request), and the diff reviewed with it.
// A snapshot that cannot be had is no error: the touched-files review stands, with the reason.
import { pullRequestKey } from '../shared/pull-request-key.js';
import { snapshotKey } from '../shared/snapshot-store.js';
import { SnapshotUnavailable } from './snapshot-fetch.js';

export const NEVER_REASON = 'not allowed: "never" for this repository on the options page';
export const NO_COMMIT_REASON = 'the page names no commit to download';

/**
 * The snapshot to check `pr` against: the base commit the page names (on the base branch, `ref`),
 * else the PR's head commit (`at: 'head'`: the touched files come from the diff and the head
 * anyway), else null.
 */
export function snapshotFor(pr) {
  const { host, owner, repo } = pr;
  const { base_sha: base, head_sha: head, base_ref: ref } = pr.context ?? {};
  if (base) return { host, owner, repo, sha: base, ref: ref ?? null, at: 'base' };
  if (head) return { host, owner, repo, sha: head, ref: null, at: 'head' };
  return null;
}

/**
 * snapshots: a RepositorySnapshots; engine: the engine host (openRepository, isRepositoryOpen,
 * closeRepositories); review(diffBytes, meta, headFiles, repositoryKey) → result JSON text.
 */
export class RepositoryReviews {
  constructor({ snapshots, engine, review }) {
    this.snapshots = snapshots;
    this.engine = engine;
    this.reviewWith = review;
    this.running = new Map(); // pull request key -> {controller, progress}
  }

  // The snapshot for `pr`, or a base branch's kept snapshot younger than a day in its place (so a
  // second pull request on the same base downloads nothing).
  async choose(pr) {
    const wanted = snapshotFor(pr);
    if (!wanted?.ref) return wanted;
    const reusable = await this.snapshots.reusable(wanted).catch(() => null);
    return reusable ? { ...wanted, sha: reusable.sha } : wanted;
  }

  /**
   * What the page is told with the touched-files review: {policy, status, snapshot?, sizeBytes?,
   * reason?}. status: 'start' (check now: the policy is always, or the snapshot is at hand, nothing
   * to download), 'ask' (the user decides; sizeBytes: the last download of this repository, or
   * null), 'off' (reason).
   */
  async plan(pr, policy) {
    if (policy === 'never') return { policy, status: 'off', reason: NEVER_REASON };
    const snapshot = await this.choose(pr);
    if (!snapshot) return { policy, status: 'off', reason: NO_COMMIT_REASON };
    const about = { ref: snapshot.ref, sha: snapshot.sha, at: snapshot.at };
    const key = snapshotKey(snapshot);
    const kept = this.engine.isRepositoryOpen(key)
      || await this.snapshots.store.newest(snapshot, (meta) => meta.key === key).catch(() => null);
    if (policy === 'always' || kept) return { policy, status: 'start', snapshot: about };
    const last = await this.snapshots.store.newest(snapshot).catch(() => null);
    return { policy, status: 'ask', snapshot: about, sizeBytes: last?.downloadBytes ?? null };
  }

  /**
   * Reviews with the repository. Resolves to {resultJson, repository: {status: 'read', snapshot:
   * {ref, sha, at, committedAt, savedAt, fileCount}, downloaded}} or, without a snapshot, to
   * {resultJson: null, repository: {status: 'failed', kind, reason}}; an engine failure rejects.
   */
  async review(pr, { diffBytes, meta, headFiles }, policy) {
    if (policy === 'never') return failed('not-allowed', NEVER_REASON);
    const snapshot = await this.choose(pr);
    if (!snapshot) return failed('not-allowed', NO_COMMIT_REASON);
    const key = snapshotKey(snapshot);
    const runKey = pullRequestKey(pr);
    const run = { controller: new AbortController(), progress: { phase: 'downloading', receivedBytes: 0, totalBytes: null } };
    this.running.set(runKey, run);
    try {
      let downloaded = false;
      let about = null;
      if (!this.engine.isRepositoryOpen(key)) {
        const loaded = await this.snapshots.load(snapshot, {
          signal: run.controller.signal,
          onProgress: ({ receivedBytes, totalBytes }) => { run.progress = { phase: 'downloading', receivedBytes, totalBytes }; },
        });
        downloaded = loaded.downloaded;
        about = describe(snapshot, loaded.meta);
        run.progress = { ...run.progress, phase: 'indexing' };
        await this.engine.openRepository(key, () => loaded.files, about);
        this.closeForgotten(key);
      } else {
        ({ about } = await this.engine.openRepository(key, () => { throw new Error('already open'); }));
      }
      const resultJson = await this.reviewWith(diffBytes, meta, headFiles, key);
      return { resultJson, repository: { status: 'read', snapshot: about, downloaded } };
    } catch (error) {
      if (error instanceof SnapshotUnavailable) return failed(error.kind, error.message);
      throw error;
    } finally {
      if (this.running.get(runKey) === run) this.running.delete(runKey);
    }
  }

  /** How far the review of `pr` with its repository got ({phase, receivedBytes, totalBytes}), or null. */
  progress(pr) {
    return this.running.get(pullRequestKey(pr))?.progress ?? null;
  }

  /** Stops the download for `pr` (another pull request waiting on the same one keeps it going). */
  cancel(pr) {
    this.running.get(pullRequestKey(pr))?.controller.abort();
  }

  // A snapshot evicted from the store (or forgotten on the options page) leaves the engine too.
  closeForgotten(current) {
    this.snapshots.store.list().then((metas) => {
      const kept = new Set(metas.map((meta) => meta.key));
      this.engine.closeRepositories((key) => key !== current && !kept.has(key));
    }, () => {});
  }
}

const failed = (kind, reason) => ({ resultJson: null, repository: { status: 'failed', kind, reason } });

// What the panel shows of a snapshot (shared/snapshot-text.js).
function describe(snapshot, meta) {
  return {
    ref: snapshot.ref, sha: snapshot.sha, at: snapshot.at, committedAt: meta.committedAt ?? null, savedAt: meta.savedAt ?? null,
    fileCount: meta.fileCount,
  };
}
