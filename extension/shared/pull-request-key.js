// One spelling of "which pull request" for caches, storage and logs: `OWNER/REPO#N` on
// github.com (the keys stored before Enterprise hosts existed stay valid), `HOST/OWNER/REPO#N`
// on an Enterprise host.
import { GITHUB_COM } from './github-host.js';

export function pullRequestKey({ host = GITHUB_COM, owner, repo, number }) {
  return `${host === GITHUB_COM ? '' : `${host}/`}${owner}/${repo}#${number}`;
}
