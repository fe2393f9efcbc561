// The differential test: the WebAssembly engine and the native CLI give the same JSON bytes for the
// same diff bytes and meta text, on hand-made tricky inputs and on every real corpus diff.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { availableParallelism, tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { loadEngine, sharedDir } from './support/engine.mjs';
import { mapWithLimit, nativeReviewJson } from './support/cli.mjs';
import { SIMPLE_DIFF, diffWithStrangeBytes, encode } from './support/inputs.mjs';

const engine = await loadEngine();
const DEMO_DIFF = fileURLToPath(new URL('../e2e/fixtures/atom-demo.diff', import.meta.url));
const DEMO_META = DEMO_DIFF.replace(/\.diff$/, '.meta.json');

// The CLI ends its output with a newline; the module returns the JSON text alone.
function withoutFinalNewline(bytes) {
  return bytes.at(-1) === 0x0a ? bytes.subarray(0, -1) : bytes;
}

// Compares one diff file; resolves to null when equal, else a short description of the first difference.
async function compareOne(diffPath, metaPath) {
  const metaText = metaPath ? readFileSync(metaPath, 'utf8') : '{}';
  const wasm = Buffer.from(engine.review(readFileSync(diffPath), metaText), 'utf8');
  const native = withoutFinalNewline(await nativeReviewJson(diffPath, metaPath));
  if (Buffer.compare(wasm, native) === 0) return null;
  let at = 0;
  while (at < wasm.length && at < native.length && wasm[at] === native[at]) at++;
  const around = (bytes) => JSON.stringify(bytes.subarray(Math.max(0, at - 40), at + 40).toString('utf8'));
  return `${path.basename(diffPath)}: first difference at byte ${at}\n  wasm:   ${around(wasm)}\n  native: ${around(native)}`;
}

function assertAllEqual(differences, total) {
  const found = differences.filter(Boolean);
  assert.equal(found.length, 0,
    `${found.length} of ${total} diffs differ between WASM and native:\n${found.slice(0, 10).join('\n')}`);
}

test('hand-made inputs: WASM and native agree byte for byte', async (t) => {
  const dir = mkdtempSync(path.join(tmpdir(), 'atom-wasm-'));
  t.after(() => rmSync(dir, { recursive: true, force: true }));
  const meta = path.join(dir, 'meta.json');
  writeFileSync(meta, JSON.stringify({ repo: 'ROCm/ATOM', number: 12, title: 'Speed up MoE by 2x', labels: ['perf'] }));
  // Empty input is not compared: the CLI refuses it (exit 2) by contract; engine.test.mjs covers it.
  const truncated = encode(SIMPLE_DIFF.split('\n').slice(0, -3).join('\n') + '\n');
  const cases = { 'simple.diff': encode(SIMPLE_DIFF), 'strange-bytes.diff': diffWithStrangeBytes(), 'truncated.diff': truncated };
  // The demo PR with every rule run (meta.all_rules): the off rules' findings and records too.
  const everyRule = path.join(dir, 'every-rule.json');
  writeFileSync(everyRule, JSON.stringify({ ...JSON.parse(readFileSync(DEMO_META, 'utf8')), all_rules: true }));
  const differences = [await compareOne(DEMO_DIFF, everyRule)];
  for (const [name, bytes] of Object.entries(cases)) {
    writeFileSync(path.join(dir, name), bytes);
    differences.push(await compareOne(path.join(dir, name), meta));
    differences.push(await compareOne(path.join(dir, name), null));
  }
  assertAllEqual(differences, differences.length);
});

for (const corpus of ['atom', 'aiter']) {
  const dir = path.join(sharedDir, 'corpus', corpus);
  const present = existsSync(dir);
  test(`corpus ${corpus}: WASM and native agree byte for byte on every diff`,
    { skip: present ? false : `${dir} is absent` }, async () => {
      const diffs = readdirSync(dir).filter((name) => name.endsWith('.diff')).sort();
      assert.ok(diffs.length > 0, `no .diff files in ${dir}`);
      const differences = await mapWithLimit(diffs, availableParallelism(), (name) => {
        const meta = path.join(dir, name.replace(/\.diff$/, '.meta.json'));
        return compareOne(path.join(dir, name), existsSync(meta) ? meta : null);
      });
      assertAllEqual(differences, diffs.length);
    });
}
