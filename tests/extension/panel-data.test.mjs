// The pure parts behind the panel: the tier badge's tooltip, the risk map's
// counts, where the reviewer's ticks and dismissals are kept, and how dismissals reach the engine.
import assert from 'node:assert/strict';
import { afterEach, test } from 'node:test';
import {
  loadPanelCollapsed, loadReviewState, reviewStateKey, reviewedDiffId, savePanelCollapsed, saveReviewState,
} from '../../extension/content/review-storage.js';
import { findingsByPath, tileTitle } from '../../extension/content/risk-summary.js';
import { metaForRequest, parseDismissed, parseReviewRequest, reviewRequest } from '../../extension/shared/messages.js';
import { tooltipFor } from '../../extension/content/views/tier-badge.js';

const FILE = { path: 'a.py', tier: 1, tier_reason: 'every forward pass', blast_radius: 'ALL inference',
  failure_mode: 'OOM', high_visibility: false };

test('tier tooltip: why, blast radius, failure mode, and the checklist only when the engine calls it mandatory', () => {
  assert.equal(tooltipFor(FILE, { items: ['Check one', 'Check two'], mandatory: true }),
    'atom-review: Tier 1 — every forward pass\nBlast radius: ALL inference\nFailure mode: OOM\n'
    + 'Mandatory checklist:\n☐ Check one\n☐ Check two');
  assert.equal(tooltipFor(FILE, { items: ['Check one'], mandatory: false }),
    'atom-review: Tier 1 — every forward pass\nBlast radius: ALL inference\nFailure mode: OOM',
    'the page does not decide by the tier itself');
  assert.equal(tooltipFor({ ...FILE, tier: 3, high_visibility: true }, { items: ['Bridge check'], mandatory: false }),
    'atom-review: Tier 3 · high visibility (plugin bridge) — every forward pass\nBlast radius: ALL inference\nFailure mode: OOM');
  assert.equal(tooltipFor({ path: 'b.py', tier: 2 }), 'atom-review: Tier 2');
});

function fakeStorage() {
  const data = new Map();
  return {
    data,
    local: {
      async get(key) { return data.has(key) ? { [key]: structuredClone(data.get(key)) } : {}; },
      async set(items) { for (const [key, value] of Object.entries(items)) data.set(key, structuredClone(value)); },
    },
  };
}
afterEach(() => { delete globalThis.chrome; });

test('ticks are kept per pull request and per reviewed diff', async () => {
  const storage = fakeStorage();
  globalThis.chrome = { storage };
  const result = { stats: { files: 1, bytes: 10 }, files: [{ path: 'a.py', additions: 1, deletions: 0 }] };
  const pushed = { ...result, files: [{ path: 'a.py', additions: 2, deletions: 0 }] };
  const id = await reviewedDiffId(result);
  assert.equal(id, await reviewedDiffId(structuredClone(result)), 'the same diff, the same id');
  assert.notEqual(id, await reviewedDiffId(pushed), 'a new push, a new id');
  const key = reviewStateKey({ owner: 'ROCm', repo: 'ATOM', number: 7 }, id);
  assert.equal(key, `atom-review:pr:ROCm/ATOM#7@${id}`);
  assert.deepEqual(await loadReviewState(key), { checked: [], dismissed: [], verdicts: [] });
  await saveReviewState(key, { checked: new Set(['b', 'a']) });
  const dismissed = [{ rule: 'B4', path: 'a.py', line: 3, reason: 'fine' }];
  await saveReviewState(key, { dismissed });
  assert.deepEqual(await loadReviewState(key), { checked: ['a', 'b'], dismissed, verdicts: [] });
  storage.data.set(key, {
    checked: ['a', 3, null], dismissed: [{ rule: 'B4', path: 'a.py', line: 3 }, { rule: 1 }],
    verdicts: [{ rule: 'P1', path: null, line: null, verdict: 'TP' }, { rule: 'B4', path: 'a.py', line: 3, verdict: 'maybe' }, 'TP'],
  });
  assert.deepEqual(await loadReviewState(key), {
    checked: ['a'], dismissed: [{ rule: 'B4', path: 'a.py', line: 3, reason: '' }],
    verdicts: [{ rule: 'P1', message_id: '', path: null, line: null, side: 'new', severity: '', verdict: 'TP', why: '', exported: false }],
  }, 'whatever another version wrote is read safely');
});

test('the panel\'s collapsed state is one setting for every page', async () => {
  globalThis.chrome = { storage: fakeStorage() };
  assert.equal(await loadPanelCollapsed(), false);
  await savePanelCollapsed(true);
  assert.equal(await loadPanelCollapsed(), true);
});

test('risk map: counts per file, its first finding on top (the engine sorts them most severe first), a title naming both', () => {
  const findings = [
    { path: null, severity: 'red', rule: 'P', problem: 'PR level' },
    { path: 'a.py', severity: 'red', rule: 'R', problem: 'the red one' },
    { path: 'a.py', severity: 'red', rule: 'R2', problem: 'a later red' },
    { path: 'a.py', severity: 'warn', rule: 'W', problem: 'first warn' },
    { path: 'b.py', severity: 'note', rule: 'N', problem: 'a note' },
  ];
  const byPath = findingsByPath(findings);
  assert.deepEqual([...byPath.keys()], ['a.py', 'b.py']);
  assert.deepEqual({ ...byPath.get('a.py'), top: byPath.get('a.py').top.rule }, { red: 2, warn: 1, top: 'R' });
  assert.equal(tileTitle({ path: 'a.py', tier: 1, additions: 3, deletions: 1 }, byPath.get('a.py')),
    'a.py — Tier 1, 4 changed lines; top finding (must fix): the red one');
  assert.equal(tileTitle({ path: 'c.py', tier: 3, additions: 1, deletions: 0 }, undefined),
    'c.py — Tier 3, 1 changed line; no findings');
});

test('dismissals travel in the review request to the engine meta; malformed ones are dropped whole', () => {
  const dismissed = [{ rule: 'B4', path: 'a.py', line: 98, reason: 'checked by hand' }, { rule: 'P1', path: null, line: null, reason: '' }];
  const pr = { owner: 'ROCm', repo: 'ATOM', number: 3, dismissed };
  const parsed = parseReviewRequest(reviewRequest(pr));
  assert.deepEqual(parsed.dismissed, dismissed);
  assert.deepEqual(metaForRequest(parsed).dismissed, dismissed);
  assert.equal('dismissed' in reviewRequest({ ...pr, dismissed: [] }), false);
  assert.equal(parseDismissed([{ rule: 'B4', path: 'a.py', line: -1, reason: '' }]), undefined);
  assert.equal(parseDismissed([{ rule: 7, path: 'a.py', line: 1 }]), undefined);
  assert.equal(parseDismissed('B4'), undefined);
  assert.deepEqual(parseDismissed([{ rule: 'B4', path: 'a.py', line: 1, reason: 5 }]), [{ rule: 'B4', path: 'a.py', line: 1, reason: '' }]);
  assert.equal('dismissed' in metaForRequest(parseReviewRequest(reviewRequest({ ...pr, dismissed: undefined }))), false);
});
