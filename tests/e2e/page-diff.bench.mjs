// Benchmark (reports, does not judge): what reading the diff from the page costs next to the
// review itself. On the largest ATOM corpus diff a page can show whole (the demo PR without
// ../shared), classic files page: the reader's own time in the page (median of 5 runs of
// content/page-diff on the rendered page), then the time from navigation until the panel says
// which diff it reviewed, once from the page and once with the `.diff` fetched (`?w=1`), after a
// warm-up page. The fake GitHub answers from localhost: the fetched route pays no network time here.
// Needs the built extension (node extension/build.mjs). Prints one JSON line.
//   node tests/e2e/page-diff.bench.mjs
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import * as esbuild from 'esbuild';
import { launchWithExtension } from './support/browser.mjs';
import { startFakeGitHub } from './support/fake-github.mjs';
import { REPO_ROOT, SHARED_DIR, sharedAvailable } from './support/paths.mjs';
import { DEMO_PR, demoDiff } from './support/pull-requests.mjs';
import { pageShowable } from '../extension/support/page-rows.mjs';

function largestShowableDiff() {
  if (!sharedAvailable()) return { name: 'demo', bytes: demoDiff() };
  const dir = join(SHARED_DIR, 'corpus', 'atom');
  let best = null;
  for (const name of readdirSync(dir).filter((n) => n.endsWith('.diff'))) {
    const bytes = readFileSync(join(dir, name));
    if (bytes.length > 2_000_000 || (best && bytes.length <= best.bytes.length)) continue;
    if (pageShowable(bytes.toString('utf8'))) best = { name, bytes };
  }
  return best;
}

const reader = (await esbuild.build({
  stdin: { contents: "import { readDiffFromPage } from './extension/content/page-diff/index.js';\n"
    + 'globalThis.benchReadDiffFromPage = readDiffFromPage;', resolveDir: REPO_ROOT },
  bundle: true, format: 'iife', write: false, logLevel: 'silent',
})).outputFiles[0].text;

const diff = largestShowableDiff();
const pr = { ...DEMO_PR, number: 9100 };
const github = await startFakeGitHub();
const browser = await launchWithExtension({ port: github.port });
try {
  github.addPullRequest({ ...pr, diffBytes: diff.bytes });
  const warmUp = { ...DEMO_PR, number: 9101 }; // instantiates the engine, so neither timed route pays for it
  github.addPullRequest({ ...warmUp, diffBytes: demoDiff() });
  const url = `https://github.com/${pr.owner}/${pr.repo}/pull/${pr.number}/files`;
  const page = await browser.context.newPage();
  const untilSource = async (address) => {
    const started = performance.now();
    await page.goto(address);
    await page.waitForSelector('[data-atom-review="review-source"]', { timeout: 120000 });
    return { ms: performance.now() - started, source: await page.getAttribute('[data-atom-review="review-source"]', 'data-source') };
  };
  await untilSource(`https://github.com/${warmUp.owner}/${warmUp.repo}/pull/${warmUp.number}/files`);
  const fromPage = await untilSource(url);
  const fetched = await untilSource(`${url}?w=1`);

  await page.goto(url);
  await page.waitForSelector('[data-atom-review="review-source"]', { timeout: 120000 });
  await page.evaluate(reader); // the bundle as an expression: defines benchReadDiffFromPage
  const runs = await page.evaluate(() => {
    const times = [];
    let files = 0;
    for (let i = 0; i < 5; i += 1) {
      const started = performance.now();
      const read = globalThis.benchReadDiffFromPage(document, location);
      times.push(performance.now() - started);
      files = read.diff?.files ?? 0;
    }
    return { times: times.sort((a, b) => a - b), files };
  });

  console.log(JSON.stringify({
    benchmark: 'page-diff', diff: diff.name, diff_bytes: diff.bytes.length, files_read: runs.files,
    read_median_ms: Number(runs.times[2].toFixed(1)),
    to_panel_from_page_ms: Math.round(fromPage.ms), from_page_source: fromPage.source,
    to_panel_fetched_ms: Math.round(fetched.ms), fetched_source: fetched.source,
    read_share_of_page_route: Number((runs.times[2] / fromPage.ms).toFixed(3)),
  }));
} finally {
  await browser.close();
  await github.close();
}
