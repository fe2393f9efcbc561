// With a repository snapshot: the WebAssembly engine given the files of a small repository
// (openRepository, then review(diff, meta, headFiles, repositoryId)) and the native CLI given the
// same folder (`review --repo DIR`) give the same JSON bytes, on every fixture of tests/rules/B5r/
// (each a PR whose breakage only the rest of the repository shows: <case>.diff, <case>.repo/).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { loadEngine, repoRoot } from './support/engine.mjs';
import { nativeReviewJson } from './support/cli.mjs';
import { filesUnder } from './support/files.mjs';

const casesDir = path.join(repoRoot, 'tests', 'rules', 'B5r');
const cases = readdirSync(casesDir).filter((name) => name.endsWith('.repo') && statSync(path.join(casesDir, name)).isDirectory())
  .map((name) => name.slice(0, -'.repo'.length)).sort();

const engine = await loadEngine();
const withoutFinalNewline = (bytes) => (bytes.at(-1) === 0x0a ? bytes.subarray(0, -1) : bytes);

for (const name of cases) {
  test(`tests/rules/B5r/${name}: WASM with a snapshot equals native --repo`, async () => {
    const diffPath = path.join(casesDir, `${name}.diff`);
    const headDir = path.join(casesDir, `${name}.repo`);
    const diffBytes = readFileSync(diffPath);
    const files = filesUnder(headDir);
    const wanted = new Set(JSON.parse(engine.headPathsToRead(diffBytes)));
    const repository = engine.openRepository(files);
    const wasm = Buffer.from(engine.review(diffBytes, '{}', files.filter((file) => wanted.has(file.path)), repository), 'utf8');
    // A second review of the same snapshot reuses its index and gives the same bytes.
    const again = Buffer.from(engine.review(diffBytes, '{}', files.filter((file) => wanted.has(file.path)), repository), 'utf8');
    engine.closeRepository(repository);
    const native = withoutFinalNewline(await nativeReviewJson(diffPath, null, headDir));
    assert.equal(wasm.toString(), native.toString());
    assert.equal(again.toString(), wasm.toString());
    const result = JSON.parse(wasm);
    assert.equal(result.repository.files, files.filter((file) => file.path.endsWith('.py')).length);
  });
}

test('review with a closed or unknown repository id is a TypeError', () => {
  const id = engine.openRepository([]);
  engine.closeRepository(id);
  assert.throws(() => engine.review(new Uint8Array(), '{}', [], id), TypeError);
  assert.throws(() => engine.openRepository([{ path: 'a.py', bytes: 'text' }]), TypeError);
});
