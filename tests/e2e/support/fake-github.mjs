// A local HTTPS stand-in for github.com, patch-diff.githubusercontent.com and
// raw.githubusercontent.com, and for a GitHub Enterprise Server host (ENTERPRISE_HOST, with
// subdomain isolation: its raw files on raw.ENTERPRISE_HOST). The browser is pointed at it with
// --host-resolver-rules. It answers like GitHub where the extension cares: GitHub's
// Content-Security-Policy (no 'wasm-unsafe-eval'), github.com's `/pull/N.diff` redirecting to
// patch-diff.githubusercontent.com (the Enterprise host serves it itself), and
// `/O/R/raw/<sha>/<path>` redirecting to the raw host, which serves the files added for that commit.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:https';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { renderConversationPage, renderFilesPage } from './fixture-pages.mjs';
import { assertRequestsAllowed } from './request-audit.mjs';

export const GITHUB_CSP = "default-src 'none'; base-uri 'self'; connect-src 'self' uploads.github.com; "
  + "font-src github.githubassets.com; img-src 'self' data:; script-src github.githubassets.com; "
  + "style-src 'unsafe-inline' github.githubassets.com";

export const ENTERPRISE_HOST = 'ghe.acme.test';
// Pull request pages live on these; each one's raw files on its raw host.
const SITES = { 'github.com': { raw: 'raw.githubusercontent.com' }, [ENTERPRISE_HOST]: { raw: `raw.${ENTERPRISE_HOST}` } };
const rawHostSite = (host) => Object.keys(SITES).find((site) => SITES[site].raw === host);
export const CODELOAD_HOST = 'codeload.github.com';
export const FAKE_HOSTS = ['github.com', 'patch-diff.githubusercontent.com', 'raw.githubusercontent.com', CODELOAD_HOST,
  ENTERPRISE_HOST, `raw.${ENTERPRISE_HOST}`];

function makeCertificate(dir) {
  execFileSync('openssl', ['req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-keyout', join(dir, 'key.pem'),
    '-out', join(dir, 'cert.pem'), '-days', '2', '-subj', '/CN=github.com',
    '-addext', `subjectAltName=${FAKE_HOSTS.map((host) => `DNS:${host}`).join(',')}`], { stdio: 'ignore' });
  return { key: readFileSync(join(dir, 'key.pem')), cert: readFileSync(join(dir, 'cert.pem')) };
}

// Files pages may name a commit range (`/files/<a>..<b>`, `/changes/<sha>`); it draws the whole diff.
const PULL_PAGE = /^\/([^/]+)\/([^/]+)\/pull\/(\d+)(?:\/(files|changes)(?:\/[0-9a-f]{7,40}(?:\.\.[0-9a-f]{7,40})?)?)?$/;
const PULL_DIFF = /^\/([^/]+)\/([^/]+)\/pull\/(\d+)\.diff$/;
const RAW_DIFF = /^\/raw\/([^/]+)\/([^/]+)\/pull\/(\d+)\.diff$/;
// Matched on the path as sent (still percent-encoded), so the redirect keeps the file's encoding.
const GITHUB_RAW_FILE = /^\/([^/]+)\/([^/]+)\/raw\/([0-9a-f]{40})\/(.+)$/;
const RAW_FILE = /^\/([^/]+)\/([^/]+)\/([0-9a-f]{40})\/(.+)$/;
// github.com's repository archive, redirected as GitHub does to codeload.
const ARCHIVE = /^\/([^/]+)\/([^/]+)\/archive\/([0-9a-f]{40})\.tar\.gz$/;
const CODELOAD_ARCHIVE = /^\/([^/]+)\/([^/]+)\/tar\.gz\/([0-9a-f]{40})$/;
const MIB = 1024 * 1024;

// An archive's answer: its bytes (in two halves `pauseMs` apart, so a download's progress shows),
// or a failure: 'missing' (404), 'truncated' (the first half only), 'oversized' (a stated length
// of 200 MiB, then nothing), 'stall' (the headers, then nothing).
function sendArchive(response, { bytes, failure, pauseMs = 0 }) {
  if (failure === 'missing') return void response.writeHead(404, { 'content-type': 'text/plain' }).end('Not Found');
  const half = bytes.subarray(0, Math.floor(bytes.length / 2));
  const length = failure === 'oversized' ? 200 * MIB : failure === 'truncated' ? half.length : bytes.length;
  response.writeHead(200, { 'content-type': 'application/x-gzip', 'content-length': String(length) });
  if (failure === 'oversized' || failure === 'stall') return void response.flushHeaders();
  if (failure === 'truncated') return void response.end(half);
  response.write(half);
  setTimeout(() => response.end(bytes.subarray(half.length)), pauseMs);
}

/**
 * Starts the server. Pull requests are added with `addPullRequest({host, owner, repo, number, title,
 * description, diffBytes, diffUnavailable, diffStall, diffStatus, diffFailures: [{status, headers}], headSha, baseSha,
 * page, headFiles, rawFailures})` (host: github.com unless ENTERPRISE_HOST; headSha, baseSha, page: see renderFilesPage); their conversation page is served at
 * /pull/N (classic UI), their files page at /files (classic UI) and /changes (React UI), in split view with
 * `?diff=split`. `diffStall` makes the `.diff` answer its first line and then nothing. `headFiles` ({path: bytes}) are the files at `headSha`, served on the raw host; `rawFailures`
 * ({path: 'missing' | 'stall'}) makes that file's answer a 404 or no answer at all.
 * `requests` records every request as {host, path, method, origin} (origin: its Origin header or null).
 * The browser sends every host to this server (browser.mjs), so a request to any other host is
 * recorded too; `close()` fails when any recorded request breaks the audit (request-audit.mjs).
 */
export async function startFakeGitHub({ port = 0 } = {}) {
  const certDir = mkdtempSync(join(tmpdir(), 'atom-review-cert-'));
  const pullRequests = new Map();
  const rawFiles = new Map(); // `${site}/${owner}/${repo}@${sha}:${path}` -> {bytes, failure}
  const archives = new Map(); // `${owner}/${repo}@${sha}` -> {bytes, failure, pauseMs}
  const requests = [];
  const pages = new Map(); // path with query -> {html, delayMs}: list pages, conversation pages
  // Diff answers can be held back `delayMs`; `maxInFlight` is the most answered at once.
  const diffTraffic = { delayMs: 0, inFlight: 0, maxInFlight: 0 };
  const key = (site, owner, repo, number) => `${site}/${owner}/${repo}#${Number(number)}`;

  const server = createServer(makeCertificate(certDir), (request, response) => {
    const host = (request.headers.host ?? '').replace(/:\d+$/, '');
    const url = new URL(request.url, 'https://x');
    const path = decodeURIComponent(url.pathname);
    requests.push({ host, path, method: request.method, origin: request.headers.origin ?? null, cookie: request.headers.cookie ?? null });
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
    if (SITES[host] && (match = PULL_PAGE.exec(path))) {
      const pr = pullRequests.get(key(host, match[1], match[2], match[3]));
      if (!pr) return send(404, { 'content-type': 'text/plain' }, 'Not Found');
      const html = match[4]
        ? renderFilesPage({ pr, title: pr.title, ui: match[4] === 'changes' ? 'react' : 'classic',
          diffText: pr.diffBytes.toString('utf8'), view: url.searchParams.get('diff') === 'split' ? 'split' : 'unified' })
        : renderConversationPage({ pr, title: pr.title, description: pr.description });
      return send(200, { 'content-type': 'text/html; charset=utf-8', 'content-security-policy': GITHUB_CSP }, html);
    }
    if (SITES[host] && (match = PULL_DIFF.exec(path))) {
      const pr = pullRequests.get(key(host, match[1], match[2], match[3]));
      const refusal = pr?.diffFailures?.shift() ?? (pr?.diffStatus && { status: pr.diffStatus });
      if (refusal) return sendDiff(refusal.status, { 'content-type': 'text/plain', ...refusal.headers }, 'refused');
      if (host === 'github.com') {
        return send(302, { location: `https://patch-diff.githubusercontent.com/raw/${match[1]}/${match[2]}/pull/${match[3]}.diff` });
      }
      if (!pr || pr.diffUnavailable) return sendDiff(404, { 'content-type': 'text/plain' }, 'Not Found');
      return sendDiff(200, { 'content-type': 'text/plain; charset=utf-8' }, pr.diffBytes);
    }
    if (SITES[host] && (match = GITHUB_RAW_FILE.exec(url.pathname))) {
      const [, owner, repo, sha, file] = match;
      return send(302, { location: `https://${SITES[host].raw}/${owner}/${repo}/${sha}/${file}` });
    }
    if (host === 'github.com' && (match = ARCHIVE.exec(path))) {
      return send(302, { location: `https://${CODELOAD_HOST}/${match[1]}/${match[2]}/tar.gz/${match[3]}` });
    }
    if (host === CODELOAD_HOST && (match = CODELOAD_ARCHIVE.exec(path))) {
      const archive = archives.get(`${match[1]}/${match[2]}@${match[3]}`);
      return sendArchive(response, archive ?? { failure: 'missing' });
    }
    if (rawHostSite(host) && (match = RAW_FILE.exec(url.pathname))) {
      const [owner, repo, sha, file] = match.slice(1).map(decodeURIComponent);
      const found = rawFiles.get(`${rawHostSite(host)}/${owner}/${repo}@${sha}:${file}`);
      if (found?.failure === 'stall') return undefined; // the connection stays open, unanswered
      if (!found || found.failure === 'missing') return send(404, { 'content-type': 'text/plain' }, '404: Not Found');
      return send(200, { 'content-type': 'text/plain; charset=utf-8' }, found.bytes);
    }
    if (host === 'patch-diff.githubusercontent.com' && (match = RAW_DIFF.exec(path))) {
      const pr = pullRequests.get(key('github.com', match[1], match[2], match[3]));
      if (!pr || pr.diffUnavailable) return sendDiff(404, { 'content-type': 'text/plain' }, 'Not Found');
      if (pr.diffStall) { // the headers and the diff's first line, then nothing: the connection stays open
        response.writeHead(200, { 'content-type': 'text/plain; charset=utf-8' });
        return void response.write(pr.diffBytes.subarray(0, pr.diffBytes.indexOf(10) + 1));
      }
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
      const site = pr.host ?? 'github.com';
      pullRequests.set(key(site, pr.owner, pr.repo, pr.number), { ...pr, diffBytes: Buffer.from(pr.diffBytes ?? '') });
      const fileKey = (path) => `${site}/${pr.owner}/${pr.repo}@${pr.headSha}:${path}`;
      for (const [path, bytes] of Object.entries(pr.headFiles ?? {})) rawFiles.set(fileKey(path), { bytes: Buffer.from(bytes) });
      for (const [path, failure] of Object.entries(pr.rawFailures ?? {})) rawFiles.set(fileKey(path), { ...rawFiles.get(fileKey(path)), failure });
    },
    /**
     * Serves `bytes` (a .tar.gz) as github.com's archive of owner/repo at `sha`, through codeload;
     * `failure`, `pauseMs`: see sendArchive.
     */
    addArchive({ owner, repo, sha, bytes = Buffer.alloc(0), failure = null, pauseMs = 0 }) {
      archives.set(`${owner}/${repo}@${sha}`, { bytes: Buffer.from(bytes), failure, pauseMs });
    },
    /** The archive requests of owner/repo at `sha` (any sha when null), as recorded ({host, path, cookie, …}). */
    archiveRequests({ owner, repo, sha = null }) {
      return requests.filter(({ host, path }) => {
        const match = (host === 'github.com' ? ARCHIVE : host === CODELOAD_HOST ? CODELOAD_ARCHIVE : null)?.exec(path);
        return match && match[1] === owner && match[2] === repo && (sha === null || match[3] === sha);
      });
    },
    /** How many times each of `pr`'s files at its head was asked for on its raw host: {path: count}. */
    rawRequests({ host: site = 'github.com', owner, repo, headSha }) {
      const prefix = `/${owner}/${repo}/${headSha}/`;
      const counts = {};
      for (const { host, path } of requests) {
        if (host !== SITES[site].raw || !path.startsWith(prefix)) continue;
        const file = path.slice(prefix.length);
        counts[file] = (counts[file] ?? 0) + 1;
      }
      return counts;
    },
    async close() {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
      rmSync(certDir, { recursive: true, force: true });
      assertRequestsAllowed(requests);
    },
  };
}
