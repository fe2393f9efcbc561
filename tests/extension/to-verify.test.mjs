// The panel's "To verify" list drawn from a hand-made result: one item per entry, each site a link
// to the file at its line at the PR's head on the PR's host, "and N more", hostile text as text;
// no link without a head commit or for a path that climbs out; nothing without the key.
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { test } from 'node:test';
import * as esbuild from 'esbuild';
import { siteLink } from '../../extension/content/to-verify-links.js';

const HEAD = 'feed000000000000000000000000000000000001';
const AT = { host: 'github.com', owner: 'ROCm', repo: 'ATOM', headSha: HEAD };
const RESULT_TO_VERIFY = [
  { kind: 'overrides', subject: 'ModelRunner.run_model', text: 'overridden in 3 subclasses: check each still agrees',
    sites: [{ path: 'atom/models/x.py', line: 120, label: 'DeepseekRunner.run_model' },
      { path: 'atom/models/a b#.py', line: 7, label: '<img src=x onerror=alert(1)>' }], more: 2 },
  { kind: 'callers', subject: 'fused_moe', text: 'called from 1 place', sites: [{ path: '../etc/passwd', line: 1, label: '' }], more: 0 },
];

async function loadToVerify() {
  const bundle = await esbuild.build({
    entryPoints: [join(import.meta.dirname, '..', '..', 'extension', 'content', 'views', 'to-verify.jsx')], bundle: true, write: false,
    format: 'esm', platform: 'neutral', jsx: 'automatic', jsxImportSource: 'preact', logLevel: 'silent', mainFields: ['module', 'main'],
  });
  return import(`data:text/javascript;base64,${Buffer.from(bundle.outputFiles[0].text).toString('base64')}`);
}

// The elements a Preact tree holds, in order: {type, props}, and the text under a node.
function elements(node, out = []) {
  if (Array.isArray(node)) { for (const child of node) elements(child, out); return out; }
  if (!node || typeof node !== 'object') return out;
  out.push(node);
  elements(node.props?.children, out);
  return out;
}
const textOf = (node) => (Array.isArray(node) ? node.map(textOf).join('')
  : node && typeof node === 'object' ? textOf(node.props?.children) : node == null || node === false ? '' : String(node));

test('site links: the file at the line at the head commit, encoded; none for a climbing path or without a full head', () => {
  assert.equal(siteLink(AT, { path: 'atom/models/x.py', line: 120 }), `https://github.com/ROCm/ATOM/blob/${HEAD}/atom/models/x.py#L120`);
  assert.equal(siteLink({ ...AT, host: 'ghe.acme.test' }, { path: 'a b#.py', line: 7 }), `https://ghe.acme.test/ROCm/ATOM/blob/${HEAD}/a%20b%23.py#L7`);
  assert.equal(siteLink(AT, { path: '../etc/passwd', line: 1 }), null);
  assert.equal(siteLink(AT, { path: 'a//b.py', line: 1 }), null);
  assert.equal(siteLink({ ...AT, headSha: null }, { path: 'a.py', line: 1 }), null);
  assert.equal(siteLink({ ...AT, headSha: 'feed' }, { path: 'a.py', line: 1 }), null);
});

test('the list: subject, words, each site linked with its label, "and N more"; hostile text stays text', async () => {
  const { ToVerify, TO_VERIFY } = await loadToVerify();
  const tree = ToVerify({ items: RESULT_TO_VERIFY, at: AT });
  assert.equal(tree.props['data-atom-review'], TO_VERIFY);
  const all = elements(tree);
  const items = all.filter((node) => node.props?.['data-atom-review'] === 'to-verify-item');
  assert.deepEqual(items.map((node) => node.props['data-kind']), ['overrides', 'callers']);
  assert.match(textOf(items[0]), /^ModelRunner\.run_model overridden in 3 subclasses: check each still agrees/);
  assert.match(textOf(items[0]), /and 2 more$/);
  assert.doesNotMatch(textOf(items[1]), /more/);
  const links = all.filter((node) => node.type === 'a').map((node) => ({ href: node.props.href, text: textOf(node), rel: node.props.rel }));
  assert.deepEqual(links, [
    { href: `https://github.com/ROCm/ATOM/blob/${HEAD}/atom/models/x.py#L120`, text: 'atom/models/x.py:120', rel: 'noopener noreferrer' },
    { href: `https://github.com/ROCm/ATOM/blob/${HEAD}/atom/models/a%20b%23.py#L7`, text: 'atom/models/a b#.py:7', rel: 'noopener noreferrer' },
  ]);
  const sites = all.filter((node) => node.props?.['data-atom-review'] === 'to-verify-site').map(textOf);
  assert.deepEqual(sites, ['atom/models/x.py:120 DeepseekRunner.run_model', 'atom/models/a b#.py:7 <img src=x onerror=alert(1)>',
    '../etc/passwd:1']);
  assert.ok(all.every((node) => !node.props?.dangerouslySetInnerHTML), 'text only');
});

test('nothing without to_verify (a review without the repository)', async () => {
  const { ToVerify } = await loadToVerify();
  assert.equal(ToVerify({ items: undefined, at: AT }), null);
  assert.equal(ToVerify({ items: [], at: AT }), null);
});
