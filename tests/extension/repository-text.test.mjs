// The panel's words for the repository check: what the review read, the offer (with the size when
// a download of the repository is known), the progress, and each fallback's reason.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { megabytes, progressText, repositoryLine, snapshotText } from '../../extension/content/repository-text.js';

const HOUR = 3_600_000;
const NOW = 100 * HOUR;
const SNAPSHOT = { ref: 'main', sha: '1a2b3c4d'.padEnd(40, '0'), at: 'base', committedAt: NOW - 3 * HOUR, savedAt: NOW, fileCount: 578 };
const ASK = { policy: 'ask', status: 'ask', snapshot: { ref: 'main', sha: SNAPSHOT.sha, at: 'base' }, sizeBytes: null };
const status = (fields) => ({ plan: ASK, wanted: false, running: false, progress: null, outcome: null, ...fields });

test('sizes and progress in bytes', () => {
  assert.equal(megabytes(3_800_000), '3.8 MB');
  assert.equal(megabytes(1200), '1 kB');
  assert.equal(megabytes(10), '1 kB');
  assert.equal(progressText({ receivedBytes: 1_200_000, totalBytes: 3_800_000 }), '1.2 MB of 3.8 MB');
  assert.equal(progressText({ receivedBytes: 1_200_000, totalBytes: null }), '1.2 MB');
});

test('the snapshot read: the base branch\'s, or the head\'s when the page names no base', () => {
  assert.equal(snapshotText(SNAPSHOT, NOW), 'main @ 1a2b3c4, 3 h old, 578 files');
  assert.equal(snapshotText({ ...SNAPSHOT, ref: null, at: 'head' }, NOW),
    "the PR's head 1a2b3c4 (no base commit on the page), 3 h old, 578 files");
});

test('the line: asked, running, read, failed, off', () => {
  assert.equal(repositoryLine(null), null);
  assert.equal(repositoryLine(status({ plan: null })), null, 'nothing before the background said');
  assert.deepEqual(repositoryLine(status({}), NOW),
    { state: 'touched-files', text: 'Read the touched files only', offer: 'Check against the whole repository' });
  assert.equal(repositoryLine(status({ plan: { ...ASK, sizeBytes: 3_800_000 } }), NOW).offer, 'Check against the whole repository — 3.8 MB');
  assert.deepEqual(repositoryLine(status({ wanted: true, running: true, progress: { phase: 'downloading', receivedBytes: 1, totalBytes: 2 } }), NOW),
    { state: 'running', text: 'Downloading the repository (main @ 1a2b3c4)…', offer: null });
  assert.equal(repositoryLine(status({ running: true, progress: { phase: 'indexing' } }), NOW).text, 'Indexing the repository (main @ 1a2b3c4)…');
  assert.deepEqual(repositoryLine(status({ outcome: { status: 'read', snapshot: SNAPSHOT, downloaded: true } }), NOW),
    { state: 'read', text: 'Checked against the whole repository: main @ 1a2b3c4, 3 h old, 578 files', offer: null });
  assert.deepEqual(repositoryLine(status({ outcome: { status: 'failed', kind: 'http', reason: 'download failed: HTTP 404' } }), NOW),
    { state: 'touched-files', text: 'Read the touched files only: download failed: HTTP 404', offer: 'Check against the whole repository' });
  const always = { policy: 'always', status: 'start', snapshot: ASK.snapshot };
  assert.equal(repositoryLine(status({ plan: always, outcome: { status: 'failed', reason: 'too slow: not done within 60 s' } }), NOW).offer,
    'Check against the whole repository', 'a failed automatic check may be tried again');
  assert.deepEqual(repositoryLine(status({ plan: { policy: 'never', status: 'off', reason: 'not allowed: never' } }), NOW),
    { state: 'touched-files', text: 'Read the touched files only: not allowed: never', offer: null });
});
