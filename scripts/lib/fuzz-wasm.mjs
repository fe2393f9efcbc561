// Fuzzes the shipped WebAssembly engine (build/wasm) the way the extension calls it:
// review(diffBytes, metaJson, headFiles). libFuzzer cannot run inside WebAssembly, so this is a
// seeded mutator: each input is a rule fixture (tests/rules/<ID>/<name>.diff, its meta and its
// whole head files) or the demo PR, changed by a few random edits of the diff, the head files or
// the meta. An input fails when the module traps or throws, when the result is not the contract's
// JSON, or when reviewing it again (its parses kept, core/analysis/kept_trees.h) gives other bytes.
// A failing input is written to the artifacts folder as JSON and the module is rebuilt (a trap
// leaves it unusable, as engine-host does in the extension).
//
//   node scripts/lib/fuzz-wasm.mjs --seconds N [--seed S] [--artifacts DIR] [--replay DIR]
//
// --replay reviews every input saved in DIR (tests/fuzz/wasm/: the regression inputs) instead.
// Prints "<execs> execs, <failures> failures"; exits 1 when any input failed.
import { existsSync, mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { loadEngine, repoRoot } from '../../tests/wasm/support/engine.mjs';
import { seededRandom } from './label_sample/choose.mjs';

const args = process.argv.slice(2);
const option = (name, fallback) => {
  const at = args.indexOf(name);
  return at < 0 ? fallback : args[at + 1];
};
const seconds = Number(option('--seconds', '10'));
const seed = Number(option('--seed', String(Date.now() % 1e9)));
const artifacts = option('--artifacts', path.join(repoRoot, 'build/fuzz/artifacts/wasm'));
const replayDir = option('--replay', '');
if (!(seconds > 0) || !Number.isInteger(seed)) {
  console.error('fuzz-wasm: --seconds takes a positive number, --seed a whole number');
  process.exit(2);
}

const encoder = new TextEncoder();

function filesUnder(dir) {
  return readdirSync(dir, { recursive: true })
    .filter((relative) => statSync(path.join(dir, relative)).isFile())
    .sort()
    .map((relative) => ({ path: relative.split(path.sep).join('/'), bytes: new Uint8Array(readFileSync(path.join(dir, relative))) }));
}

// Every rule fixture and the demo PR: {name, diff: Uint8Array, meta: string, files: [{path, bytes}] | null}.
function seeds() {
  const out = [];
  const add = (name, diffPath) => {
    const stem = diffPath.slice(0, -'.diff'.length);
    const meta = existsSync(`${stem}.meta.json`) ? readFileSync(`${stem}.meta.json`, 'utf8') : '{}';
    const head = existsSync(`${stem}.head`) ? filesUnder(`${stem}.head`) : existsSync(`${stem}-head`) ? filesUnder(`${stem}-head`) : null;
    out.push({ name, diff: new Uint8Array(readFileSync(diffPath)), meta, files: head });
  };
  const rules = path.join(repoRoot, 'tests/rules');
  for (const rule of readdirSync(rules).sort()) {
    const dir = path.join(rules, rule);
    if (!statSync(dir).isDirectory()) continue;
    for (const file of readdirSync(dir).sort()) if (file.endsWith('.diff')) add(`${rule}/${file}`, path.join(dir, file));
  }
  add('demo-pr.diff', path.join(repoRoot, 'tests/fixtures/demo/demo-pr.diff'));
  return out;
}

// Text that has broken parsers before, or could: deep nesting, long tokens, stray headers,
// NUL and invalid UTF-8, CR, tabs, hunk counts that lie, markup and mentions.
const SNIPPETS = [
  '('.repeat(3000), '{'.repeat(3000), `${'a'.repeat(70000)}`, '@@ -1,99999 +1,1 @@', '@@ -0,0 +0,0 @@',
  'diff --git a/x.py b/x.py', '--- /dev/null', '+++ b/', '\\ No newline at end of file', '\u0000\u0000',
  '\r', '\t\t\tif x:', '"""', "'''", '#if 0', '__global__ void k() {', '<<<1, 1>>>', 'def f(', 'class C:',
  '@torch.library.custom_op("x::y", mutates_args=())', '<script>alert(1)</script>', '@everyone #1',
  '\u202e\u2066', 'Binary files a/x and b/x differ', 'rename from a.py', 'new file mode 100644',
];
const INVALID_UTF8 = [0xff, 0xfe, 0xc3, 0x28, 0xe2, 0x82];

// `items` put into `text` at `at`, as a new array. Not splice(at, 0, ...items): spreading a
// megabyte line into arguments overflows the call stack.
const inserted = (text, at, items) => text.slice(0, at).concat(Array.from(items), text.slice(at));

function mutateBytes(bytes, random) {
  const pick = (n) => Math.floor(random() * n);
  let text = Array.from(bytes);
  const edits = 1 + pick(4);
  for (let e = 0; e < edits; e++) {
    const at = pick(text.length + 1);
    const lineStart = text.lastIndexOf(10, at - 1) + 1;
    switch (pick(7)) {
      case 0: if (text.length) text[pick(text.length)] = pick(256); break;
      case 1: text = inserted(text, at, INVALID_UTF8.slice(0, 1 + pick(INVALID_UTF8.length))); break;
      case 2: text.splice(at, pick(64)); break;
      case 3: { // a snippet as a new line, an added line or a removed line
        const prefix = ['', '+', '-', ' '][pick(4)];
        text = inserted(text, lineStart, encoder.encode(`${prefix}${SNIPPETS[pick(SNIPPETS.length)]}\n`));
        break;
      }
      case 4: { // duplicate a run of lines
        const end = text.indexOf(10, at);
        const line = text.slice(lineStart, end < 0 ? text.length : end + 1);
        const times = 1 + pick(8);
        text = inserted(text, lineStart, Array(times).fill(line).flat());
        break;
      }
      case 5: { // a digit in a hunk header or line number changes
        const digits = text.map((b, i) => (b >= 48 && b <= 57 ? i : -1)).filter((i) => i >= 0);
        if (digits.length) text[digits[pick(digits.length)]] = 48 + pick(10);
        break;
      }
      default: { // cut the text short
        text = text.slice(0, at);
      }
    }
    if (text.length > 1 << 20) text = text.slice(0, 1 << 20);
  }
  return new Uint8Array(text);
}

const METAS = [
  '{', '[]', 'null', '{"repo": 7}', '{"repo":"ROCm/ATOM","title":"@org/team [MI308] <b>x</b>","body":"#12 @someone"}',
  `{"repo":"ROCm/aiter","number":-1,"title":"${'t'.repeat(5000)}"}`, '{"repo":"ROCm/ATOM","dismissed":[{"rule":"B1"}]}',
  '{"repo":"ROCm/ATOM","checks":[{"name":"x","conclusion":"failure"}],"labels":["perf"]}',
];

function mutate(input, random) {
  const pick = (n) => Math.floor(random() * n);
  const out = { ...input, files: input.files?.map((f) => ({ ...f })) ?? null };
  const edits = 1 + pick(3);
  for (let e = 0; e < edits; e++) {
    const what = pick(10);
    if (what < 6) out.diff = mutateBytes(out.diff, random);
    else if (what < 8 && out.files?.length) {
      const file = out.files[pick(out.files.length)];
      file.bytes = mutateBytes(file.bytes, random);
    } else if (what === 8) out.meta = METAS[pick(METAS.length)];
    else out.files = out.files ? null : [];
  }
  return out;
}

const RESULT_KEYS = ['findings', 'files', 'errors', 'verdict'];

// Why `input` fails, or null.
function failure(engine, input) {
  try {
    const review = () => (input.files ? engine.review(input.diff, input.meta, input.files) : engine.review(input.diff, input.meta));
    const first = review();
    const result = JSON.parse(first);
    const missing = RESULT_KEYS.filter((key) => !(key in result));
    if (missing.length) return `the result lacks ${missing.join(', ')}`;
    if (review() !== first) return 'a second review of the same input gave other bytes';
    return null;
  } catch (error) {
    return `${error?.name ?? 'Error'}: ${error?.message ?? String(error)}`;
  }
}

const toJson = (input, why) => JSON.stringify({
  why, name: input.name, meta: input.meta, diff: Buffer.from(input.diff).toString('base64'),
  files: input.files?.map((f) => ({ path: f.path, bytes: Buffer.from(f.bytes).toString('base64') })) ?? null,
});
const fromJson = (text) => {
  const saved = JSON.parse(text);
  return { name: saved.name, meta: saved.meta, diff: new Uint8Array(Buffer.from(saved.diff, 'base64')),
    files: saved.files?.map((f) => ({ path: f.path, bytes: new Uint8Array(Buffer.from(f.bytes, 'base64')) })) ?? null };
};

let engine = await loadEngine();
let execs = 0;
const failures = [];
const check = async (input) => {
  execs += 1;
  const why = failure(engine, input);
  if (!why) return;
  failures.push({ input, why });
  engine = await loadEngine();
};

if (replayDir) {
  const saved = existsSync(replayDir) ? readdirSync(replayDir).filter((f) => f.endsWith('.json')).sort() : [];
  for (const file of saved) await check(fromJson(readFileSync(path.join(replayDir, file), 'utf8')));
  for (const { input, why } of failures) console.log(`failed: ${input.name}: ${why}`);
  console.log(`${execs} execs, ${failures.length} failures (replayed ${replayDir})`);
  process.exit(failures.length ? 1 : 0);
}

const pool = seeds();
const random = seededRandom(seed);
const deadline = Date.now() + seconds * 1000;
while (Date.now() < deadline) {
  const seedInput = pool[Math.floor(random() * pool.length)];
  await check(mutate(seedInput, random));
}
if (failures.length) {
  mkdirSync(artifacts, { recursive: true });
  failures.forEach(({ input, why }, index) => {
    const file = path.join(artifacts, `seed${seed}-${index}.json`);
    writeFileSync(file, toJson(input, why));
    console.log(`failed: ${input.name}: ${why} (kept in ${path.relative(repoRoot, file)})`);
  });
}
console.log(`${execs} execs, ${failures.length} failures (seed ${seed}, ${seconds} s, ${pool.length} seeds)`);
process.exit(failures.length ? 1 : 0);
