// Inputs of one review, shared by `review` and `batch`: the meta file and the unusable-diff check.
#pragma once
#include <optional>
#include <string>
#include <vector>
#include <nlohmann/json.hpp>

#include "core/model/pr_meta.h"
#include "core/result/review_result.h"
#include "core/rules/rule_status.h"
#include "core/packs/pack.h"

namespace atom::cli {

struct MetaInput {
  PrMeta meta;
  nlohmann::json given = nlohmann::json::object();  // echoed as the result's "pr"
};

// Reads and parses PR.json. On failure returns false with one line naming the file.
bool load_meta(const std::string& path, MetaInput& out, std::string& error);

// Reads and validates PACK.json (core/packs/README.md). On failure returns false with one line
// naming the file and the first error ("PACK.json: /json/path: message (and N more: …)").
bool load_pack_file(const std::string& path, Pack& out, std::string& error);

// Reads a rule status table (the shape of core/rules/rule_status.json) and makes it the one every
// review in this process applies (RuleStatusTable::use_for_process). On failure returns false with
// one line naming the file.
bool use_rule_status_file(const std::string& path, std::string& error);

// `--all-rules`: the rules the measurements turned off run too, as preview notes, in every review of
// this process (for labelling and the ecosystem check). Apply after use_rule_status_file.
void run_every_rule();

// When nothing in the diff could be used (empty, or not a diff at all): one line naming the file
// and the diff line. nullopt when the review is usable (possibly with errors[] after some files).
std::optional<std::string> unusable_diff_reason(const std::string& diff_name, const std::string& diff_bytes,
                                                const ReviewResult& result);

// Whether a finding at or above `threshold` ("red" or "warn") is in the result.
bool has_finding_at_or_above(const ReviewResult& result, const std::string& threshold);

}  // namespace atom::cli
