// Which files make up a rule, and the git comparison that decides whether a label is stale.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import {
  commitRuleTree, readEquivalences, ruleChangeChecker, ruleFiles, sourceId, worktreeRuleTree,
} from '../../scripts/lib/precision/rule_files.mjs';

const tree = (files) => new Map(Object.entries(files).map(([path, text]) => [path, { blob: `blob:${text}`, text: () => text }]));

const SOURCES = {
  'core/rules/rule.h': '',
  'core/rules/finding.h': '',
  'core/rules/d/d1_atomic.cc': '#include "core/rules/rule.h"\n#include "core/rules/d/dg_support.h"\n',
  'core/rules/d/d1b_branch.cc': '#include "core/rules/rule.h"\n',
  'core/rules/d/dg_support.h': '#include "core/rules/d/python_chain.h"\n',
  'core/rules/d/dg_support.cc': '',
  'core/rules/d/python_chain.h': '',
  'core/rules/d/python_chain.cc': '',
  'core/rules/d/custom_ops.cc': '',
  'core/rules/b/b5_signatures.cc': '#include "core/rules/b/b5_subchecks.h"\n',
  'core/rules/b/b5_fallbacks.cc': '',
  'core/rules/b/b5_subchecks.h': '#include "core/rules/finding.h"\n',
};

test('a rule is its own id_ files plus the category support files they include, transitively', () => {
  const sources = tree(SOURCES);
  assert.deepEqual(ruleFiles('D1', sources), ['core/rules/d/d1_atomic.cc', 'core/rules/d/dg_support.cc', 'core/rules/d/dg_support.h',
    'core/rules/d/python_chain.cc', 'core/rules/d/python_chain.h']);
  assert.deepEqual(ruleFiles('D1b', sources), ['core/rules/d/d1b_branch.cc'], 'd1_ does not take d1b_, nor the shared interface');
  assert.deepEqual(ruleFiles('B5', sources), ['core/rules/b/b5_fallbacks.cc', 'core/rules/b/b5_signatures.cc', 'core/rules/b/b5_subchecks.h']);
});

test('a change to a support file makes the rules that include it stale, and only those', () => {
  const before = tree(SOURCES);
  const after = tree({ ...SOURCES, 'core/rules/d/python_chain.cc': 'changed' });
  const unchanged = ruleChangeChecker('unused', after, (commit) => (commit === 'known' ? before : null));
  assert.equal(unchanged('D1', 'known'), false);
  assert.equal(unchanged('D1b', 'known'), true);
  assert.equal(unchanged('B5', 'known'), true);
  assert.equal(unchanged('B5', 'unknown'), null);
  const withNewSubfile = tree({ ...SOURCES, 'core/rules/b/b5_receivers.cc': '' });
  assert.equal(ruleChangeChecker('unused', withNewSubfile, () => before)('B5', 'known'), false, 'a new sub-file is a change');
});

test('a rewrite recorded as equivalent keeps the labels of the rule it changed, through several rewrites too', () => {
  const first = tree(SOURCES);
  const second = tree({ ...SOURCES, 'core/rules/d/d1b_branch.cc': 'rewritten once' });
  const third = tree({ ...SOURCES, 'core/rules/d/d1b_branch.cc': 'rewritten twice', 'core/rules/d/python_chain.cc': 'changed' });
  const trees = { first, second };
  const steps = [
    { rule: 'D1b', from: sourceId('D1b', first), to: sourceId('D1b', second), evidence: 'same output' },
    { rule: 'D1b', from: sourceId('D1b', second), to: sourceId('D1b', third), evidence: 'same output' },
  ];
  const unchanged = ruleChangeChecker('unused', third, (commit) => trees[commit] ?? null, steps);
  assert.equal(unchanged('D1b', 'first'), true, 'first → second → third');
  assert.equal(unchanged('D1b', 'second'), true);
  assert.equal(unchanged('D1', 'first'), false, 'an equivalence of one rule says nothing of another');
  assert.equal(ruleChangeChecker('unused', third, () => first, [steps[0]])('D1b', 'any'), false, 'a gap in the chain is a change');
  assert.equal(ruleChangeChecker('unused', first, () => third, steps)('D1b', 'any'), false, 'a rewrite is not undone backwards');
});

test('the equivalences file: absent is none; each entry names rule, from, to and its evidence', (t) => {
  const dir = mkdtempSync(join(tmpdir(), 'atom-equivalences-'));
  t.after(() => rmSync(dir, { recursive: true, force: true }));
  assert.deepEqual(readEquivalences(join(dir, 'none.json')), []);
  const good = { equivalences: [{ rule: 'D1b', from: 'a', to: 'b', evidence: 'byte-identical output' }] };
  writeFileSync(join(dir, 'good.json'), JSON.stringify(good));
  assert.deepEqual(readEquivalences(join(dir, 'good.json')), good.equivalences);
  writeFileSync(join(dir, 'bad.json'), JSON.stringify({ equivalences: [{ rule: 'D1b', from: 'a', to: 'b' }] }));
  assert.throws(() => readEquivalences(join(dir, 'bad.json')), /equivalences\[0\]\.evidence is not a non-empty string/);
  writeFileSync(join(dir, 'broken.json'), '{');
  assert.throws(() => readEquivalences(join(dir, 'broken.json')), /broken\.json/);
});

test('git: blobs at a commit and in the working tree', (t) => {
  const root = mkdtempSync(join(tmpdir(), 'atom-rule-files-'));
  t.after(() => rmSync(root, { recursive: true, force: true }));
  const git = (...args) => execFileSync('git', ['-c', 'user.name=t', '-c', 'user.email=t@t', ...args], { cwd: root }).toString().trim();
  const put = (path, text) => {
    mkdirSync(dirname(join(root, path)), { recursive: true });
    writeFileSync(join(root, path), text);
  };
  git('init', '-q');
  for (const [path, text] of Object.entries(SOURCES)) put(path, text);
  git('add', '.');
  git('commit', '-q', '-m', 'first');
  const first = git('rev-parse', 'HEAD');
  put('core/rules/b/b5_fallbacks.cc', 'int fallback;\n');
  git('commit', '-q', '-am', 'second');

  assert.deepEqual(ruleFiles('D1', commitRuleTree(root, first)), ruleFiles('D1', tree(SOURCES)));
  assert.equal(commitRuleTree(root, '0123456789'), null, 'an unknown commit');
  const unchanged = ruleChangeChecker(root);
  assert.equal(unchanged('B5', first), false);
  assert.equal(unchanged('D1', first), true);
  assert.equal(unchanged('B5', 'HEAD'), true);
  put('core/rules/d/dg_support.h', '// edited, not committed\n');
  assert.equal(ruleChangeChecker(root)('D1', 'HEAD'), false, 'the working tree is what the build measures');
  assert.equal(worktreeRuleTree(root).get('core/rules/d/dg_support.h').blob, git('hash-object', 'core/rules/d/dg_support.h'));
});
