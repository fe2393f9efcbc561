// Issue #42: a redirect is not followed before it is checked. A browser-like fetch (a cookie jar
// per host, redirects followed only when asked with `redirect: 'follow'`, an opaque answer for
// `'manual'`) serves redirect chains; each request is counted per host with the cookies it carried.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { fetchGitHubPage } from '../../extension/background/github-pages.js';
import { fetchPullRequestDiff } from '../../extension/background/pr-diff.js';
import { fetchRawFile } from '../../extension/background/head-files.js';

const COOKIES = { 'github.com': 'user_session=gh', 'sso.evil.example': 'idp=evil', 'patch-diff.githubusercontent.com': 'pd=1',
  'raw.githubusercontent.com': 'raw=1', 'ghe.acme.test': 'ghe=1' };

/** routes: {url: {redirect: url} | {body}}; requests: [{host, cookie}] */
function browserLikeFetch(routes) {
  const requests = [];
  const fetchImpl = async (start, init) => {
    let url = start;
    for (let hop = 0; hop < 10; hop += 1) {
      const { host } = new URL(url);
      requests.push({ host, cookie: init.credentials === 'include' ? COOKIES[host] ?? null : null });
      const route = routes[url] ?? { status: 404, body: '' };
      if (!route.redirect) {
        const response = new Response(route.body, { status: route.status ?? 200 });
        Object.defineProperty(response, 'url', { value: url });
        return response;
      }
      if (init.redirect === 'error') throw new TypeError('Failed to fetch');
      if (init.redirect === 'manual') {
        const opaque = new Response(null, { status: 200 });
        Object.defineProperty(opaque, 'type', { value: 'opaqueredirect' });
        Object.defineProperty(opaque, 'status', { value: 0 });
        Object.defineProperty(opaque, 'url', { value: url });
        return opaque;
      }
      url = route.redirect;
    }
    throw new TypeError('too many redirects');
  };
  return { fetchImpl, requests };
}

const hostsOf = (requests) => requests.map(({ host, cookie }) => `${host} ${cookie}`);

test('a conversation page redirected to a sign-in provider: one request, to github.com, and nothing read', async () => {
  const { fetchImpl, requests } = browserLikeFetch({
    'https://github.com/ROCm/ATOM/pull/7': { redirect: 'https://sso.evil.example/login?next=/ROCm' },
    'https://sso.evil.example/login?next=/ROCm': { redirect: 'https://github.com/ROCm/ATOM/pull/7?sso=1' },
    'https://github.com/ROCm/ATOM/pull/7?sso=1': { body: '<p>signed in</p>' },
  });
  const page = await fetchGitHubPage({ kind: 'conversation', owner: 'ROCm', repo: 'ATOM', number: 7 }, { fetchImpl });
  assert.deepEqual(page, { status: 0, html: '' });
  assert.deepEqual(hostsOf(requests), ['github.com user_session=gh'], 'the sign-in provider got no request and no cookie');
});

test('github.com\'s .diff: its one redirect is answered from patch-diff, a chain elsewhere reaches no other host', async () => {
  const pr = { owner: 'ROCm', repo: 'ATOM', number: 1498 };
  const patch = 'https://patch-diff.githubusercontent.com/raw/ROCm/ATOM/pull/1498.diff';
  const usual = browserLikeFetch({ 'https://github.com/ROCm/ATOM/pull/1498.diff': { redirect: patch }, [patch]: { body: 'diff' } });
  assert.equal(new TextDecoder().decode(await fetchPullRequestDiff(pr, { fetchImpl: usual.fetchImpl })), 'diff');
  assert.deepEqual(hostsOf(usual.requests), ['github.com user_session=gh', 'patch-diff.githubusercontent.com pd=1']);

  const hijacked = browserLikeFetch({
    'https://github.com/ROCm/ATOM/pull/1498.diff': { redirect: 'https://sso.evil.example/x' },
    'https://sso.evil.example/x': { redirect: 'https://raw.githubusercontent.com/mallory/x/main/pr.diff' },
    'https://raw.githubusercontent.com/mallory/x/main/pr.diff': { body: 'forged diff' },
    [patch]: { redirect: 'https://sso.evil.example/x' },
  });
  await assert.rejects(fetchPullRequestDiff(pr, { fetchImpl: hijacked.fetchImpl }), /redirected again/);
  assert.deepEqual(hostsOf(hijacked.requests), ['github.com user_session=gh', 'patch-diff.githubusercontent.com pd=1'],
    'no request to the sign-in provider or the raw host');
});

test('an Enterprise host\'s .diff that redirects (to its sign-in page) is not followed', async () => {
  const { fetchImpl, requests } = browserLikeFetch({
    'https://ghe.acme.test/acme/widgets/pull/7.diff': { redirect: 'https://sso.evil.example/saml' },
    'https://sso.evil.example/saml': { body: 'login' },
  });
  await assert.rejects(fetchPullRequestDiff({ host: 'ghe.acme.test', owner: 'acme', repo: 'widgets', number: 7 }, { fetchImpl }), /must answer itself/);
  assert.deepEqual(hostsOf(requests), ['ghe.acme.test ghe=1']);
});

test('raw files still follow GitHub\'s redirect to the raw host (its token is in the Location)', async () => {
  const url = 'https://github.com/ROCm/ATOM/raw/' + 'a'.repeat(40) + '/x.py';
  const raw = 'https://raw.githubusercontent.com/ROCm/ATOM/' + 'a'.repeat(40) + '/x.py?token=T';
  const { fetchImpl, requests } = browserLikeFetch({ [url]: { redirect: raw }, [raw]: { body: 'x = 1\n' } });
  assert.equal(new TextDecoder().decode(await fetchRawFile(url, { fetchImpl })), 'x = 1\n');
  assert.deepEqual(hostsOf(requests), ['github.com user_session=gh', 'raw.githubusercontent.com raw=1']);
});
