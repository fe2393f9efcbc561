import assert from 'node:assert/strict';
import { test } from 'node:test';
import { zipEntries } from '../../extension/zip-writer.mjs';
import { readZip } from './support/read-zip.mjs';


test('entries come back byte for byte', () => {
  const archive = zipEntries([{ name: 'manifest.json', data: Buffer.from('{"a":1}') },
    { name: 'wasm/engine.wasm', data: Buffer.from('x'.repeat(5000)) }, { name: 'empty', data: Buffer.alloc(0) }]);
  assert.deepEqual(readZip(archive), { 'manifest.json': '{"a":1}', 'wasm/engine.wasm': 'x'.repeat(5000), empty: '' });
});

test('the same input gives the same bytes', () => {
  const entries = [{ name: 'a.js', data: Buffer.from('let a = 1;') }];
  assert.deepEqual(zipEntries(entries), zipEntries(entries));
});
