// libFuzzer target: the whole review as the WebAssembly binding runs it (diff, meta JSON with an
// optional pack, files at the head), every rule on, the result rendered to JSON. The input is split
// as tests/fuzz/fuzz_input.h describes.
#include <cstddef>
#include <cstdint>
#include <string_view>

#include "core/engine/review.h"
#include "core/report/review_json.h"
#include "core/rules/rule_status.h"
#include "tests/fuzz/fuzz_input.h"

extern "C" int LLVMFuzzerInitialize(int*, char***) {
  atom::RuleStatusTable::use_for_process(atom::RuleStatusTable::active().with_every_rule_on());
  return 0;
}

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  const atom::fuzz::ReviewInput input =
      atom::fuzz::split_review_input(std::string_view(reinterpret_cast<const char*>(data), size));
  (void)atom::review_to_json_text(input.diff, input.meta, input.head);
  return 0;
}
