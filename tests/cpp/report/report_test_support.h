// Hand-built ReviewResults for renderer tests: the renderers read only the result, so the tests
// need neither a diff nor the engine.
#pragma once
#include <string>
#include <vector>

#include "core/result/review_result.h"
#include "core/rules/registry.h"

namespace atom::testing {

inline FileSummary file_summary(const std::string& path, int tier, int additions = 3, int deletions = 1,
                                std::vector<std::string> functions = {}) {
  FileSummary file;
  file.path = path;
  file.tier.tier = tier;
  file.tier.reason = tier == 3 ? "not in the tier table" : "backbone";
  file.additions = additions;
  file.deletions = deletions;
  file.functions = std::move(functions);
  return file;
}

// A finding of a registered rule, using its first message and filling every placeholder.
inline Finding finding_of(const Rule& rule, Severity severity, const std::string& path, int line, Tag tag = Tag::Verified) {
  Finding finding;
  finding.rule = rule.meta().id;
  finding.severity = severity;
  finding.path = path;
  finding.line = line;
  finding.tag = tag;
  if (severity == Severity::Red) finding.trigger = Finding::TriggerValues{{"index", "token_id"}};
  if (!rule.meta().messages.empty()) finding.message_id = rule.meta().messages.front().id;
  return finding;
}

inline ReviewResult basic_result() {
  ReviewResult result;
  result.meta.repo = "ROCm/ATOM";
  result.meta.number = 1498;
  result.meta.title = "Fuse allreduce and rmsnorm (#1498)";
  result.meta.body = "Eliminates two HBM round-trips because the fused kernel keeps data in registers.";
  result.pr_given = {{"repo", "ROCm/ATOM"}, {"number", 1498}, {"title", result.meta.title}};
  result.pack_name = "ATOM";
  result.bytes = 1234;
  result.files = {file_summary("atom/model_engine/model_runner.py", 1, 10, 2, {"ModelRunner.capture_cudagraph"}),
                  file_summary("atom/model_ops/moe.py", 2, 5, 5, {"FusedMoE.forward"}),
                  file_summary("atom/models/qwen3.py", 3, 1, 0)};
  result.headline_functions = {"ModelRunner.capture_cudagraph", "FusedMoE.forward"};
  return result;
}

}  // namespace atom::testing
