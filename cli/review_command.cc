// `atom-review review [--meta PR.json] [--format markdown|json|sarif] [--pack PACK.json]
//                     [--fail-on red|warn] [--repo DIR] [--rule-status STATUS.json] [DIFF | -]`
#include <iostream>
#include <optional>

#include "cli/cli_common.h"
#include "cli/repo_checkout.h"
#include "cli/repo_snapshot.h"
#include "cli/review_inputs.h"
#include "core/engine/review.h"
#include "core/packs/builtin_packs.h"
#include "core/report/render.h"

namespace atom::cli {

int run_review_command(const std::vector<std::string>& raw_args) {
  const Arguments args =
      split_arguments(raw_args, {"--meta", "--format", "--pack", "--fail-on", "--repo", "--rule-status"}, "review",
                      {"--all-rules"});
  std::string error = args.error;
  if (error.empty() && args.positional.size() > 1) error = "review takes one DIFF (or -), got " +
                                                            std::to_string(args.positional.size());
  if (error.empty()) check_choice(args, "--format", {"markdown", "json", "sarif"}, error);
  if (error.empty()) check_choice(args, "--fail-on", {"red", "warn"}, error);
  if (!error.empty()) return fail(error);

  MetaInput meta;
  if (auto it = args.options.find("--meta"); it != args.options.end() && !load_meta(it->second, meta, error))
    return fail(error);
  const std::string diff_name = args.positional.empty() ? "-" : args.positional.front();
  if (diff_name == "-" && args.options.count("--pack") && args.options.at("--pack") == "-")
    return fail("--pack and the diff cannot both be standard input");
  // Without --pack the built-in pack that names meta.repo applies (builtin_pack_for_repo).
  std::optional<Pack> pack;
  if (auto it = args.options.find("--pack"); it != args.options.end() && !load_pack_file(it->second, pack.emplace(), error))
    return fail(error);

  // Without --rule-status the statuses measured on the hand labels (core/rules/rule_status.json) apply.
  if (auto it = args.options.find("--rule-status"); it != args.options.end() && !use_rule_status_file(it->second, error))
    return fail(error);
  if (args.options.count("--all-rules")) run_every_rule();

  std::string diff;
  if (!read_input(diff_name, diff, error)) return fail(error);

  // --repo DIR: the touched files read whole, and every source file indexed for the rules that
  // check the change against the rest of the repository.
  std::optional<HeadFiles> head;
  std::optional<RepositoryIndex> repository;
  if (auto it = args.options.find("--repo"); it != args.options.end()) {
    std::vector<SnapshotFile> snapshot;
    if (!read_head_files(it->second, diff, head.emplace(), error) ||
        !read_repository_snapshot(it->second, snapshot, error))
      return fail(error);
    repository.emplace(std::move(snapshot));
  }

  const Pack& used = pack ? *pack : builtin_pack_for_repo(meta.meta.repo);
  const ReviewResult result = repository ? run_review(diff, meta.meta, meta.given, used, *head, *repository)
                                         : run_review(diff, meta.meta, meta.given, used);
  if (auto reason = unusable_diff_reason(diff_name, diff, result)) return fail(*reason);

  const std::string format = args.options.count("--format") ? args.options.at("--format") : "markdown";
  if (format == "json") {
    std::cout << dump_json(to_result_json(result), 2) << "\n";
  } else if (format == "sarif") {
    std::cout << dump_json(to_sarif(result), 2) << "\n";
  } else {
    const std::string card = render_card(result);
    std::cout << card << (card.empty() || card.back() != '\n' ? "\n" : "");
  }
  std::cout.flush();
  auto fail_on = args.options.find("--fail-on");
  if (fail_on != args.options.end() && has_finding_at_or_above(result, fail_on->second)) return kExitFailOn;
  return kExitRan;
}

}  // namespace atom::cli
