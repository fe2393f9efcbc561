// The network audit every e2e file runs when its fake GitHub closes (fake-github.mjs): the
// extension talks to GitHub's three hosts (and the fake Enterprise host and its raw host) only,
// and only reads. Nothing is ever submitted: a
// review tool inside a logged-in session must never act for the user.
import assert from 'node:assert/strict';
import { FAKE_HOSTS } from './fake-github.mjs';

// CONNECT is Firefox's proxy tunnel (tunnel-proxy.mjs), only ever joined to the fake GitHub,
// which records and audits what goes through it.
const READ_METHODS = new Set(['GET', 'HEAD', 'CONNECT']);
// A request may name no origin (a navigation, a same-origin GET), the page's, or the extension's.
const ALLOWED_ORIGIN = /^(?:https:\/\/github\.com|https:\/\/ghe\.acme\.test|chrome-extension:\/\/[a-p]{32}|moz-extension:\/\/[0-9a-f-]{36})$/;

/** The recorded requests ({host, path, method, origin}) that break the audit, each with why. */
export function requestsBreakingAudit(requests) {
  return requests.flatMap((request) => {
    const why = [];
    if (!FAKE_HOSTS.includes(request.host)) why.push(`host ${request.host || '(none)'} is not GitHub's`);
    if (!READ_METHODS.has(request.method)) why.push(`${request.method} is not a read`);
    if (request.origin !== null && !ALLOWED_ORIGIN.test(request.origin)) why.push(`origin ${request.origin}`);
    return why.length > 0 ? [`${request.method} https://${request.host}${request.path}: ${why.join(', ')}`] : [];
  });
}

export function assertRequestsAllowed(requests) {
  assert.deepEqual(requestsBreakingAudit(requests), [], 'requests outside the allowed hosts and methods');
}

/** Takes the requests a test made on purpose out of `requests` (so that teardown's audit passes) and returns them. */
export function takeOut(requests, isPlanted) {
  const planted = requests.filter(isPlanted);
  requests.splice(0, requests.length, ...requests.filter((request) => !isPlanted(request)));
  return planted;
}
