// scripts/label-sample's pure parts: the stratified, seeded choice and the excerpts beside a finding.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { atPlaces, chooseStratified, isHeldOut, seededRandom, tiedPlaces, withoutLabelled } from '../../scripts/lib/label_sample/choose.mjs';
import { enclosingFunction, hunkExcerpt } from '../../scripts/lib/label_sample/excerpts.mjs';

const candidate = (rule, line, mode = 'hunks', commit = '8000000001') =>
  ({ repo: 'ROCm/ATOM', commit, mode, finding: { rule, path: 'atom/x.py', line, side: 'new' } });

test('held-out half: sha10 starting 8–f', () => {
  assert.deepEqual(['0a', '7f', '80', '9b', 'a0', 'F1'].map(isHeldOut), [false, false, true, true, true, true]);
});

test('at most K per rule, rules in the given order, the same draw for the same seed', () => {
  const pool = [...Array(20)].map((_, i) => candidate('B1', i + 1)).concat([candidate('A1', 1), candidate('ZZ', 1)]);
  const chosen = chooseStratified(pool, { perRule: 5, seed: 7, ruleOrder: ['A1', 'B1'] });
  assert.deepEqual(chosen.map((c) => c.finding.rule), ['A1', 'B1', 'B1', 'B1', 'B1', 'B1', 'ZZ']);
  const again = chooseStratified(pool.slice().reverse(), { perRule: 5, seed: 7, ruleOrder: ['A1', 'B1'] });
  assert.deepEqual(again.map((c) => c.finding.line), chosen.map((c) => c.finding.line), 'input order does not matter');
  const otherSeed = chooseStratified(pool, { perRule: 5, seed: 8, ruleOrder: ['A1', 'B1'] });
  assert.notDeepEqual(otherSeed.map((c) => c.finding.line), chosen.map((c) => c.finding.line));
});

test('a finding taken in one mode is not offered again in the other', () => {
  const pool = [candidate('D1b', 3, 'hunks'), candidate('D1b', 3, 'whole'), candidate('D1b', 9, 'whole')];
  const chosen = chooseStratified(pool, { perRule: 8, seed: 1 });
  assert.equal(chosen.length, 2);
  assert.deepEqual(chosen.map((c) => c.finding.line).sort(), [3, 9]);
});

test('seededRandom is deterministic and in [0, 1)', () => {
  const a = seededRandom(42);
  const b = seededRandom(42);
  const values = [...Array(100)].map(() => a());
  assert.deepEqual(values, [...Array(100)].map(() => b()));
  assert.ok(values.every((v) => v >= 0 && v < 1));
});

const DIFF = [
  'diff --git a/atom/x.py b/atom/x.py',
  '--- a/atom/x.py',
  '+++ b/atom/x.py',
  '@@ -10,4 +10,5 @@ def run(self):',
  '     a = 1',
  '-    b = 2',
  '+    b = 3',
  '+    c = 4',
  '     return a',
  'diff --git a/atom/y.py b/atom/y.py',
  '--- a/atom/y.py',
  '+++ b/atom/y.py',
  '@@ -1,1 +1,1 @@',
  '-x',
  '+y',
].join('\n');

test('hunkExcerpt marks the line on its side, in the right file', () => {
  const added = hunkExcerpt(DIFF, 'atom/x.py', 12, 'new');
  assert.match(added, /^@@ -10,4 \+10,5 @@/);
  assert.match(added, /^▶\+    c = 4$/m);
  assert.doesNotMatch(added, /^▶\+    b = 3$/m);
  assert.match(hunkExcerpt(DIFF, 'atom/x.py', 11, 'old'), /^▶-    b = 2$/m);
  assert.match(hunkExcerpt(DIFF, 'atom/y.py', 1, 'new'), /^▶\+y$/m);
  assert.equal(hunkExcerpt(DIFF, 'atom/x.py', 99, 'new'), '');
  assert.equal(hunkExcerpt(DIFF, 'atom/z.py', 1, 'new'), '');
  assert.match(hunkExcerpt(DIFF, 'atom/x.py', null, 'new'), /^@@ -10,4/, 'a file-level finding gets the first hunk');
});

test('enclosingFunction: the Python def around the line, and the C++ body', () => {
  const python = ['class A:', '    def f(self):', '        x = 1', '', '        if x:', '            y = 2', '        return y', '', '    def g(self):', '        pass'].join('\n');
  const around = enclosingFunction(python, 'atom/a.py', 6);
  assert.deepEqual([around.first, around.last, around.whole], [2, 7, true]);
  assert.match(around.text, /^▶6 {14}y = 2$/m);
  assert.deepEqual([enclosingFunction(python, 'atom/a.py', 9).first, enclosingFunction(python, 'atom/a.py', 9).last], [9, 10]);
  const cpp = ['#include <x>', '', 'int add(int a,', '        int b) {', '  return a + b;', '}', '', 'int z;'].join('\n');
  const body = enclosingFunction(cpp, 'csrc/add.cu', 5);
  assert.deepEqual([body.first, body.last, body.whole], [3, 6, true]);
  const text = enclosingFunction('a\nb\nc\n', 'README.md', 2, { fallback: 1 });
  assert.deepEqual([text.first, text.last, text.whole], [1, 3, false]);
  assert.equal(enclosingFunction(python, 'atom/a.py', 0), null);
});

test('--unlabelled: a finding labelled in either mode is left out', () => {
  const pool = [candidate('HK5', 3, 'hunks'), candidate('HK5', 3, 'whole'), candidate('HK5', 4, 'whole'), candidate('P1', 3, 'whole')];
  const labels = [{ repo: 'ROCm/ATOM', commit: '8000000001', mode: 'hunks', rule: 'HK5', path: 'atom/x.py', line: 3, side: 'new', verdict: 'TP' }];
  assert.deepEqual(withoutLabelled(pool, labels).map((c) => `${c.finding.rule}:${c.finding.line}:${c.mode}`), ['HK5:4:whole', 'P1:3:whole']);
  assert.equal(withoutLabelled(pool, []).length, pool.length);
});

test('--tied: the findings whose counted labels split evenly on the call, in either mode', () => {
  const at = (line, verdict, labeler, extra = {}) => ({
    repo: 'ROCm/ATOM', commit: '8000000001', mode: 'hunks', rule: 'HK5', path: 'atom/x.py', line, side: 'new', verdict, labeler, engine: 'now', ...extra,
  });
  const labels = [
    at(3, 'TP', 'a'), at(3, 'LOW', 'b', { mode: 'whole' }),                      // tied: offered
    at(4, 'TP', 'a'), at(4, 'LOW', 'b'), at(4, 'TP', 'c'),                        // a third opinion settled it
    at(5, 'LOW', 'a'), at(5, 'FP', 'b'),                                           // split on the verdict, not the call
    at(6, 'TP', 'a'), at(6, 'LOW', 'b', { engine: 'old' }),                       // the LOW is stale: one counted opinion
    at(7, 'TP', 'a'), at(7, 'LOW', 'a', { mode: 'whole' }),                       // one labeller, two modes: one opinion
  ];
  const unchanged = (rule, engine) => engine === 'now';
  const places = tiedPlaces(labels, unchanged);
  assert.equal(places.size, 1);
  const pool = [3, 4, 5, 6, 7].flatMap((line) => [candidate('HK5', line, 'hunks'), candidate('HK5', line, 'whole')]);
  assert.deepEqual(atPlaces(pool, places).map((c) => `${c.finding.line}:${c.mode}`), ['3:hunks', '3:whole']);
});
