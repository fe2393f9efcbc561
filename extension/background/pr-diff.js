// Fetches a pull request's unified diff the way a signed-in browser tab would: github.com's
// `.diff` URL with the session cookie, following its redirect to patch-diff.githubusercontent.com.

export function pullRequestDiffUrl({ owner, repo, number }) {
  return `https://github.com/${encodeURIComponent(owner)}/${encodeURIComponent(repo)}/pull/${number}.diff`;
}

/** Resolves to the diff as bytes (the engine takes bytes, not a JS string). */
export async function fetchPullRequestDiff(pr, fetchImpl = fetch) {
  const url = pullRequestDiffUrl(pr);
  const response = await fetchImpl(url, { credentials: 'include', redirect: 'follow' });
  if (!response.ok) {
    throw new Error(`GET ${url} answered ${response.status} ${response.statusText}`.trim());
  }
  return new Uint8Array(await response.arrayBuffer());
}
