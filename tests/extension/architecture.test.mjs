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

test('only the adapters know GitHub selectors', () => {
  const githubClassHints = /DiffFileHeader|blob-num|file-header|js-file|data-line-anchor|data-diff-side/;
  for (const { name, text } of sources(join(extensionDir, 'content'))) {
    if (name.startsWith('content/adapters/')) continue;
    assert.doesNotMatch(code(text), githubClassHints, name);
  }
});
