// Lines the extension's sources must not cross (architecture.md, contract.md).
import assert from 'node:assert/strict';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { test } from 'node:test';

const extensionDir = join(import.meta.dirname, '..', '..', 'extension');

function sources(dir) {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sources(path);
    return /\.(m?js|jsx)$/.test(name) ? [{ name: relative(extensionDir, path), text: readFileSync(path, 'utf8') }] : [];
  });
}
const code = (text) => text.replace(/\/\*[\s\S]*?\*\/|\/\/.*$/gm, ''); // comments may mention anything

test('content scripts never fetch and never run WebAssembly; they ask the background', () => {
  for (const { name, text } of sources(join(extensionDir, 'content'))) {
    assert.doesNotMatch(code(text), /\bfetch\s*\(|XMLHttpRequest|WebAssembly|atom-engine-glue/, name);
  }
});

test('text from a diff never becomes markup: no innerHTML-like sinks anywhere', () => {
  for (const { name, text } of sources(extensionDir)) {
    assert.doesNotMatch(code(text), /innerHTML|outerHTML|insertAdjacentHTML|document\.write|dangerouslySetInnerHTML/, name);
  }
});

// Allowlist: outside content/adapters/ every DOM query is written out as a literal and selects
// only our own elements (data-atom-review, atom-review-* classes and ids) or, inside one of ours or
// for "is the user typing", plain form fields. GitHub's markup is known to the adapters alone.
const QUERY_CALL = /\.(querySelectorAll|querySelector|closest|matches|getElementById|getElementsByClassName|getElementsByTagName|getElementsByName)\(\s*/g;
const FORM_FIELDS = /^(?:input|textarea|select)$/;

// The literal value of `NAME` in `text` (`const NAME = 'value'`), or null.
function constantValue(text, name) {
  return new RegExp(`\\b${name}\\s*=\\s*['"\`]([^'"\`]*)['"\`]`).exec(text)?.[1] ?? null;
}

function isOurCompound(compound, text) {
  if (/^\[data-atom-review(?:=[^\]]*)?\]/.test(compound)) return true; // whatever the value: the attribute is ours
  const interpolated = compound.replace(/\$\{([A-Z_]+)\}/g, (_, name) => constantValue(text, name) ?? '\u0000');
  if (interpolated.includes('\u0000')) return false; // an interpolation we cannot read is not ours
  return /^\[data-atom-review(?:=[^\]]*)?\]/.test(interpolated) || /^[.#]atom-review-[\w-]+/.test(interpolated);
}

// null when `selector` (the literal's text) selects only our elements, else the first compound that does not.
function foreignCompound(selector, text) {
  for (const item of selector.split(',')) {
    const compounds = item.trim().split(/\s*>\s*|\s+/).filter(Boolean);
    let insideOurs = false;
    for (const compound of compounds) {
      if (isOurCompound(compound, text)) insideOurs = true;
      else if (!(FORM_FIELDS.test(compound) && compounds.length === 1) && !(insideOurs && /^[a-z]+(?::not\(\[data-atom-review\]\))?$/.test(compound))) return compound;
    }
  }
  return null;
}

test('only the adapters use selectors of GitHub\'s markup (an allowlist: everything else selects our elements)', () => {
  let checked = 0;
  for (const { name, text } of sources(join(extensionDir, 'content'))) {
    if (name.startsWith('content/adapters/')) continue;
    const source = code(text);
    for (const match of source.matchAll(QUERY_CALL)) {
      const rest = source.slice(match.index + match[0].length);
      const literal = /^(['"`])((?:(?!\1)[^\\]|\\.)*)\1\s*\)/.exec(rest);
      assert.ok(literal, `${name}: ${match[1]}(${rest.slice(0, 40)}…) is not a literal selector`);
      const foreign = foreignCompound(literal[2], source);
      assert.equal(foreign, null, `${name}: ${match[1]}('${literal[2]}') selects ${foreign}, which is not ours`);
      checked += 1;
    }
  }
  assert.ok(checked > 20, `only ${checked} queries found: the scan is broken`);
});

test('the allowlist refuses GitHub selectors', () => {
  const text = "const OURS = 'atom-review-x'; const THEIRS = 'file-header';";
  for (const selector of ['.file-header', 'td[data-line-number]', 'div', 'a.author', '.${THEIRS}', '.${UNKNOWN}',
    '[data-atom-review="panel"], .js-file', 'input.js-comment-field', '[data-testid="issue-labels"] a']) {
    assert.notEqual(foreignCompound(selector, text), null, selector);
  }
  for (const selector of ['[data-atom-review="panel"]', '.${OURS}', '.atom-review-finding-details', 'input, textarea, select',
    '[data-atom-review="panel"] [data-atom-review="panel-toggle"]', '[data-atom-review="finding"][data-open]']) {
    assert.equal(foreignCompound(selector, text), null, selector);
  }
});
