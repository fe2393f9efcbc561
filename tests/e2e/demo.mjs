#!/usr/bin/env node
// Shows a diff as a pull request's "Files changed" page with the extension loaded, waits for the
// tier badges and the summary panel, and saves a screenshot. The PR's conversation page (which the
// extension reads for the description, labels, comments and checks) is drawn from the meta. With
// --repo, the files under DIR are the PR's head files on the raw host, so the panel says "Whole files".
//   node tests/e2e/demo.mjs --diff PR.diff [--meta PR.json] [--repo DIR] [--ui react|classic] --out shot.png
// Needs the built extension (node extension/build.mjs). Exit 0 on success, 2 on bad arguments
// or unreadable input, 1 when the page did not get its badges.
import { readFileSync } from 'node:fs';
import { basename } from 'node:path';
import { parseArgs } from 'node:util';
import { readTierBadges, waitForTierBadges } from './support/badges.mjs';
import { launchWithExtension } from './support/browser.mjs';
import { serveConversation } from './support/conversation-pages.mjs';
import { startFakeGitHub } from './support/fake-github.mjs';
import { filesForDisplay } from './support/diff-for-display.mjs';
import { filesUnder } from './support/pull-requests.mjs';

function fail(status, message) {
  console.error(`demo.mjs: ${message}`);
  process.exit(status);
}

let options;
try {
  ({ values: options } = parseArgs({ options: {
    diff: { type: 'string' }, meta: { type: 'string' }, out: { type: 'string' }, repo: { type: 'string' },
    ui: { type: 'string', default: 'react' },
  } }));
} catch (error) {
  fail(2, error.message);
}
if (!options.diff || !options.out) fail(2, 'usage: demo.mjs --diff PR.diff [--meta PR.json] [--repo DIR] [--ui react|classic] --out shot.png');
if (!['react', 'classic'].includes(options.ui)) fail(2, `--ui must be react or classic, not ${options.ui}`);

let diffBytes;
let meta = {};
try {
  diffBytes = readFileSync(options.diff);
} catch (error) {
  fail(2, `${options.diff}: ${error.message}`);
}
if (options.meta) {
  try {
    meta = JSON.parse(readFileSync(options.meta, 'utf8'));
  } catch (error) {
    fail(2, `${options.meta}: ${error.message}`);
  }
}
let headFiles;
if (options.repo) {
  try {
    headFiles = filesUnder(options.repo);
  } catch (error) {
    fail(2, `${options.repo}: ${error.message}`);
  }
}
const [owner, repo] = /^[\w.-]+\/[\w.-]+$/.test(meta.repo ?? '') ? meta.repo.split('/') : ['ROCm', 'ATOM'];
const number = Number.isSafeInteger(meta.number) && meta.number > 0 ? meta.number : 1;
const author = typeof meta.author === 'string' ? meta.author : meta.author?.login; // gh's shape is an object
// The page names a head commit (the raw route needs one): the meta's, else a made-up one.
const headSha = /^[0-9a-f]{40}$/.test(meta.head_sha ?? '') ? meta.head_sha : headFiles && 'de30000000000000000000000000000000000001';
const pr = { owner, repo, number, title: meta.title ?? basename(options.diff), ...(author && { author }), ...(headSha && { headSha }) };
const expectedFiles = filesForDisplay(diffBytes.toString('utf8')).length;

// The meta's spelling (contract.md PR.json) drawn as the conversation page shows it.
function conversationFromMeta() {
  const list = (value) => (Array.isArray(value) ? value : []);
  const comments = list(meta.comments).filter((c) => typeof c?.author === 'string' && typeof c?.body === 'string');
  const labels = list(meta.labels).map((label) => (typeof label === 'string' ? label : label?.name)).filter(Boolean);
  return {
    description: typeof meta.body === 'string' ? meta.body : '',
    labels,
    baseRef: typeof meta.base_ref === 'string' ? meta.base_ref : 'main',
    commits: /^[0-9a-f]{40}$/.test(meta.head_sha ?? '') ? [{ sha: meta.head_sha, message: pr.title }] : [],
    comments: comments.filter((c) => !c.path).map(({ author, body, bot }) => ({ author, body, bot })),
    reviews: comments.filter((c) => c.path).map(({ author, body, path, line, bot }) => ({
      author, bot, threads: [{ path, line: line ?? 1, comments: [{ author, body, bot }] }],
    })),
    checks: list(meta.checks).filter((c) => typeof c?.name === 'string').map(({ name, state, url }) => ({ name, state, url })),
  };
}

const github = await startFakeGitHub();
github.addPullRequest({ ...pr, diffBytes, headFiles });
const baseChecks = (Array.isArray(meta.checks) ? meta.checks : []).filter((c) => typeof c?.base_state === 'string')
  .map(({ name, base_state: state }) => ({ name, state }));
serveConversation(github, { ...pr, author: pr.author ?? 'demo-contributor' }, conversationFromMeta(), { baseChecks });
const browser = await launchWithExtension({ port: github.port, viewport: { width: 1280, height: 900 } });
let status = 0;
try {
  const page = await browser.context.newPage();
  const url = `https://github.com/${owner}/${repo}/pull/${number}/${options.ui === 'react' ? 'changes' : 'files'}`;
  await page.goto(url);
  try {
    await waitForTierBadges(page, expectedFiles, 60000);
    await page.waitForSelector('[data-atom-review="panel"]', { timeout: 10000 });
    await page.waitForTimeout(300); // findings settle into their rows after a debounced pass
  } catch {
    status = 1;
    console.error(`demo.mjs: ${url} did not get its summary panel and a tier badge on each of its ${expectedFiles} files`);
  }
  await page.screenshot({ path: options.out, fullPage: true });
  const tiers = (await readTierBadges(page)).map((badge) => `T${badge.tier}`).sort();
  const counts = ['T1', 'T2', 'T3'].map((tier) => `${tier}:${tiers.filter((t) => t === tier).length}`).join(' ');
  const findings = await page.$$eval('[data-atom-review="finding"]', (all) => all.length);
  const files = await page.$eval('[data-atom-review="review-files"]', (line) => line.textContent).catch(() => 'no files line');
  console.log(`screenshot ${options.out}: ${url} (${options.ui} UI), ${tiers.length} tier badges (${counts}), ${findings} findings; ${files}`);
} finally {
  await browser.close();
  await github.close();
}
process.exit(status);
