// The list feature keeps the extension's lines: GitHub's list markup is named only in the list
// adapters, and the content side never talks to GitHub itself.
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';

const contentDir = join(import.meta.dirname, '..', '..', 'extension', 'content');
const code = (text) => text.replace(/\/\*[\s\S]*?\*\/|\/\/.*$/gm, '');
const LIST_MARKUP = /js-issue-row|data-hovercard-type|listitem-title-link|issue-pr-title-link|batch-deferred-content|aria-label="Issues"|turbo-frame/;

test('only the list adapters know GitHub list markup', () => {
  const files = readdirSync(contentDir, { recursive: true }).filter((name) => /\.(m?js|jsx)$/.test(name));
  assert.ok(files.includes(join('features', 'list-badges.js')));
  for (const name of files) {
    if (/^adapters[/\\]list-/.test(name)) continue;
    assert.doesNotMatch(code(readFileSync(join(contentDir, name), 'utf8')), LIST_MARKUP, name);
  }
});
