// A local HTTPS stand-in for github.com and patch-diff.githubusercontent.com. The browser is
// pointed at it with --host-resolver-rules. It answers like GitHub where the extension cares:
// GitHub's Content-Security-Policy (no 'wasm-unsafe-eval'), and `/pull/N.diff` redirecting to
// patch-diff.githubusercontent.com.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:https';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { renderConversationPage, renderFilesPage } from './fixture-pages.mjs';

export const GITHUB_CSP = "default-src 'none'; base-uri 'self'; connect-src 'self' uploads.github.com; "
  + "font-src github.githubassets.com; img-src 'self' data:; script-src github.githubassets.com; "
  + "style-src 'unsafe-inline' github.githubassets.com";

function makeCertificate(dir) {
  execFileSync('openssl', ['req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-keyout', join(dir, 'key.pem'),
    '-out', join(dir, 'cert.pem'), '-days', '2', '-subj', '/CN=github.com',
    '-addext', 'subjectAltName=DNS:github.com,DNS:patch-diff.githubusercontent.com'], { stdio: 'ignore' });
  return { key: readFileSync(join(dir, 'key.pem')), cert: readFileSync(join(dir, 'cert.pem')) };
}

// Files pages may name a commit range (`/files/<a>..<b>`, `/changes/<sha>`); it draws the whole diff.
const PULL_PAGE = /^\/([^/]+)\/([^/]+)\/pull\/(\d+)(?:\/(files|changes)(?:\/[0-9a-f]{7,40}(?:\.\.[0-9a-f]{7,40})?)?)?$/;
const PULL_DIFF = /^\/([^/]+)\/([^/]+)\/pull\/(\d+)\.diff$/;
const RAW_DIFF = /^\/raw\/([^/]+)\/([^/]+)\/pull\/(\d+)\.diff$/;

/**
 * Starts the server. Pull requests are added with `addPullRequest({owner, repo, number, title,
 * description, diffBytes, diffUnavailable, diffStatus, diffFailures: [{status, headers}], headSha, baseSha,
 * page})` (the last three: see renderFilesPage); their conversation page is served at /pull/N (classic UI), their
 * files page at /files (classic UI) and /changes (React UI), in split view with `?diff=split`.
 * `requests` records every request as {host, path}.
 */
export async function startFakeGitHub({ port = 0 } = {}) {
  const certDir = mkdtempSync(join(tmpdir(), 'atom-review-cert-'));
  const pullRequests = new Map();
  const requests = [];
  const pages = new Map(); // path with query -> {html, delayMs}: list pages, conversation pages
  // Diff answers can be held back `delayMs`; `maxInFlight` is the most answered at once.
  const diffTraffic = { delayMs: 0, inFlight: 0, maxInFlight: 0 };
  const key = (owner, repo, number) => `${owner}/${repo}#${Number(number)}`;

  const server = createServer(makeCertificate(certDir), (request, response) => {
    const host = (request.headers.host ?? '').replace(/:\d+$/, '');
    const url = new URL(request.url, 'https://x');
    const path = decodeURIComponent(url.pathname);
    requests.push({ host, path });
    const send = (status, headers, body = '') => { response.writeHead(status, headers); response.end(body); };
    const sendDiff = (status, headers, body) => {
      diffTraffic.inFlight += 1;
      diffTraffic.maxInFlight = Math.max(diffTraffic.maxInFlight, diffTraffic.inFlight);
      setTimeout(() => { diffTraffic.inFlight -= 1; send(status, headers, body); }, diffTraffic.delayMs);
    };
    let match;
    const addedPage = host === 'github.com' && pages.get(`${path}${url.search}`);
    if (addedPage) {
      const answer = () => send(200, { 'content-type': 'text/html; charset=utf-8', 'content-security-policy': GITHUB_CSP }, addedPage.html);
      return addedPage.delayMs ? void setTimeout(answer, addedPage.delayMs) : answer();
    }
    if (host === 'github.com' && (match = PULL_PAGE.exec(path))) {
      const pr = pullRequests.get(key(match[1], match[2], match[3]));
      if (!pr) return send(404, { 'content-type': 'text/plain' }, 'Not Found');
      const html = match[4]
        ? renderFilesPage({ pr, title: pr.title, ui: match[4] === 'changes' ? 'react' : 'classic',
          diffText: pr.diffBytes.toString('utf8'), view: url.searchParams.get('diff') === 'split' ? 'split' : 'unified' })
        : renderConversationPage({ pr, title: pr.title, description: pr.description });
      return send(200, { 'content-type': 'text/html; charset=utf-8', 'content-security-policy': GITHUB_CSP }, html);
    }
    if (host === 'github.com' && (match = PULL_DIFF.exec(path))) {
      const pr = pullRequests.get(key(match[1], match[2], match[3]));
      const refusal = pr?.diffFailures?.shift() ?? (pr?.diffStatus && { status: pr.diffStatus });
      if (refusal) return sendDiff(refusal.status, { 'content-type': 'text/plain', ...refusal.headers }, 'refused');
      return send(302, { location: `https://patch-diff.githubusercontent.com/raw/${match[1]}/${match[2]}/pull/${match[3]}.diff` });
    }
    if (host === 'patch-diff.githubusercontent.com' && (match = RAW_DIFF.exec(path))) {
      const pr = pullRequests.get(key(match[1], match[2], match[3]));
      if (!pr || pr.diffUnavailable) return sendDiff(404, { 'content-type': 'text/plain' }, 'Not Found');
      return sendDiff(200, { 'content-type': 'text/plain; charset=utf-8' }, pr.diffBytes);
    }
    return send(404, { 'content-type': 'text/plain', 'content-security-policy': GITHUB_CSP }, 'Not Found');
  });
  await new Promise((resolve, reject) => {
    server.once('error', (error) => { rmSync(certDir, { recursive: true, force: true }); reject(error); });
    server.listen(port, '127.0.0.1', resolve);
  });

  return {
    port: server.address().port,
    requests,
    diffTraffic,
    /** Serves `html` at `pathWithQuery` (e.g. `/ROCm/ATOM/pulls?page=2`) on github.com, `delayMs` late. */
    addPage(pathWithQuery, html, { delayMs = 0 } = {}) {
      pages.set(pathWithQuery, { html, delayMs });
    },
    addPullRequest(pr) {
      pullRequests.set(key(pr.owner, pr.repo, pr.number), { ...pr, diffBytes: Buffer.from(pr.diffBytes ?? '') });
    },
    async close() {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
      rmSync(certDir, { recursive: true, force: true });
    },
  };
}
