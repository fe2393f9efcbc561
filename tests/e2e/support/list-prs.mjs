// The diffs behind the e2e list pages, and what a list badge must show for each (computed
// outside the browser, by the native CLI when built).
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { REPO_ROOT, SHARED_DIR, sharedAvailable } from './paths.mjs';
import { referenceReview } from './reference-review.mjs';

const MAX_DIFF_BYTES = 150_000;

function diffsUnder(dir) {
  return readdirSync(dir, { recursive: true }).filter((name) => name.endsWith('.diff')).sort()
    .map((name) => join(dir, name));
}

const DEMO_DIFF = join(REPO_ROOT, 'tests', 'e2e', 'fixtures', 'atom-demo.diff');

function listedDiff(path) {
  const bytes = readFileSync(path);
  return { name: relative(sharedAvailable() ? SHARED_DIR : REPO_ROOT, path), bytes,
    headSha: createHash('sha1').update(bytes).digest('hex') };
}

/**
 * `count` diffs: the demo pull request (red findings, every tier) and the rest spread over the
 * ATOM corpus (or over the repository's own rule fixtures without ../shared).
 */
export function listDiffs(count) {
  const candidates = (sharedAvailable()
    ? diffsUnder(join(SHARED_DIR, 'corpus', 'atom'))
    : diffsUnder(join(REPO_ROOT, 'tests', 'rules')))
    .filter((path) => statSync(path).size > 0 && statSync(path).size < MAX_DIFF_BYTES);
  if (candidates.length < count - 1) throw new Error(`only ${candidates.length} diffs available, need ${count - 1}`);
  const step = candidates.length / (count - 1);
  const spread = Array.from({ length: count - 1 }, (_, i) => listedDiff(candidates[Math.floor(i * step)]));
  return [...spread, listedDiff(DEMO_DIFF)];
}

/** The row a list badge must reach for `result` (contract.md `list-badge`). */
export function expectedBadge(result) {
  const tiers = (result.files ?? []).map((file) => file.tier).filter((tier) => [1, 2, 3].includes(tier));
  const count = (severity) => (result.findings ?? []).filter((finding) => finding.severity === severity).length;
  return {
    tier: tiers.length > 0 ? String(Math.min(...tiers)) : null,
    red: String(count('red')),
    warn: String(count('warn')),
  };
}

/** Pull requests numbered from `firstNumber`, one per diff, with the meta the background sends. */
export async function listPullRequests({ owner, repo, firstNumber, diffs }) {
  return Promise.all(diffs.map(async (diff, i) => {
    const number = firstNumber + i;
    const title = `List row ${i + 1} (${diff.name})`;
    const { source, result } = await referenceReview(diff.bytes, { repo: `${owner}/${repo}`, number, title });
    return { owner, repo, number, title, author: 'example-dev', headSha: diff.headSha, diffBytes: diff.bytes,
      source, expected: expectedBadge(result) };
  }));
}

/** Every list badge on the page as {pr, state, tier, red, warn, error, title, href, rowId}. */
export function readListBadges(page) {
  return page.$$eval('[data-atom-review="list-badge"]', (badges) => badges.map((badge) => ({
    pr: badge.dataset.pr, state: badge.dataset.state, tier: badge.dataset.tier ?? null,
    red: badge.dataset.red ?? null, warn: badge.dataset.warn ?? null, error: badge.dataset.error ?? null,
    title: badge.title, href: badge.getAttribute('href'),
    rowNumber: (badge.closest('li, .js-issue-row')?.querySelector('a[href*="/pull/"]')?.getAttribute('href') ?? '')
      .replace(/.*\/pull\//, ''),
  })));
}

/** Scrolls down a screen at a time until `count` badges are done (or error), then back up. */
export async function scrollUntilSettled(page, count, timeout = 60000) {
  const deadline = Date.now() + timeout;
  for (;;) {
    const settled = await page.$$eval('[data-atom-review="list-badge"]',
      (badges) => badges.filter((b) => b.dataset.state !== 'loading').length);
    if (settled >= count) break;
    if (Date.now() > deadline) throw new Error(`only ${settled} of ${count} list badges settled`);
    await page.evaluate(() => window.scrollBy(0, 300));
    await page.waitForTimeout(100);
  }
  await page.evaluate(() => window.scrollTo(0, 0));
}
