// The composite action's own files: the cache key script and what action.yml points at.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import test from 'node:test';

import { repoRoot, sourceHashScript } from './support/fake_actions.mjs';

function sourceHash(root) {
  const run = spawnSync(sourceHashScript, [root], { encoding: 'utf8' });
  return { status: run.status, hash: run.stdout.trim(), stderr: run.stderr };
}

function fakeSourceTree(t) {
  const root = mkdtempSync(path.join(tmpdir(), 'atom-hash-'));
  t.after(() => rmSync(root, { recursive: true, force: true }));
  for (const [name, content] of Object.entries({
    'CMakeLists.txt': 'project(x)\n', 'cli/main.cc': 'int main() {}\n', 'core/packs/atom.json': '{}\n',
  })) {
    mkdirSync(path.dirname(path.join(root, name)), { recursive: true });
    writeFileSync(path.join(root, name), content);
  }
  return root;
}

test('source-hash: stable, changed by any build input, blind to the rest', (t) => {
  const root = fakeSourceTree(t);
  const first = sourceHash(root);
  assert.equal(first.status, 0, first.stderr);
  assert.match(first.hash, /^[0-9a-f]{64}$/);
  assert.equal(sourceHash(root).hash, first.hash);

  writeFileSync(path.join(root, 'README.md'), 'docs\n');
  mkdirSync(path.join(root, 'tests'));
  writeFileSync(path.join(root, 'tests/a.test.mjs'), '\n');
  assert.equal(sourceHash(root).hash, first.hash, 'files outside the build inputs leave the key');

  writeFileSync(path.join(root, 'core/packs/atom.json'), '{"name": "ATOM"}\n');
  const edited = sourceHash(root).hash;
  assert.notEqual(edited, first.hash, 'a pack edit changes the binary, so the key');
  writeFileSync(path.join(root, 'cli/extra.cc'), '\n');
  assert.notEqual(sourceHash(root).hash, edited, 'a new source file changes the key');
});

test('source-hash: a tree without the sources is exit 2 naming what is missing', (t) => {
  const root = fakeSourceTree(t);
  rmSync(path.join(root, 'cli'), { recursive: true });
  const run = sourceHash(root);
  assert.equal(run.status, 2);
  assert.equal(run.stderr, `atom-review: ${root}/cli: missing\n`);
});

test('action.yml: its inputs reach the script, and the scripts it runs exist', () => {
  const action = readFileSync(path.join(repoRoot, 'action.yml'), 'utf8');
  for (const input of ['fail-on', 'format', 'working-directory']) {
    assert.match(action, new RegExp(`^  ${input}:$`, 'm'), `input ${input} declared`);
    assert.ok(action.includes(`\${{ inputs.${input} }}`), `input ${input} used`);
  }
  const scripts = [...action.matchAll(/\$GITHUB_ACTION_PATH\/([\w./-]+)/g)].map((match) => match[1]);
  assert.deepEqual([...new Set(scripts)].sort(), ['scripts/action/review-pr', 'scripts/action/source-hash']);
  for (const script of scripts) assert.ok(existsSync(path.join(repoRoot, script)), script);
  assert.match(action, /uses: actions\/cache@v4/);
  assert.match(action, /uses: github\/codeql-action\/upload-sarif@v3/);
  assert.ok(action.includes('sarif_file: ${{ steps.review.outputs.sarif }}'));
});
