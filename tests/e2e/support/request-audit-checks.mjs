// The request audit's checks that drive a browser (request-audit.test.mjs in Chromium,
// firefox.test.mjs in Firefox): a review's requests, from the page and from the extension's
// background, are recorded and pass; a request to another host or a write to github.com fails.
// `session.requests` is the browser side's record (browser.mjs, firefox.mjs), `github` the fake GitHub.
import assert from 'node:assert/strict';
import { requestsBreakingAudit, takeOut } from './request-audit.mjs';
import { pullUrl } from './review-page.mjs';

export async function assertReviewReadsGitHubOnly(session, github, pr) {
  const page = await session.newPage();
  await page.goto(pullUrl(pr, 'files'));
  await page.waitForSelector('[data-atom-review="panel"] [data-atom-review="question"]', { timeout: 30000 });
  await page.close();
  const fromBackground = session.requests.filter((request) => request.host === 'raw.githubusercontent.com');
  assert.ok(fromBackground.length > 0, 'the whole files the background downloads are seen by the audit');
  assert.deepEqual(requestsBreakingAudit(session.requests), []);
  assert.deepEqual(requestsBreakingAudit(github.requests), []);
}

export async function assertForeignHostAndWriteBreakAudit(session, github) {
  const away = await session.newPage();
  await away.goto('https://elsewhere.example/collect').catch(() => {}); // recorded, never sent (browser.mjs, tunnel-proxy.mjs)
  await away.close();
  const page = await session.newPage();
  await page.goto('https://github.com/ROCm/ATOM/pull/1/none');
  await page.evaluate(() => fetch('/ROCm/ATOM/pull/1/comments', { method: 'POST', body: 'x' }).catch(() => {}));
  await page.close();
  const foreign = takeOut(session.requests, (request) => request.host === 'elsewhere.example');
  assert.match(requestsBreakingAudit(foreign).join('\n'), /host elsewhere\.example is not GitHub's/);
  const isPost = (request) => request.method === 'POST';
  takeOut(session.requests, isPost);
  const posted = takeOut(github.requests, isPost);
  assert.match(requestsBreakingAudit(posted).join('\n'), /^POST https:\/\/github\.com\/ROCm\/ATOM\/pull\/1\/comments: POST is not a read$/);
}
