// libFuzzer target: the unified-diff parser (core/diff/parse_diff.h), the whole input as the diff,
// then how the engine sorts each parsed file without a checkout (whole or from its hunks).
#include <cstddef>
#include <cstdint>
#include <string_view>

#include "core/diff/parse_diff.h"
#include "core/diff/widen_to_whole_files.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  const std::string_view bytes(reinterpret_cast<const char*>(data), size);
  const atom::ParsedDiff diff = atom::parse_diff(bytes);
  (void)atom::file_sources(diff, nullptr);
  return 0;
}
