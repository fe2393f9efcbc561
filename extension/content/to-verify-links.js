// Where a "To verify" site opens: the file at the line, as it stands at the pull request's head
// commit, on the pull request's own host. Paths come from the engine quoting a hostile repository:
// a path that could climb out of the repository, or no full head commit, gives no link.
import { COMMIT_SHA } from '../shared/commit-sha.js';
import { siteOrigin } from '../shared/github-host.js';

const CONTROL = /[\x00-\x1f\x7f]/;
const isRepoPath = (path) => typeof path === 'string' && path.length > 0 && !CONTROL.test(path)
  && path.split('/').every((part) => part !== '' && part !== '.' && part !== '..');

/** `https://HOST/OWNER/REPO/blob/<headSha>/<path>#L<line>` for {path, line}, or null. */
export function siteLink({ host, owner, repo, headSha }, { path, line }) {
  if (typeof headSha !== 'string' || !COMMIT_SHA.test(headSha) || !isRepoPath(path)) return null;
  const file = path.split('/').map(encodeURIComponent).join('/');
  const at = Number.isSafeInteger(line) && line > 0 ? `#L${line}` : '';
  return `${siteOrigin(host)}/${encodeURIComponent(owner)}/${encodeURIComponent(repo)}/blob/${headSha}/${file}${at}`;
}
