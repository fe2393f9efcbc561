// Builds a ReviewModel from diff text for analysis tests; keeps the parsed diff and the meta
// alive beside the model that points into them.
#pragma once
#include <memory>
#include <string>
#include <string_view>
#include "core/packs/builtin_packs.h"
#include "core/analysis/review_model.h"
#include "core/analysis/structure.h"
#include "core/diff/parse_diff.h"
#include "core/rules/rule_line_patterns.h"

namespace atom::testing {

struct BuiltModel {
  ParsedDiff diff;
  PrMeta meta;
  TierTable tiers;
  ReviewModel model;
};

inline std::unique_ptr<BuiltModel> build_model(std::string_view diff_text, std::string repo = "ROCm/ATOM") {
  auto built = std::make_unique<BuiltModel>();
  built->diff = parse_diff(diff_text);
  built->meta.repo = std::move(repo);
  built->meta.title = "t";
  built->tiers = builtin_pack_for_repo(built->meta.repo).tiers;
  built->model = build_review_model(built->diff, built->meta, built->tiers, rule_line_patterns());
  return built;
}

// A one-file, one-hunk diff of `path` whose hunk body is `body` (lines with ' ', '+', '-').
// Counts in the header are computed from the body; `section` follows the closing "@@".
inline std::string one_hunk_diff(const std::string& path, const std::string& body, const std::string& section = "",
                                 int old_start = 10, int new_start = 10) {
  int old_count = 0, new_count = 0;
  size_t start = 0;
  while (start < body.size()) {
    size_t end = body.find('\n', start);
    if (end == std::string::npos) end = body.size();
    const char kind = end > start ? body[start] : ' ';
    if (kind != '+') ++old_count;
    if (kind != '-') ++new_count;
    start = end + 1;
  }
  return "diff --git a/" + path + " b/" + path + "\n--- a/" + path + "\n+++ b/" + path + "\n@@ -" +
         std::to_string(old_start) + "," + std::to_string(old_count) + " +" + std::to_string(new_start) + "," +
         std::to_string(new_count) + " @@" + (section.empty() ? "" : " " + section) + "\n" + body;
}

// The code lines of the first hunk of the first file.
inline const std::vector<CodeLine>& first_hunk(const BuiltModel& built) { return built.model.files.at(0).hunks.at(0).lines; }

}  // namespace atom::testing
