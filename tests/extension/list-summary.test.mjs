import assert from 'node:assert/strict';
import { test } from 'node:test';
import { summarizeForList } from '../../extension/background/list-summary.js';
import { ListSummaryStore } from '../../extension/background/list-summary-store.js';

const finding = (severity, rule, path, line) => ({ severity, rule, path, line, problem: `${rule} problem` });

test('the engine\'s tier and counts (stats), the types, its first three findings, the Tier 1/2 files', () => {
  const summary = summarizeForList({
    stats: { red: 2, warn: 2, notes: 1, top_tier: 1 },
    files: [{ path: 'b.py', tier: 2 }, { path: 'z.py', tier: 1 }, { path: 'a.py', tier: 1 }, { path: 'c.md', tier: 3 }],
    pr_types: [{ id: 'performance', evidence: '' }, { id: 'bugfix', evidence: '' }],
    // As the engine gives them: most severe first, then by place.
    findings: [finding('red', 'R2', 'b.py', 4), finding('red', 'R1', 'z.py', 3), finding('warn', 'W2', null, null),
      finding('warn', 'W1', 'a.py', 2), finding('note', 'N1', 'a.py', 1)],
  });
  assert.equal(summary.tier, 1);
  assert.equal(summary.red, 2);
  assert.equal(summary.warn, 2);
  assert.deepEqual(summary.types, ['performance', 'bugfix']);
  assert.deepEqual(summary.topFindings.map((f) => f.rule), ['R2', 'R1', 'W2']);
  assert.deepEqual(summary.tierFiles, { 1: ['a.py', 'z.py'], 2: ['b.py'] });
  assert.deepEqual(summary.tierFileCounts, { 1: 2, 2: 1 });
});

test('a pull request touching hundreds of Tier 1 files keeps a few names and the count', async () => {
  const { doneTooltip } = await import('../../extension/content/views/list-badge.js');
  const files = Array.from({ length: 300 }, (_, i) => ({ path: `atom/kernels/k${String(i).padStart(3, '0')}.py`, tier: 1 }));
  const summary = summarizeForList({ files });
  assert.equal(summary.tierFiles[1].length, 8);
  assert.equal(summary.tierFileCounts[1], 300);
  assert.ok(JSON.stringify(summary).length < 1000, 'small enough to keep hundreds of rows');
  assert.match(doneTooltip(summary), /Tier 1 files \(300\): atom\/kernels\/k000\.py, .*k007\.py and 292 more/);
});

test('an empty result has no tier and no counts', () => {
  assert.deepEqual(summarizeForList({}), { tier: null, red: 0, warn: 0, types: [], topFindings: [], tierFiles: { 1: [], 2: [] }, tierFileCounts: { 1: 0, 2: 0 } });
});

test('the badge tooltip names the tier, counts, types, top findings and the Tier 1/2 files', async () => {
  const { doneTooltip } = await import('../../extension/content/views/list-badge.js');
  const text = doneTooltip({ tier: 1, red: 1, warn: 0, types: ['bugfix'],
    topFindings: [{ severity: 'red', rule: 'B4', path: 'a.py', line: 3, problem: 'Stale cache' }],
    tierFiles: { 1: ['a.py'], 2: Array.from({ length: 10 }, (_, i) => `f${i}.py`) } });
  assert.equal(text, ['atom-review: Tier 1 touched · 1 red · 0 warn', 'Types: bugfix', 'Top findings:',
    '  red B4 a.py:3 — Stale cache', 'Tier 1 files (1): a.py',
    'Tier 2 files (10): f0.py, f1.py, f2.py, f3.py, f4.py, f5.py, f6.py, f7.py and 2 more',
    'Click to open the files page.'].join('\n'));
});

test('a summary the storage refuses is still shown, its tooltip saying it was not kept and why', async () => {
  const { doneTooltip } = await import('../../extension/content/views/list-badge.js');
  const full = { get: async () => ({}), remove: async () => {}, set: async () => { throw new Error('QUOTA_BYTES quota exceeded'); } };
  const store = new ListSummaryStore({ storage: full });
  const summary = summarizeForList({ files: [{ path: 'a.py', tier: 2 }] });
  // As list-summaries.js does with a refused write: the summary, with the reason in `notKept`.
  const shown = await store.put({ owner: 'octo-org', repo: 'widgets', number: 5, headSha: 'a'.repeat(40) }, summary)
    .then(() => summary, (error) => ({ ...summary, notKept: error.message }));
  assert.equal(shown.notKept, 'not kept: QUOTA_BYTES quota exceeded');
  const lines = doneTooltip(shown).split('\n');
  assert.equal(lines.at(-2), 'Result not kept: QUOTA_BYTES quota exceeded');
  assert.equal(lines.at(-1), 'Click to open the files page.');
  assert.ok(!doneTooltip(summary).includes('not kept'));
});
