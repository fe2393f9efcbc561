// How fuzz_review splits one fuzz input into the inputs of a review (diff, meta, files at the head):
//
//   DIFF BYTES
//   === fuzz:meta ===
//   META JSON (contract.md; a "pack" object in it is loaded as meta.pack)
//   === fuzz:file PATH ===
//   THE FILE AT THE HEAD
//   === fuzz:file PATH ===
//   …
//
// A marker is a whole line. A part holds the bytes from the line after its marker through the
// newline that ends the line before the next marker. Everything before the first marker is the diff;
// no meta marker means "{}"; a later meta, or file of the same path, replaces the earlier one; any
// other "=== fuzz:… ===" line starts a part that is ignored.
#pragma once
#include <string>
#include <string_view>

#include "core/diff/widen_to_whole_files.h"

namespace atom::fuzz {

struct ReviewInput {
  std::string_view diff;
  std::string_view meta = "{}";
  HeadFiles head;
};

inline ReviewInput split_review_input(std::string_view bytes) {
  constexpr std::string_view kPrefix = "=== fuzz:", kSuffix = " ===", kFile = "file ";
  ReviewInput input;
  std::string_view name = "diff";  // of the part being read
  size_t part_start = 0;
  auto close_part = [&](size_t end) {
    const std::string_view text = bytes.substr(part_start, end - part_start);
    if (name == "diff") input.diff = text;
    else if (name == "meta") input.meta = text;
    else if (name.substr(0, kFile.size()) == kFile) input.head[std::string(name.substr(kFile.size()))] = text;
  };
  for (size_t line_start = 0; line_start < bytes.size();) {
    const size_t newline = bytes.find('\n', line_start);
    const size_t line_end = newline == std::string_view::npos ? bytes.size() : newline;
    const size_t next = newline == std::string_view::npos ? bytes.size() : newline + 1;
    const std::string_view line = bytes.substr(line_start, line_end - line_start);
    if (line.size() >= kPrefix.size() + kSuffix.size() && line.substr(0, kPrefix.size()) == kPrefix &&
        line.substr(line.size() - kSuffix.size()) == kSuffix) {
      close_part(line_start);
      name = line.substr(kPrefix.size(), line.size() - kPrefix.size() - kSuffix.size());
      part_start = next;
    }
    line_start = next;
  }
  close_part(bytes.size());
  return input;
}

}  // namespace atom::fuzz
