// review_to_json_text lives apart from run_review so that code which only runs reviews does
// not link the renderers.
#include "core/engine/review.h"
#include "core/report/render.h"

namespace atom {
namespace {

// Indented as `atom-review review --format json` prints it: native and WASM give the same bytes.
// Without `head` the diff alone is reviewed; the tiers are those of meta.repo, as in the CLI.
std::string review_json_text(std::string_view diff_bytes, std::string_view meta_json_text, const HeadFiles* head) {
  const MetaParseResult parsed = parse_pr_meta(meta_json_text);
  if (!parsed.error.empty()) {
    ReviewResult failed;
    failed.verdict = Verdict::Lgtm;
    failed.errors.push_back({"bad-meta", parsed.error, 0});
    return dump_json(to_result_json(failed), 2);
  }
  nlohmann::json given = nlohmann::json::parse(meta_json_text.begin(), meta_json_text.end(), nullptr,
                                               /*allow_exceptions=*/false);
  if (given.is_discarded() || !given.is_object()) given = nlohmann::json::object();
  const ReviewResult result = head ? run_review(diff_bytes, parsed.meta, given, TierTable::for_repo(parsed.meta.repo), *head)
                                   : run_review(diff_bytes, parsed.meta, given);
  return dump_json(to_result_json(result), 2);
}

}  // namespace

std::string review_to_json_text(std::string_view diff_bytes, std::string_view meta_json_text) {
  return review_json_text(diff_bytes, meta_json_text, nullptr);
}

std::string review_to_json_text(std::string_view diff_bytes, std::string_view meta_json_text, const HeadFiles& head) {
  return review_json_text(diff_bytes, meta_json_text, &head);
}

}  // namespace atom
