// The sanitizer corpus run (the "sanitize" suite of scripts/test): the ASan+UBSan CLI of build/fuzz
// reviews every corpus diff with its meta and every rule on, every Nth one (--whole-every N,
// default 1: all) with the PR's head files (`--repo`) where the corpus trees hold them, the others
// from their hunks. Any sanitizer report (ASan, UBSan, LeakSanitizer) or any failed review fails the run,
// naming the diff. (Under ASan a whole-file review costs ~9x the native one: the whole corpus with
// whole files takes ~8 min of two idle cores, so the test run samples; a full run is N = 1.)
//
//   node scripts/lib/sanitize-corpus.mjs --cli PATH --corpus DIR [--trees DIR] [--jobs N] [--whole-every N]
//
// Prints one line per failed diff, the three slowest, then "N diffs (W whole, H hunks) in S s:
// F failed"; exits 1 when any failed.
import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { mapWithLimit } from '../../tests/wasm/support/cli.mjs';
import { corpusPrs } from './corpus-prs.mjs';

const SANITIZER_REPORT = /ERROR: (AddressSanitizer|LeakSanitizer)|runtime error:|SUMMARY: (Address|Leak|Undefined)/;

function parseArguments(argv) {
  const options = { jobs: '2', wholeEvery: '1' };
  const names = { '--cli': 'cli', '--corpus': 'corpus', '--trees': 'trees', '--jobs': 'jobs', '--whole-every': 'wholeEvery' };
  for (let i = 0; i < argv.length; i++) {
    if (names[argv[i]] && i + 1 < argv.length) options[names[argv[i]]] = argv[++i];
    else usage(`unknown or incomplete argument '${argv[i]}'`);
  }
  if (!options.cli || !options.corpus) usage('--cli and --corpus are required');
  if (!/^[1-9][0-9]?$/.test(options.jobs)) usage(`--jobs must be a whole number from 1 to 99, not '${options.jobs}'`);
  if (!/^[1-9][0-9]*$/.test(options.wholeEvery)) usage(`--whole-every must be a positive whole number, not '${options.wholeEvery}'`);
  return options;
}

function usage(problem) {
  console.error(`sanitize-corpus: ${problem}`);
  process.exit(2);
}

function review(cli, args) {
  // Every report ends the process (the build has -fno-sanitize-recover); the text goes to stderr.
  const env = { ...process.env, ASAN_OPTIONS: 'detect_leaks=1:abort_on_error=0', UBSAN_OPTIONS: 'print_stacktrace=1' };
  return new Promise((resolve) => {
    execFile(cli, args, { env, maxBuffer: 1 << 30, encoding: 'utf8' }, (error, _stdout, stderr) =>
      resolve({ status: error ? (error.code ?? error.signal ?? 1) : 0, stderr }));
  });
}

const options = parseArguments(process.argv.slice(2));
const started = Date.now();
const prs = corpusPrs(options.corpus);
const counts = { whole: 0, hunks: 0 };
const failures = [];
const durations = [];
const wholeEvery = Number(options.wholeEvery);
await mapWithLimit(prs.map((pr, index) => ({ ...pr, index })), Number(options.jobs), async (pr) => {
  const head = options.trees && pr.index % wholeEvery === 0 ? join(options.trees, pr.repo, pr.sha10, 'head') : null;
  const whole = head !== null && existsSync(head);
  counts[whole ? 'whole' : 'hunks']++;
  const args = ['review', '--format', 'json', '--all-rules', ...(pr.meta ? ['--meta', pr.meta] : []),
    ...(whole ? ['--repo', head] : []), pr.diff];
  const reviewStarted = Date.now();
  const { status, stderr } = await review(options.cli, args);
  durations.push({ name: `${pr.repo}/${pr.sha10}.diff`, seconds: (Date.now() - reviewStarted) / 1000 });
  if (status !== 0 || SANITIZER_REPORT.test(stderr)) {
    const report = stderr.split('\n').find((line) => SANITIZER_REPORT.test(line)) ?? stderr.trim().split('\n')[0] ?? '';
    failures.push(`${pr.repo}/${pr.sha10}.diff (${whole ? 'whole' : 'hunks'}, exit ${status}): ${report.trim()}`);
  }
});
for (const failure of failures.sort()) console.log(`FAIL ${failure}`);
const seconds = ((Date.now() - started) / 1000).toFixed(0);
const slowest = durations.sort((a, b) => b.seconds - a.seconds).slice(0, 3);
console.log(`slowest: ${slowest.map((d) => `${d.name} ${d.seconds.toFixed(1)} s`).join(', ')}`);
console.log(`${prs.length} diffs (${counts.whole} whole, ${counts.hunks} hunks) in ${seconds} s: ${failures.length} failed`);
process.exit(failures.length === 0 && prs.length > 0 ? 0 : 1);
