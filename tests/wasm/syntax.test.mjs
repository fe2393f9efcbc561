// The tree-sitter grammars inside the shipped WebAssembly module: they load, parse, and the
// structure layer over them runs (syntaxSummary), the same as natively (tests/cpp/syntax).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { loadEngine } from './support/engine.mjs';
import { encode } from './support/inputs.mjs';

const engine = await loadEngine();

const PYTHON = 'class A:\n    def f(self, x=1):\n        return x\n\ndef g():\n    def inner():\n        pass\n';
const HIP = '__global__ void __launch_bounds__(256) k(float* __restrict__ x) { x[0] = 1; }\n'
  + 'void run(float* x, hipStream_t s) { k<<<1, 256, 0, s>>>(x); }\n';

test('a Python file parses clean and its functions are found', () => {
  const summary = JSON.parse(engine.syntaxSummary('atom/a.py', encode(PYTHON)));
  assert.deepEqual(summary, { grammar: 'python', abi: 15, error_nodes: 0, lines: 7, functions: 3 });
});

test('a HIP file parses clean once its CUDA extensions are blanked', () => {
  const summary = JSON.parse(engine.syntaxSummary('csrc/k.cu', encode(HIP)));
  assert.deepEqual(summary, { grammar: 'cpp', abi: 14, error_nodes: 0, lines: 2, functions: 2 });
});

test('broken text reports error nodes, a path without a grammar none at all', () => {
  const broken = JSON.parse(engine.syntaxSummary('x.py', encode('def f(:\n  return )\n')));
  assert.ok(broken.error_nodes > 0, JSON.stringify(broken));
  assert.deepEqual(JSON.parse(engine.syntaxSummary('README.md', encode('# hi\n'))), { grammar: null });
  assert.throws(() => engine.syntaxSummary('x.py', 'not bytes'), TypeError);
});
