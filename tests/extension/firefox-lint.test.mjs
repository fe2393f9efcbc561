// Mozilla's addons-linter over the Firefox package (dist/atom-review-firefox.zip, after
// `node extension/build.mjs`): no error, and exactly the warnings extension/README.md explains.
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { existsSync, readFileSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { describe, test } from 'node:test';

const root = join(import.meta.dirname, '..', '..');
const firefoxZip = join(root, 'dist', 'atom-review-firefox.zip');
const linter = join(root, 'node_modules', '.bin', 'addons-linter');

// Each is explained under "Firefox: addons-linter" in extension/README.md.
const EXPLAINED_WARNINGS = [
  { code: 'KEY_FIREFOX_ANDROID_UNSUPPORTED_BY_MIN_VERSION', file: 'manifest.json' },
  { code: 'KEY_FIREFOX_UNSUPPORTED_BY_MIN_VERSION', file: 'manifest.json' },
  { code: 'UNSAFE_VAR_ASSIGNMENT', file: 'content.js' },
  { code: 'UNSAFE_VAR_ASSIGNMENT', file: 'options.js' },
];
function filesUnder(dir) {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? filesUnder(path) : [path];
  });
}
const byCodeAndFile = (a, b) => `${a.code} ${a.file}`.localeCompare(`${b.code} ${b.file}`);

describe('addons-linter on the Firefox package', { skip: (!existsSync(firefoxZip) && 'run node extension/build.mjs first')
  || (!existsSync(linter) && 'addons-linter is not installed: run ./scripts/setup') }, () => {
  test('no errors, and only the warnings the README explains', async () => {
    // The linter exits non-zero on errors; its JSON report is on stdout either way.
    const { stdout } = await promisify(execFile)(linter, ['--output', 'json', firefoxZip], { maxBuffer: 64 * 1024 * 1024 })
      .catch((failure) => failure);
    const report = JSON.parse(stdout);
    assert.deepEqual(report.errors.map((error) => `${error.code} ${error.file ?? ''}: ${error.message}`), []);
    const warnings = report.warnings.map(({ code, file }) => ({ code, file })).sort(byCodeAndFile);
    assert.deepEqual(warnings, [...EXPLAINED_WARNINGS].sort(byCodeAndFile));
    const readme = readFileSync(join(root, 'extension', 'README.md'), 'utf8');
    const section = readme.slice(readme.indexOf('## Firefox: addons-linter'));
    for (const { code } of EXPLAINED_WARNINGS) assert.ok(section.includes(`\`${code}\``), `${code} is explained`);
  });

  test('the innerHTML it warns about is Preact\'s dangerouslySetInnerHTML path, which our code never uses', () => {
    const ours = ['background', 'content', 'options', 'shared'].flatMap((dir) => filesUnder(join(root, 'extension', dir)));
    assert.ok(ours.length > 20);
    for (const path of ours) assert.doesNotMatch(readFileSync(path, 'utf8'), /dangerouslySetInnerHTML|innerHTML|outerHTML|insertAdjacentHTML/, path);
    for (const bundle of ['content.js', 'options.js']) {
      const text = readFileSync(join(root, 'dist', 'extension', bundle), 'utf8');
      assert.equal(text.match(/\.innerHTML\s*=/g)?.length, 1, `${bundle}: the one assignment is Preact's`);
    }
  });
});
