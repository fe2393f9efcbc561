// The pull request's head and base commits as a classic files page names them in addresses:
// `show_toc?base_sha=<base>&sha1=…&sha2=<head>` and
// `show_partial_comparison?base_commit_oid=<base>&end_commit_oid=<head>…`. DOM-free.
import { COMMIT_SHA } from '../../shared/commit-sha.js';

const HEAD_PARAMS = ['sha2', 'end_commit_oid'];
const BASE_PARAMS = ['base_sha', 'base_commit_oid'];

function firstSha(params, names) {
  for (const name of names) {
    const value = params.get(name)?.toLowerCase();
    if (value && COMMIT_SHA.test(value)) return value;
  }
  return undefined;
}

/** {head_sha?, base_sha?} from the first of `addresses` (relative URLs) naming a head. */
export function shasFromAddresses(addresses) {
  for (const address of addresses) {
    const query = address.includes('?') ? address.slice(address.indexOf('?') + 1) : '';
    const params = new URLSearchParams(query);
    const head = firstSha(params, HEAD_PARAMS);
    if (!head) continue;
    const base = firstSha(params, BASE_PARAMS);
    return base ? { head_sha: head, base_sha: base } : { head_sha: head };
  }
  return {};
}
