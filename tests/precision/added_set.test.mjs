// The added-file sets (scripts/corpus-trees' <trees>/added/<repo>/<sha10>/): found by repository and
// tree, and reviewed by runEngine through `batch` on their diffs, in hunks mode only.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { chmodSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { addedSet, addedSets, runEngine } from '../../scripts/lib/precision/engine_runs.mjs';

// A folder with a shared/ (an empty corpus), trees/ holding one added-file set of ATOM with two
// diffs, and cli: a stand-in for atom-review whose `batch DIR` gives one finding per diff in DIR,
// on the path the diff's name spells ("atom__x.py.diff" → atom/x.py).
function workspace() {
  const top = mkdtempSync(join(tmpdir(), 'added-set-'));
  mkdirSync(join(top, 'shared/corpus/atom'), { recursive: true });
  const diffs = join(top, 'trees/added/atom/95236c19fc/diffs');
  mkdirSync(diffs, { recursive: true });
  for (const name of ['atom__x.py', 'atom__y.py']) {
    writeFileSync(join(diffs, `${name}.diff`), 'diff');
    writeFileSync(join(diffs, `${name}.meta.json`), '{"repo": "ROCm/ATOM"}');
  }
  const cli = join(top, 'cli');
  writeFileSync(cli, `#!/usr/bin/env node
const { readdirSync } = require('node:fs');
const [command, ...rest] = process.argv.slice(2);
if (command === '--help') { console.log('batch [--all-rules]'); process.exit(0); }
if (command !== 'batch') process.exit(2);
const dir = rest.at(-1);
for (const name of readdirSync(dir).filter((n) => n.endsWith('.diff')).sort()) {
  const path = name.slice(0, -5).replaceAll('__', '/');
  console.log(JSON.stringify({ input: dir + '/' + name, findings: [{ rule: 'D1b', path, line: 3, side: 'new', all: rest.includes('--all-rules') }] }));
}
console.log(JSON.stringify({ summary: {} }));
`);
  chmodSync(cli, 0o755);
  return { top, shared: join(top, 'shared'), trees: join(top, 'trees'), cli };
}

test('an added-file set is found by repository and tree sha10; none without trees', () => {
  const { top, trees } = workspace();
  try {
    assert.equal(addedSet(trees, 'ROCm/ATOM', '95236c19fc'), join(trees, 'added/atom/95236c19fc'));
    assert.equal(addedSet(trees, 'ROCm/aiter', '95236c19fc'), null);
    assert.equal(addedSet(trees, 'ROCm/ATOM', '0000000000'), null);
    assert.equal(addedSet(null, 'ROCm/ATOM', '95236c19fc'), null);
    assert.deepEqual(addedSets(trees), [{ repo: 'ROCm/ATOM', commit: '95236c19fc' }]);
    assert.deepEqual(addedSets(join(top, 'nowhere')), []);
  } finally {
    rmSync(top, { recursive: true, force: true });
  }
});

test('runEngine reviews every diff of an added-file set with every rule on; whole mode and unknown trees are missing', () => {
  const { top, shared, trees, cli } = workspace();
  try {
    const { findings, missing } = runEngine({ cli, shared, trees, targets: [
      { repo: 'ROCm/ATOM', commit: '95236c19fc', mode: 'hunks' },
      { repo: 'ROCm/ATOM', commit: '95236c19fc', mode: 'whole' },
      { repo: 'ROCm/ATOM', commit: '0000000000', mode: 'hunks' },
    ] });
    assert.deepEqual(findings.map(({ commit, mode, finding }) => `${commit} ${mode} ${finding.rule} ${finding.path}:${finding.line} ${finding.all}`),
      ['95236c19fc hunks D1b atom/x.py:3 true', '95236c19fc hunks D1b atom/y.py:3 true']);
    assert.deepEqual(missing.map((t) => `${t.commit} ${t.mode}`), ['95236c19fc whole', '0000000000 hunks']);
  } finally {
    rmSync(top, { recursive: true, force: true });
  }
});
