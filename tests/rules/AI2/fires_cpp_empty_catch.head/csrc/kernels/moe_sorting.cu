// SPDX-License-Identifier: MIT
#include <torch/extension.h>

void launch_sorting(torch::Tensor topk_ids, torch::Tensor out, int num_tokens);

void moe_sorting(torch::Tensor topk_ids, torch::Tensor out) {
  const int num_tokens = topk_ids.size(0);
  try { launch_sorting(topk_ids, out, num_tokens); }
  catch (...) {}  // expect: AI2
  return;
}

