// Two small built-in pull requests the engine reviews right after it is instantiated. WebAssembly
// functions are compiled lazily, on their first call, so the first review after the service worker
// starts would otherwise pay for compiling most of the engine (the diff parser, the syntax trees,
// the rules, the card): about 200 ms in V8 for a small PR. Started while the PR's diff and context
// are still on their way, the warm-up pays that cost instead (engine-host.js runs it). One changes a
// Python model file, the other a HIP kernel, each given whole, with lines that make the rules read
// their syntax trees.

const PYTHON_PATH = 'atom/models/warm_up.py';
const PYTHON_HEAD = `import os

import torch
from torch import nn


class Mixer(nn.Module):
    def __init__(self, hidden: int):
        super().__init__()
        self.hidden = hidden
        self.scale = torch.ones(hidden)
        self.fused = os.environ.get("ATOM_WARM_UP_FUSED", "0") == "1"

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        out = torch.empty_like(x)
        if self.fused:
            out.copy_(x * self.scale)
        else:
            out = x + 1
        return out
`;

const KERNEL_PATH = 'csrc/kernels/warm_up.cu';
const KERNEL_HEAD = `#include <hip/hip_runtime.h>

__global__ void row_sum_kernel(const float* __restrict__ in, float* out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) {
    atomicAdd(out, in[i]);
  }
}

void row_sum(const float* in, float* out, int n, hipStream_t stream) {
  row_sum_kernel<<<(n + 255) / 256, 256, 0, stream>>>(in, out, n);
}
`;

const PYTHON_DIFF = `diff --git a/${PYTHON_PATH} b/${PYTHON_PATH}
index 1111111..2222222 100644
--- a/${PYTHON_PATH}
+++ b/${PYTHON_PATH}
@@ -10,10 +10,11 @@ class Mixer(nn.Module):
         self.hidden = hidden
         self.scale = torch.ones(hidden)
+        self.fused = os.environ.get("ATOM_WARM_UP_FUSED", "0") == "1"
 
     def forward(self, x: torch.Tensor) -> torch.Tensor:
-        out = torch.zeros_like(x)
-        if True:
+        out = torch.empty_like(x)
+        if self.fused:
             out.copy_(x * self.scale)
         else:
-            out = x
+            out = x + 1
         return out
`;

const KERNEL_DIFF = `diff --git a/${KERNEL_PATH} b/${KERNEL_PATH}
index 3333333..4444444 100644
--- a/${KERNEL_PATH}
+++ b/${KERNEL_PATH}
@@ -4,5 +4,5 @@ __global__ void row_sum_kernel(const float* __restrict__ in, float* out, int n) {
   int i = blockIdx.x * blockDim.x + threadIdx.x;
   if (i < n) {
-    out[0] = in[i];
+    atomicAdd(out, in[i]);
   }
 }
`;

const META = JSON.stringify({ repo: 'ROCm/ATOM', number: 1, title: 'Warm up the engine', body: 'Fuse the mixer: 2x faster.' });

/**
 * The warm-up reviews, in order: [{name, diffBytes, metaJson, headFiles: [{path, bytes}]}]. The
 * Python one comes first (most pull requests touch Python); the kernel one adds the C++ parser.
 */
export function warmUpReviews() {
  const encoder = new TextEncoder();
  const review = (name, diff, path, head) => ({
    name, diffBytes: encoder.encode(diff), metaJson: META, headFiles: [{ path, bytes: encoder.encode(head) }],
  });
  return [review('python', PYTHON_DIFF, PYTHON_PATH, PYTHON_HEAD), review('kernel', KERNEL_DIFF, KERNEL_PATH, KERNEL_HEAD)];
}

/** The warm-up as steps for the engine host: each reviews one warm-up PR on the module it is given. */
export const WARM_UP_STEPS = warmUpReviews().map(({ diffBytes, metaJson, headFiles }) =>
  (module) => module.review(diffBytes, metaJson, headFiles));
