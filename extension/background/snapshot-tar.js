// Reads a repository snapshot (GitHub's `archive/<sha>.tar.gz`) as a stream: the source files it
// holds, as `[{path, bytes}]` (the shape the engine takes), and what was left out and why. The
// archive is read block by block as its chunks arrive and only the kept files' bytes stay in
// memory: aiter's archive is 30 MB of gzip, most of it prebuilt kernels no review reads.
//
// Tar as `git archive` and GitHub write it: ustar headers (a long path split into `prefix` and
// `name`), pax extended headers (`x`: a path too long for ustar; `g`: the commit, in `comment`);
// GNU long names (`L`) are read too. Every path starts with the archive's one top-level folder
// (`REPO-SHA/`), which is stripped.
import { isSafeRepoPath } from './head-files.js';

const MIB = 1024 * 1024;

export const SNAPSHOT_LIMITS = {
  maxFileBytes: 1 * MIB, // a kept file's size
  maxTotalBytes: 64 * MIB, // the kept files together
  maxArchiveBytes: 1024 * MIB, // the unpacked tar, read or not (a gzip bomb stops here)
};

// A pax or GNU long-name header's data is a few paths at most.
const MAX_META_BYTES = 1 * MIB;
const BLOCK = 512;

const SOURCE_EXTENSIONS = new Set(['py', 'c', 'cc', 'cpp', 'cxx', 'h', 'hh', 'hpp', 'cu', 'cuh', 'hip', 'json', 'yaml', 'yml', 'toml']);

/** True for a path the snapshot keeps: Python, C/C++/CUDA/HIP sources and headers, configs, CMakeLists.txt. */
export function isSourcePath(path) {
  const name = path.slice(path.lastIndexOf('/') + 1);
  if (name === 'CMakeLists.txt') return true;
  const dot = name.lastIndexOf('.');
  return dot > 0 && SOURCE_EXTENSIONS.has(name.slice(dot + 1));
}

/** Why an archive could not be read; `kind`: truncated | corrupt | too-large. */
export class SnapshotArchiveError extends Error {
  constructor(kind, message) {
    super(message);
    this.kind = kind;
  }
}

/** What a snapshot leaves out, by reason (every key always present). */
export const emptySkipped = () => ({ 'not-source': 0, 'too-large': 0, 'over-total': 0, link: 0, other: 0, 'unsafe-path': 0 });

const utf8 = new TextDecoder();

// A NUL-terminated text field of a header.
function text(block, start, length) {
  const field = block.subarray(start, start + length);
  const end = field.indexOf(0);
  return utf8.decode(end === -1 ? field : field.subarray(0, end));
}

// A numeric field: octal digits (space or NUL padded), or GNU's base-256 with the top bit set.
function number(block, start, length) {
  if (block[start] & 0x80) {
    let value = block[start] & 0x3f;
    for (let i = start + 1; i < start + length; i += 1) value = value * 256 + block[i];
    return value;
  }
  const digits = text(block, start, length).trim();
  if (digits === '') return 0;
  if (!/^[0-7]+$/.test(digits)) return NaN;
  return parseInt(digits, 8);
}

function checksumMatches(block) {
  const stored = number(block, 148, 8);
  let unsigned = 0;
  let signed = 0;
  for (let i = 0; i < BLOCK; i += 1) {
    const byte = i >= 148 && i < 156 ? 0x20 : block[i];
    unsigned += byte;
    signed += byte > 127 ? byte - 256 : byte;
  }
  return stored === unsigned || stored === signed;
}

const isZeroBlock = (block) => block.every((byte) => byte === 0);

// Pax records: "<length> <key>=<value>\n", the length counting the whole record.
function paxRecords(bytes) {
  const records = new Map();
  let at = 0;
  while (at < bytes.length) {
    const space = bytes.indexOf(0x20, at);
    const length = space === -1 ? NaN : Number(utf8.decode(bytes.subarray(at, space)));
    if (!Number.isInteger(length) || length <= space - at || at + length > bytes.length || bytes[at + length - 1] !== 0x0a) {
      if (bytes.subarray(at).every((byte) => byte === 0)) break; // padding some writers leave
      return null;
    }
    const record = utf8.decode(bytes.subarray(space + 1, at + length - 1));
    const equals = record.indexOf('=');
    if (equals <= 0) return null;
    records.set(record.slice(0, equals), record.slice(equals + 1));
    at += length;
  }
  return records;
}

const FILE_TYPES = new Set(['0', '\0', '7']);
const LINK_TYPES = new Set(['1', '2']);

/**
 * The tar reader proper, fed chunk by chunk (`push`), synchronous. `finish()` returns
 * {files: [{path, bytes}], skipped, tooLarge: [{path, size}], keptBytes, archiveBytes, commit, committedAt}
 * (`commit`: the pax global header's comment, which git archive sets to the commit; else null;
 * `committedAt`: the first entry's time in ms, which git archive sets to the commit's; else null).
 * Both throw SnapshotArchiveError.
 */
export class SnapshotTarReader {
  constructor({ limits = SNAPSHOT_LIMITS, maxListed = 20 } = {}) {
    this.limits = { ...SNAPSHOT_LIMITS, ...limits };
    this.maxListed = maxListed;
    this.files = [];
    this.skipped = emptySkipped();
    this.tooLarge = [];
    this.keptBytes = 0;
    this.archiveBytes = 0;
    this.commit = null;
    this.committedAt = null;
    this.root = null;
    this.header = new Uint8Array(BLOCK);
    this.headerFill = 0;
    this.state = 'header'; // header | data | padding | end
    this.entry = null; // {path, size, remaining, sink, use: file | pax | gnu-name | global | skip}
    this.padding = 0;
    this.zeroBlocks = 0;
    this.next = {}; // what pax and GNU headers say about the entry after them: {path, size}
    this.lastPath = null;
  }

  /** Where the reader is, for an error message. */
  where() {
    if (this.state === 'data' && this.entry?.path) return `inside entry \`${this.entry.path}\``;
    if (this.lastPath) return `after entry \`${this.lastPath}\``;
    return 'at its start';
  }

  push(chunk) {
    this.archiveBytes += chunk.byteLength;
    if (this.archiveBytes > this.limits.maxArchiveBytes) {
      throw new SnapshotArchiveError('too-large', `the unpacked archive is larger than ${this.limits.maxArchiveBytes} bytes`);
    }
    let at = 0;
    while (at < chunk.byteLength && this.state !== 'end') {
      if (this.state === 'header') {
        const take = Math.min(BLOCK - this.headerFill, chunk.byteLength - at);
        this.header.set(chunk.subarray(at, at + take), this.headerFill);
        this.headerFill += take;
        at += take;
        if (this.headerFill === BLOCK) {
          this.headerFill = 0;
          this.readHeader(this.header);
        }
      } else if (this.state === 'data') {
        const entry = this.entry;
        const take = Math.min(entry.remaining, chunk.byteLength - at);
        if (entry.sink) entry.sink.set(chunk.subarray(at, at + take), entry.size - entry.remaining);
        entry.remaining -= take;
        at += take;
        if (entry.remaining === 0) this.endEntry();
      } else {
        const take = Math.min(this.padding, chunk.byteLength - at);
        this.padding -= take;
        at += take;
        if (this.padding === 0) this.state = 'header';
      }
    }
  }

  readHeader(block) {
    if (isZeroBlock(block)) {
      this.zeroBlocks += 1;
      if (this.zeroBlocks === 2) this.state = 'end';
      return;
    }
    this.zeroBlocks = 0;
    if (!checksumMatches(block)) {
      throw new SnapshotArchiveError('corrupt', this.lastPath === null
        ? 'not a tar archive: its first header\'s checksum does not match'
        : `a header's checksum does not match ${this.where()}: the archive is corrupt`);
    }
    const type = String.fromCharCode(block[156]);
    const isMeta = 'xgLK'.includes(type);
    const size = (isMeta ? undefined : this.next.size) ?? number(block, 124, 12);
    if (!Number.isSafeInteger(size) || size < 0) {
      throw new SnapshotArchiveError('corrupt', `a header's size is not a number ${this.where()}`);
    }
    const magic = text(block, 257, 6);
    const prefix = magic === 'ustar' ? text(block, 345, 155) : '';
    const name = text(block, 0, 100);
    const path = this.next.path ?? (prefix ? `${prefix}/${name}` : name);
    const entry = { path: null, size, remaining: size, sink: null, use: 'skip' };
    if (isMeta && type !== 'K') {
      if (size > MAX_META_BYTES) {
        throw new SnapshotArchiveError('corrupt', `an extended header of ${size} bytes ${this.where()}: the archive is corrupt`);
      }
      entry.use = { x: 'pax', g: 'global', L: 'gnu-name' }[type];
      entry.sink = new Uint8Array(size);
    } else if (type === 'K') {
      // A GNU long link target: links are skipped, so it is not needed.
    } else {
      this.next = {};
      this.lastPath = path;
      entry.path = path;
      // git archive stamps every entry with the commit's time.
      if (this.committedAt === null) this.committedAt = number(block, 136, 12) * 1000 || null;
      this.place(entry, type, path);
    }
    this.entry = entry;
    this.state = 'data';
    if (size === 0) this.endEntry();
  }

  // Decides what becomes of a file, link, folder or other entry.
  place(entry, type, path) {
    this.root ??= path.split('/')[0];
    if (type === '5' || (type === '\0' && path.endsWith('/'))) return;
    if (LINK_TYPES.has(type)) { this.skipped.link += 1; return; }
    if (!FILE_TYPES.has(type)) { this.skipped.other += 1; return; }
    const relative = path.startsWith(`${this.root}/`) ? path.slice(this.root.length + 1) : null;
    if (relative === null || !isSafeRepoPath(relative)) { this.skipped['unsafe-path'] += 1; return; }
    if (!isSourcePath(relative)) { this.skipped['not-source'] += 1; return; }
    if (entry.size > this.limits.maxFileBytes) {
      this.skipped['too-large'] += 1;
      if (this.tooLarge.length < this.maxListed) this.tooLarge.push({ path: relative, size: entry.size });
      return;
    }
    if (this.keptBytes + entry.size > this.limits.maxTotalBytes) { this.skipped['over-total'] += 1; return; }
    this.keptBytes += entry.size;
    entry.use = 'file';
    entry.sink = new Uint8Array(entry.size);
    entry.relative = relative;
  }

  endEntry() {
    const entry = this.entry;
    if (entry.use === 'file') {
      this.files.push({ path: entry.relative, bytes: entry.sink });
    } else if (entry.use === 'pax' || entry.use === 'global') {
      const records = paxRecords(entry.sink);
      if (!records) throw new SnapshotArchiveError('corrupt', `a malformed pax header ${this.where()}`);
      if (entry.use === 'global') {
        this.commit = records.get('comment') ?? this.commit;
      } else {
        if (records.has('path')) this.next.path = records.get('path');
        if (records.has('size')) this.next.size = /^\d+$/.test(records.get('size')) ? Number(records.get('size')) : NaN;
      }
    } else if (entry.use === 'gnu-name') {
      this.next.path = text(entry.sink, 0, entry.sink.length);
    }
    this.entry = null;
    this.padding = (BLOCK - (entry.size % BLOCK)) % BLOCK;
    this.state = this.padding === 0 ? 'header' : 'padding';
  }

  finish() {
    if (this.state !== 'end') {
      if (this.archiveBytes === 0) throw new SnapshotArchiveError('truncated', 'the archive is empty');
      if (this.state === 'data') {
        const { size, remaining } = this.entry;
        const what = this.entry.path ? `\`${this.entry.path}\`` : `an extended header ${this.where()}`;
        throw new SnapshotArchiveError('truncated', `the archive ends inside ${what} (${size - remaining} of ${size} bytes)`);
      }
      const where = this.lastPath === null ? '' : ` (the last entry read: \`${this.lastPath}\`)`;
      throw new SnapshotArchiveError('truncated', `the archive ends before its end-of-archive marker${where}`);
    }
    const { files, skipped, tooLarge, keptBytes, archiveBytes, commit, committedAt } = this;
    return { files, skipped, tooLarge, keptBytes, archiveBytes, commit, committedAt };
  }
}

/**
 * Reads an uncompressed tar from `stream` (a ReadableStream of Uint8Array). Resolves to what
 * SnapshotTarReader.finish() returns; rejects with SnapshotArchiveError, or with the stream's own
 * error when that is a SnapshotArchiveError or `passThrough(error)` is true (a cancelled download).
 */
export async function readSnapshotTar(stream, { limits, passThrough = () => false } = {}) {
  const tar = new SnapshotTarReader({ limits });
  const reader = stream.getReader();
  try {
    for (;;) {
      let chunk;
      try {
        chunk = await reader.read();
      } catch (error) {
        if (error instanceof SnapshotArchiveError || passThrough(error)) throw error;
        throw new SnapshotArchiveError('corrupt', `the archive is cut short or corrupt ${tar.where()}: ${error?.message ?? error}`);
      }
      if (chunk.done) break;
      tar.push(chunk.value);
    }
    return tar.finish();
  } catch (error) {
    reader.cancel(error).catch(() => {});
    throw error;
  }
}

/** readSnapshotTar on gzip bytes (GitHub's `.tar.gz`), gunzipped as they stream. */
export function readSnapshotTarGz(stream, options) {
  return readSnapshotTar(stream.pipeThrough(new DecompressionStream('gzip')), options);
}
