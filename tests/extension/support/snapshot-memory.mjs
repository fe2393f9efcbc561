// Run as `node --expose-gc snapshot-memory.mjs DIR`: streams `tar -cz DIR/repo-1`, gunzipped, through
// the snapshot's tar reader and prints {files, skipped, archiveBytes, peak}: the most ArrayBuffer
// memory alive (after a GC) while it read, in bytes above what was alive before.
import { spawn } from 'node:child_process';
import { Readable } from 'node:stream';
import { readSnapshotTar } from '../../../extension/background/snapshot-tar.js';

const tar = spawn('tar', ['-czf', '-', 'repo-1'], { cwd: process.argv[2], stdio: ['ignore', 'pipe', 'inherit'] });
globalThis.gc();
const base = process.memoryUsage().arrayBuffers;
let peak = -Infinity;
let chunks = 0;
const sampled = Readable.toWeb(tar.stdout).pipeThrough(new DecompressionStream('gzip')).pipeThrough(new TransformStream({
  transform(chunk, controller) {
    controller.enqueue(chunk);
    if (++chunks % 64 === 0) {
      globalThis.gc();
      peak = Math.max(peak, process.memoryUsage().arrayBuffers - base);
    }
  },
}));
const result = await readSnapshotTar(sampled);
console.log(JSON.stringify({ files: result.files.map((file) => file.path), skipped: result.skipped, archiveBytes: result.archiveBytes, peak }));
