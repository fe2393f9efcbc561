// Benchmark (reports, does not judge): time from opening a 25-row pull request list until every
// row's badge is settled, cold (every diff downloaded and reviewed) and cached (a reload, painted
// from extension storage). The viewport shows every row, so no scrolling is timed. Needs the
// built extension (node extension/build.mjs). Prints one JSON line.
//   node tests/e2e/list-badges.bench.mjs
import { performance } from 'node:perf_hooks';
import { launchWithExtension } from './support/browser.mjs';
import { startFakeGitHub } from './support/fake-github.mjs';
import { renderClassicList } from './support/list-pages.mjs';
import { listDiffs } from './support/list-prs.mjs';

const OWNER = 'ROCm';
const REPO = 'ATOM';
const ROWS = 25;

const github = await startFakeGitHub();
const browser = await launchWithExtension({ port: github.port, viewport: { width: 1280, height: 4000 } });
try {
  const diffs = listDiffs(ROWS);
  const rows = diffs.map((diff, i) => ({ owner: OWNER, repo: REPO, number: 8001 + i, title: `Bench row ${i + 1}`,
    author: 'example-dev', headSha: diff.headSha, diffBytes: diff.bytes }));
  for (const row of rows) github.addPullRequest(row);
  github.addPage(`/${OWNER}/${REPO}/pulls`, renderClassicList({ owner: OWNER, repo: REPO, rows }));

  const page = await browser.context.newPage();
  const allSettled = () => page.waitForFunction((count) => {
    const badges = [...document.querySelectorAll('[data-atom-review="list-badge"]')];
    return badges.length === count && badges.every((badge) => badge.dataset.state === 'done');
  }, ROWS, { timeout: 120000, polling: 'raf' });

  let started = performance.now();
  await page.goto(`https://github.com/${OWNER}/${REPO}/pulls`);
  await allSettled();
  const coldMs = performance.now() - started;
  const diffsDownloaded = github.requests.filter((r) => r.host === 'github.com' && r.path.endsWith('.diff')).length;

  started = performance.now();
  await page.reload();
  await allSettled();
  const cachedMs = performance.now() - started;

  console.log(JSON.stringify({
    benchmark: 'list-badges', rows: ROWS, diff_bytes: diffs.reduce((sum, d) => sum + d.bytes.length, 0),
    cold_ms: Math.round(coldMs), cached_ms: Math.round(cachedMs), diffs_downloaded: diffsDownloaded,
    max_diffs_in_flight: github.diffTraffic.maxInFlight,
  }));
} finally {
  await browser.close();
  await github.close();
}
