// Runs the native CLI the way a user would, for the native-vs-WASM comparisons.
import { execFile } from 'node:child_process';
import { cliPath } from './engine.mjs';

// Resolves to the stdout bytes of `atom-review review --format json [--meta META] [--repo DIR] DIFF`.
export function nativeReviewJson(diffPath, metaPath, repoDir = null) {
  const args = ['review', '--format', 'json'];
  if (metaPath) args.push('--meta', metaPath);
  if (repoDir) args.push('--repo', repoDir);
  args.push(diffPath);
  return new Promise((resolve, reject) => {
    execFile(cliPath, args, { encoding: 'buffer', maxBuffer: 256 << 20 }, (error, stdout, stderr) => {
      if (error) reject(new Error(`atom-review ${args.join(' ')} failed: ${error.message}\n${stderr}`));
      else resolve(stdout);
    });
  });
}

// Runs `work(item)` for every item with at most `limit` in flight; resolves to the results in order.
export async function mapWithLimit(items, limit, work) {
  const results = new Array(items.length);
  let next = 0;
  async function worker() {
    while (next < items.length) {
      const index = next++;
      results[index] = await work(items[index]);
    }
  }
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  return results;
}
