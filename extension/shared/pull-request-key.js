// One spelling of "which pull request" for caches and logs.
export function pullRequestKey({ owner, repo, number }) {
  return `${owner}/${repo}#${number}`;
}
