// libFuzzer target: the pack loader (core/packs) as `--pack`, meta.pack and `pack check` use it;
// a pack that loads then reviews a small fixed diff, so its tiers, knowledge and custom patterns run.
#include <cstddef>
#include <cstdint>
#include <string_view>

#include "core/engine/pack_input.h"
#include "core/engine/review.h"

namespace {

constexpr std::string_view kDiff =
    "diff --git a/atom/model_ops/moe.py b/atom/model_ops/moe.py\n"
    "--- a/atom/model_ops/moe.py\n"
    "+++ b/atom/model_ops/moe.py\n"
    "@@ -1,3 +1,4 @@\n"
    " import torch\n"
    "+import os  # TODO: env\n"
    " def run(x):\n"
    "     return x\n";

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  const std::string_view text(reinterpret_cast<const char*>(data), size);
  (void)atom::validate_pack_to_json_text(text);
  const atom::PackLoad load = atom::load_user_pack(text);
  if (load.pack) {
    atom::PrMeta meta;
    meta.repo = "ROCm/ATOM";
    (void)atom::run_review(kDiff, meta, nlohmann::json::object(), *load.pack);
  }
  return 0;
}
