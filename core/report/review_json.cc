#include "core/report/review_json.h"

#include "core/engine/pack_input.h"
#include "core/engine/review.h"
#include "core/packs/builtin_packs.h"
#include "core/report/render.h"

namespace atom {
namespace {

std::string failed_review_json(std::vector<ParseError> errors) {
  ReviewResult failed;
  failed.verdict = Verdict::Lgtm;
  failed.errors = std::move(errors);
  return dump_json(to_result_json(failed), 2);
}

// Indented as `atom-review review --format json` prints it: native and WASM give the same bytes.
// Without `head` the diff alone is reviewed; the pack is meta.pack, else the built-in pack of
// meta.repo, as in the CLI (--pack, else the built-in one).
std::string review_json_text(std::string_view diff_bytes, std::string_view meta_json_text, const HeadFiles* head,
                             const RepositoryIndex* repository = nullptr) {
  const MetaParseResult parsed = parse_pr_meta(meta_json_text);
  if (!parsed.error.empty()) return failed_review_json({{"bad-meta", parsed.error, 0}});
  nlohmann::json given = nlohmann::json::parse(meta_json_text.begin(), meta_json_text.end(), nullptr,
                                               /*allow_exceptions=*/false);
  if (given.is_discarded() || !given.is_object()) given = nlohmann::json::object();

  std::optional<Pack> given_pack;
  if (auto pack = given.find("pack"); pack != given.end()) {
    if (!pack->is_object()) return failed_review_json({{"bad-pack", "meta.pack: must be an object", 0}});
    PackLoad load = load_user_pack(pack->dump());
    if (!load.pack) {
      std::vector<ParseError> errors;
      for (const PackError& error : load.errors) errors.push_back({"bad-pack", "meta.pack: " + pack_error_line(error), 0});
      return failed_review_json(std::move(errors));
    }
    given_pack = std::move(load.pack);
    given.erase("pack");   // as with --pack, the result's "pr" holds the PR, not the pack
  }
  const Pack& pack = given_pack ? *given_pack : builtin_pack_for_repo(parsed.meta.repo);
  const ReviewResult result = head && repository ? run_review(diff_bytes, parsed.meta, given, pack, *head, *repository)
                              : head             ? run_review(diff_bytes, parsed.meta, given, pack, *head)
                                                 : run_review(diff_bytes, parsed.meta, given, pack);
  return dump_json(to_result_json(result), 2);
}

}  // namespace

std::string review_to_json_text(std::string_view diff_bytes, std::string_view meta_json_text) {
  return review_json_text(diff_bytes, meta_json_text, nullptr);
}

std::string review_to_json_text(std::string_view diff_bytes, std::string_view meta_json_text, const HeadFiles& head) {
  return review_json_text(diff_bytes, meta_json_text, &head);
}

std::string review_to_json_text(std::string_view diff_bytes, std::string_view meta_json_text, const HeadFiles& head,
                                const RepositoryIndex& repository) {
  return review_json_text(diff_bytes, meta_json_text, &head, &repository);
}

}  // namespace atom
