// The repository snapshot's tar reader, on real archives: `git archive --format=tar.gz` of a small
// repository made here (as GitHub's archive/<sha>.tar.gz is), and GNU tar for its own long names.
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { gunzipSync, gzipSync } from 'node:zlib';
import {
  SNAPSHOT_LIMITS, SnapshotArchiveError, isSourcePath, readSnapshotTar, readSnapshotTarGz,
} from '../../extension/background/snapshot-tar.js';
import { gitArchive } from './support/git-archive.mjs';
import { streamOf } from './support/byte-stream.mjs';

const LONG_NAME = `${'k'.repeat(120)}.py`; // one component over ustar's 100 bytes: only a pax header holds it
const LONG_DIRS = `${'a'.repeat(60)}/${'b'.repeat(60)}/split.py`; // fits ustar's prefix + name
const BIG = 'x'.repeat(SNAPSHOT_LIMITS.maxFileBytes + 1);

const FILES = {
  'atom/model_ops/moe.py': 'def moe():\n    return 1\n',
  [`deep/${LONG_NAME}`]: 'LONG = 1\n',
  [LONG_DIRS]: 'SPLIT = 2\n',
  'csrc/kernel.cu': '__global__ void k() {}\n',
  'csrc/kernel.hip': '__global__ void h() {}\n',
  'csrc/include/ops.hpp': '#pragma once\n',
  'CMakeLists.txt': 'project(x)\n',
  'configs/model.yaml': 'a: 1\n',
  'pyproject.toml': '[project]\n',
  'ünï/cödé.py': 'U = 1\n',
  'README.md': '# not source\n',
  'hsa/gfx942/kernel.co': '\x7fELF prebuilt kernel\n',
  'data/big.json': BIG,
};


const text = (bytes) => new TextDecoder().decode(bytes);
const byPath = (result) => Object.fromEntries(result.files.map(({ path, bytes }) => [path, text(bytes)]));

describe('a git archive of a small repository', () => {
  let commit;
  let committedAt;
  let targz;
  let tar;

  before(() => {
    ({ commit, committedAt, targz } = gitArchive({ files: FILES, symlinks: { 'moe_link.py': 'atom/model_ops/moe.py' } }));
    tar = gunzipSync(targz);
  });

  test('the archive really uses a pax header for the long name and the ustar prefix for the long folders', () => {
    const raw = tar.toString('latin1');
    assert.match(raw, new RegExp(`path=ATOM-abc123/deep/${LONG_NAME}\n`), 'a pax path record');
    assert.ok(raw.includes(`ATOM-abc123/${'a'.repeat(60)}`) && !raw.includes(`path=ATOM-abc123/${'a'.repeat(60)}`), 'a ustar prefix');
  });

  test('keeps the source files, paths without the top folder, bytes intact', async () => {
    const result = await readSnapshotTarGz(streamOf(targz));
    assert.deepEqual(byPath(result), {
      'CMakeLists.txt': FILES['CMakeLists.txt'],
      'atom/model_ops/moe.py': FILES['atom/model_ops/moe.py'],
      'configs/model.yaml': FILES['configs/model.yaml'],
      'csrc/include/ops.hpp': FILES['csrc/include/ops.hpp'],
      'csrc/kernel.cu': FILES['csrc/kernel.cu'],
      'csrc/kernel.hip': FILES['csrc/kernel.hip'],
      [`deep/${LONG_NAME}`]: FILES[`deep/${LONG_NAME}`],
      [LONG_DIRS]: FILES[LONG_DIRS],
      'pyproject.toml': FILES['pyproject.toml'],
      'ünï/cödé.py': FILES['ünï/cödé.py'],
    });
    assert.ok(result.files.every(({ bytes }) => bytes instanceof Uint8Array));
  });

  test('counts what it left out, and why', async () => {
    const result = await readSnapshotTarGz(streamOf(targz));
    assert.deepEqual(result.skipped, { 'not-source': 2, 'too-large': 1, 'over-total': 0, link: 1, other: 0, 'unsafe-path': 0 });
    assert.deepEqual(result.tooLarge, [{ path: 'data/big.json', size: BIG.length }]);
    assert.equal(result.keptBytes, result.files.reduce((sum, { bytes }) => sum + bytes.byteLength, 0));
    assert.equal(result.archiveBytes, tar.length);
  });

  test('names the commit git archive wrote into the global pax header, and its time', async () => {
    const result = await readSnapshotTarGz(streamOf(targz));
    assert.equal(result.commit, commit);
    assert.equal(result.committedAt, committedAt);
  });

  test('the same result whatever the chunk sizes', async () => {
    const whole = await readSnapshotTarGz(streamOf(targz, targz.length));
    for (const size of [7, 511, 512, 513, 65536]) {
      const result = await readSnapshotTar(streamOf(tar, size));
      assert.deepEqual(byPath(result), byPath(whole), `chunks of ${size}`);
      assert.deepEqual(result.skipped, whole.skipped);
    }
  });

  test('past the total cap, files are left out as over-total', async () => {
    const result = await readSnapshotTarGz(streamOf(targz), { limits: { maxTotalBytes: 40 } });
    assert.ok(result.keptBytes <= 40);
    assert.ok(result.files.length >= 1);
    assert.equal(result.skipped['over-total'], 10 - result.files.length);
  });

  test('an archive unpacking past its cap is refused as too large', async () => {
    await assert.rejects(readSnapshotTarGz(streamOf(targz), { limits: { maxArchiveBytes: 64 * 1024 } }),
      (error) => error instanceof SnapshotArchiveError && error.kind === 'too-large'
        && /the unpacked archive is larger than 65536 bytes/.test(error.message));
  });

  test('a truncated .tar.gz gives a clear error naming where it stopped', async () => {
    await assert.rejects(readSnapshotTarGz(streamOf(targz.subarray(0, Math.floor(targz.length / 2)))),
      (error) => error instanceof SnapshotArchiveError && error.kind === 'corrupt'
        && /^the archive is cut short or corrupt (inside|after) entry `ATOM-abc123\/.+`: unexpected end of file$/.test(error.message));
  });

  test('a tar cut inside a file names the file and how much of it came', async () => {
    const start = tar.indexOf(Buffer.from('xxxxxxxx'));
    const cut = gzipSync(tar.subarray(0, start + 1000));
    await assert.rejects(readSnapshotTarGz(streamOf(cut)), (error) => error.kind === 'truncated'
      && error.message === `the archive ends inside \`ATOM-abc123/data/big.json\` (1000 of ${BIG.length} bytes)`);
  });

  test('a tar cut between entries says the end-of-archive marker is missing', async () => {
    const end = tar.length - 10240; // git pads its last record to 10 KiB of zeros; cut well before the marker
    const lastHeader = tar.subarray(0, end).lastIndexOf(Buffer.from('ustar'));
    const cut = tar.subarray(0, lastHeader - 257); // the last entry's header starts 257 bytes before its magic
    await assert.rejects(readSnapshotTar(streamOf(cut)), (error) => error.kind === 'truncated'
      && /^the archive ends before its end-of-archive marker \(the last entry read: `ATOM-abc123\/.+`\)$/.test(error.message));
  });

  test('a damaged header is corrupt, naming the entry before it', async () => {
    const damaged = Buffer.from(tar);
    const header = damaged.indexOf(Buffer.from('ATOM-abc123/atom/model_ops/moe.py'));
    damaged[header + 20] ^= 0xff;
    await assert.rejects(readSnapshotTar(streamOf(damaged)), (error) => error.kind === 'corrupt'
      && /^a header's checksum does not match after entry `ATOM-abc123\/atom\/model_ops\/`: the archive is corrupt$/.test(error.message));
  });
});

describe('not an archive', () => {
  test('gzip of text is not a tar archive', async () => {
    await assert.rejects(readSnapshotTarGz(streamOf(gzipSync(Buffer.from('<html>'.repeat(200))))),
      (error) => error.kind === 'corrupt' && error.message === 'not a tar archive: its first header\'s checksum does not match');
  });
  test('a page instead of gzip', async () => {
    await assert.rejects(readSnapshotTarGz(streamOf(Buffer.from('<!DOCTYPE html><title>Sign in</title>'))),
      (error) => error.kind === 'corrupt' && /^the archive is cut short or corrupt at its start: incorrect header check$/.test(error.message));
  });
  test('nothing at all', async () => {
    await assert.rejects(readSnapshotTar(streamOf(Buffer.alloc(0))), (error) => error.kind === 'truncated' && error.message === 'the archive is empty');
  });
});

test('GNU tar\'s long names (L) and hard links', () => {
  const dir = mkdtempSync(join(tmpdir(), 'snapshot-gnu-'));
  after(() => rmSync(dir, { recursive: true, force: true }));
  const top = join(dir, 'repo-1');
  mkdirSync(join(top, 'deep'), { recursive: true });
  writeFileSync(join(top, 'deep', LONG_NAME), 'GNU = 1\n');
  execFileSync('ln', [join(top, 'deep', LONG_NAME), join(top, 'hard.py')]);
  const bytes = execFileSync('tar', ['--format=gnu', '--sort=name', '-cf', '-', 'repo-1'], { cwd: dir });
  assert.ok(bytes.includes(Buffer.from('././@LongLink')), 'tar wrote a GNU long name');
  return readSnapshotTar(streamOf(bytes, 300)).then((result) => {
    assert.deepEqual(byPath(result), { [`deep/${LONG_NAME}`]: 'GNU = 1\n' });
    assert.equal(result.skipped.link, 1);
  });
});

test('which paths are source', () => {
  for (const path of ['a.py', 'x/y.c', 'k.cc', 'k.cpp', 'k.cxx', 'k.h', 'k.hh', 'k.hpp', 'k.cu', 'k.cuh', 'k.hip', 'c.json', 'c.yaml',
    'c.yml', 'pyproject.toml', 'CMakeLists.txt', 'sub/CMakeLists.txt']) {
    assert.ok(isSourcePath(path), path);
  }
  for (const path of ['README.md', 'k.co', 'lib.so', '.py', 'dir/.json', 'py', 'cmakelists.txt', 'x.pyc', 'a.py.orig', 'Makefile']) {
    assert.ok(!isSourcePath(path), path);
  }
});

test('a 128 MiB archive is read without holding it: memory stays at the kept files and a few chunks', () => {
  const dir = mkdtempSync(join(tmpdir(), 'snapshot-big-'));
  after(() => rmSync(dir, { recursive: true, force: true }));
  mkdirSync(join(dir, 'repo-1'));
  writeFileSync(join(dir, 'repo-1', 'model.py'), 'M = 1\n');
  execFileSync('truncate', ['-s', '128M', join(dir, 'repo-1', 'weights.bin')]);
  const script = join(import.meta.dirname, 'support', 'snapshot-memory.mjs');
  const out = JSON.parse(execFileSync(process.execPath, ['--expose-gc', script, dir], { encoding: 'utf8' }));
  assert.deepEqual(out.files, ['model.py']);
  assert.equal(out.skipped['not-source'], 1);
  assert.ok(out.archiveBytes > 128 * 1024 * 1024);
  assert.ok(out.peak < 16 * 1024 * 1024, `${out.peak} bytes of ArrayBuffers alive at the peak`);
});
