// The reviewer's exported verdicts: what the file holds (scripts/import-labels reads it) and what
// it leaves out.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { FIELD_LABELS_FORMAT, fieldLabelsFile, fieldLabelsFileName, unexportable } from '../../extension/content/field-labels.js';

const verdicts = [
  { rule: 'P1', message_id: 'claim_without_numbers', path: null, line: null, side: 'new', severity: 'note', verdict: 'TP', why: 'no timings' },
  { rule: 'B4', message_id: 'unsafe_skip', path: 'k.py', line: 12, side: 'new', severity: 'note', verdict: 'FP', why: '' },
];
const meta = {
  repo: 'ROCm/ATOM', number: 42, title: 'Speed up the decode path', body: 'Faster.', labels: ['perf'],
  head_sha: 'a'.repeat(40), base_sha: 'b'.repeat(40), base_ref: 'main', author: 'someone',
  comments: [{ author: 'someone-else', body: 'looks good' }], checks: [{ name: 'ci', state: 'success' }],
};

test('the export carries the verdicts as labels, the diff, the PR text the rules read and the files read whole', () => {
  const inputs = { diff: 'diff --git a/k.py b/k.py\n', meta, headFiles: [{ path: 'k.py', text: 'x = 1\n' }] };
  const file = fieldLabelsFile({ verdicts, inputs, exportedAt: '2026-12-06', engine: 'c'.repeat(40) });
  assert.equal(file.format, FIELD_LABELS_FORMAT);
  assert.equal(file.engine, 'c'.repeat(40));
  assert.equal(file.exported_at, '2026-12-06');
  assert.equal(file.diff, inputs.diff);
  assert.deepEqual(file.head_files, [{ path: 'k.py', text: 'x = 1\n' }]);
  assert.deepEqual(file.pr, {
    repo: 'ROCm/ATOM', number: 42, title: 'Speed up the decode path', body: 'Faster.', labels: ['perf'],
    head_sha: 'a'.repeat(40), base_sha: 'b'.repeat(40), base_ref: 'main',
  }, 'no author, comments or checks: they name people and no finding reads them');
  assert.deepEqual(file.labels.map(({ rule, mode, verdict }) => [rule, mode, verdict]), [['P1', 'whole', 'TP'], ['B4', 'whole', 'FP']]);
  assert.deepEqual(Object.keys(file.labels[1]), ['rule', 'message_id', 'path', 'line', 'side', 'severity', 'mode', 'verdict', 'why']);
});

test('a review that read no file whole gives hunks-mode labels', () => {
  const file = fieldLabelsFile({ verdicts, inputs: { diff: 'd', meta, headFiles: [] }, exportedAt: '2026-12-06', engine: 'x' });
  assert.deepEqual(file.labels.map((label) => label.mode), ['hunks', 'hunks']);
  assert.deepEqual(file.head_files, []);
});

test('the extension built outside a git checkout names its engine unknown', () => {
  const file = fieldLabelsFile({ verdicts, inputs: { diff: 'd', meta, headFiles: [] }, exportedAt: '2026-12-06' });
  assert.equal(file.engine, 'unknown', 'node runs the source, which no build has stamped');
});

test('the file name says whose pull request and which head, in characters any disk takes', () => {
  assert.equal(fieldLabelsFileName({ owner: 'ROCm', repo: 'ATOM', number: 42 }, 'a'.repeat(40)), `atom-review-labels-ROCm-ATOM-42-${'a'.repeat(10)}.json`);
  assert.equal(fieldLabelsFileName({ owner: 'o', repo: 'a b/../c', number: 1 }), 'atom-review-labels-o-a-b-..-c-1.json');
});

test('an export without the head commit, which names the labels, is not saved: the panel asks for a reload', () => {
  const file = (headSha) => fieldLabelsFile({ verdicts, inputs: { diff: 'd', meta: { ...meta, head_sha: headSha }, headFiles: [] },
    exportedAt: '2026-12-06' });
  assert.equal(unexportable(file('a'.repeat(40))), null);
  for (const missing of [undefined, '', 'abc1234', 'A'.repeat(40), `${'a'.repeat(40)}\n`]) {
    assert.match(unexportable(file(missing)), /has not named its head commit.*reload/, String(missing));
  }
});
