// Which GitHub a page belongs to, and where that GitHub serves what the extension downloads.
// github.com is built in; a GitHub Enterprise Server host is one the user added on the options
// page and granted (shared/settings.js `hosts`). The host of a request is always the host of the
// tab that asked (background/scope-gate.js), never a name a page wrote into a message.
//
// github.com: pages on github.com, `.diff` redirected to patch-diff.githubusercontent.com, raw
// files redirected to raw.githubusercontent.com. An Enterprise host H serves pages and `.diff`
// itself and raw files either under https://H/raw/ or, with subdomain isolation (GitHub's
// recommended set-up), on https://raw.H/.

export const GITHUB_COM = 'github.com';

// A DNS name of at least two labels, lower case, no port, no IP address (GitHub Enterprise
// Server wants a hostname), at most 253 characters.
const LABEL = '[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?';
const HOST_NAME = new RegExp(`^(?=.{1,253}$)(?:${LABEL}\\.)+${LABEL}$`);
const IPV4 = /^\d+\.\d+\.\d+\.\d+$/;
// Hosts that are GitHub's own: adding one as an Enterprise host would mean nothing.
const GITHUB_OWN = /(?:^|\.)(?:github\.com|githubusercontent\.com|githubassets\.com)$/;

/** `text` as an Enterprise host name (trimmed, lower-cased, a scheme or trailing `/` dropped), or null. */
export function normalizeEnterpriseHost(text) {
  if (typeof text !== 'string') return null;
  const host = text.trim().toLowerCase().replace(/^https:\/\//, '').replace(/\/+$/, '');
  if (!HOST_NAME.test(host) || IPV4.test(host) || GITHUB_OWN.test(host)) return null;
  return host;
}

/** True for github.com and for a well-formed Enterprise host name. */
export function isGitHubHost(host) {
  return host === GITHUB_COM || normalizeEnterpriseHost(host) === host;
}

/** True when the extension works on `host`: github.com, or an Enterprise host in `addedHosts`. */
export const isServedHost = (host, addedHosts) => host === GITHUB_COM || addedHosts.includes(host);

/** The host a PR-like object names: its `host`, github.com when it names none. */
export const hostOf = (item) => item?.host ?? GITHUB_COM;

/** https://HOST: where the host's pages (and an Enterprise host's `.diff`) are served. */
export const siteOrigin = (host) => `https://${host}`;

// Where a download may be answered from once its redirects are followed (fetchBounded's
// `answeredFrom`: an origin, or an origin and the path its answers start with). An Enterprise
// host's own origin only under the paths that serve the content: a redirect to its sign-in page
// must fail, not hand the engine a page.

/** Where a pull request's `.diff` may come from. */
export function diffSources({ host = GITHUB_COM, owner, repo }) {
  if (host === GITHUB_COM) {
    return ['https://github.com', 'https://patch-diff.githubusercontent.com'];
  }
  return [`${siteOrigin(host)}/${encodeURIComponent(owner)}/${encodeURIComponent(repo)}/pull`, `${siteOrigin(host)}/raw`, `https://raw.${host}`];
}

/** Where a raw file may come from (never github.com's own pages: that would be a sign-in page). */
export function rawFileSources(host = GITHUB_COM) {
  return host === GITHUB_COM ? ['https://raw.githubusercontent.com'] : [`${siteOrigin(host)}/raw`, `https://raw.${host}`];
}

/** Where a repository archive (`/OWNER/REPO/archive/<sha>.tar.gz`) is served after the host's redirect. */
export function archiveSource(host = GITHUB_COM) {
  return host === GITHUB_COM ? 'https://codeload.github.com' : siteOrigin(host);
}

/** The host permissions an Enterprise host needs (requested on the options page when it is added). */
export function enterpriseHostPermissions(host) {
  return [`https://${host}/*`, `https://raw.${host}/*`];
}
