// Growth ratio of the engine's review time: time(8× input) / time(1× input), through
// build/native/atom_review_timer (the engine alone). Linear work gives about 8. Inputs: the largest
// corpus diff copied under 8 distinct path prefixes (a PR eight times as big), repeated
// `diff --git a/a b/a` headers, and increasingly indented `if x:` lines (8× the bytes), the last two
// also at the sizes that once ran for minutes (1.9 MB of headers, 40 MB of indented lines).
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const sharedDir = process.env.ATOM_SHARED_DIR ?? path.resolve(repoRoot, '../shared');
const timerPath = path.join(repoRoot, 'build/native/atom_review_timer');

function largestCorpusDiff() {
  const corpus = path.join(sharedDir, 'corpus');
  if (!existsSync(corpus)) return null;
  const diffs = readdirSync(corpus, { withFileTypes: true }).filter((d) => d.isDirectory())
    .flatMap((d) => readdirSync(path.join(corpus, d.name)).filter((f) => f.endsWith('.diff')).map((f) => path.join(corpus, d.name, f)));
  return diffs.sort((a, b) => statSync(b).size - statSync(a).size || a.localeCompare(b))[0] ?? null;
}

// The diff with every a/ and b/ path under copyN/, N = 0..times-1, one after the other.
const copies = (text, times) => Array.from({ length: times }, (_, n) =>
  text.replace(/^(diff --git a\/)(\S+) b\/(\S+)$/gm, `$1copy${n}/$2 b/copy${n}/$3`)
    .replace(/^(--- a\/|\+\+\+ b\/)/gm, `$1copy${n}/`)).join('');

const headers = (count) => 'diff --git a/a b/a\n'.repeat(count);

// Lines 0..n-1 indented by 0..(n-1)/per spaces: n² / (2 per) bytes, so √8 × the lines is 8× the bytes.
function indented(lines, per = 1) {
  const body = Array.from({ length: lines }, (_, i) => `+${' '.repeat(Math.floor(i / per))}if x:\n`).join('');
  return `diff --git a/x.py b/x.py\nnew file mode 100644\n--- /dev/null\n+++ b/x.py\n@@ -0,0 +1,${lines} @@\n${body}`;
}

function medianMs(dir, name, text) {
  const file = path.join(dir, `${name}.diff`);
  writeFileSync(file, text);
  const run = spawnSync(timerPath, ['--repeat', '3'], { input: `${file}\t\t\n`, maxBuffer: 16 << 20 });
  if (run.status !== 0) throw new Error(`atom_review_timer exited ${run.status}: ${run.stderr}`);
  return JSON.parse(run.stdout.toString().trim()).hunks_ms;
}

if (!existsSync(timerPath)) {
  console.log(`growth: skipped (${path.relative(repoRoot, timerPath)} is missing: run ./scripts/build)`);
} else {
  const dir = mkdtempSync(path.join(tmpdir(), 'atom-growth-'));
  try {
    // The last two at the sizes issue #11 found (each ran past 30 s then): 100,000 headers (1.9 MB),
    // and 20,000 increasingly indented lines (40 MB, over the engine's 8 MB limit: a partial review).
    const cases = [['headers', headers(1500), headers(12000)], ['indented', indented(400), indented(1131)],
      ['headers, 1.9 MB', headers(12500), headers(100000)], ['indented, 40 MB', indented(7071, 5), indented(20000, 5)]];
    const largest = largestCorpusDiff();
    if (largest) {
      const text = readFileSync(largest, 'latin1');
      cases.unshift([`corpus ${path.basename(path.dirname(largest))}/${path.basename(largest)}`, copies(text, 1), copies(text, 8)]);
    } else {
      console.log('growth: no corpus in ../shared, the corpus case is skipped');
    }
    for (const [name, one, eight] of cases) {
      const oneMs = medianMs(dir, 'one', one);
      const eightMs = medianMs(dir, 'eight', eight);
      console.log(`growth ${name}: 1× ${(one.length / 1e6).toFixed(2)} MB ${oneMs.toFixed(1)} ms, ` +
                  `8× ${(eight.length / 1e6).toFixed(2)} MB ${eightMs.toFixed(1)} ms, ratio ${(eightMs / oneMs).toFixed(1)}`);
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
