// atom-review: the native command line tool (contract.md "atom-review"). One file per subcommand.
#include <iostream>
#include <string>
#include <vector>

#include "cli/cli_common.h"
#include "core/report/catalogue.h"

namespace {

constexpr const char* kUsage = R"(usage:
  atom-review review [--meta PR.json] [--format markdown|json|sarif] [--pack PACK.json]
                     [--fail-on red|warn] [--repo DIR] [--rule-status STATUS.json] [DIFF | -]
  atom-review tiers  [--since DATE] [--until DATE] [--top N] [--format markdown|json] [GITLOG | -]
  atom-review rules  [--format markdown|json]
  atom-review batch  [--meta-dir DIR] [--jobs N] DIR|DIFF...
  atom-review pack check PACK.json
  atom-review --help | --version

review  reviews a unified diff (git diff, git show, gh pr diff, GitHub's .diff); default output
        is the markdown verdict card. --rule-status replaces the rules' measured statuses
        (core/rules/rule_status.json: a preview rule's findings are notes) with another table.
tiers   counts commits per file in `git log --name-only --format='commit %H %aI %cI'` output
        and prints the backbone table with each file's tier. DATE is YYYY-MM-DD or an ISO
        timestamp with offset (2026-06-23T16:00+08:00).
rules   prints the rule catalogue with its documentation and each rule's status.
batch   reviews many diffs (x.diff with x.meta.json beside it or in --meta-dir), one JSON line
        per diff in path order, then a summary line.
pack    `pack check` validates a pack (core/packs/README.md): "ok", or each error as
        `PACK.json: /json/path: message` (exit 2).

exit status: 0 the command ran; 1 --fail-on found a finding at or above that severity;
             2 nothing usable could be read (the reason is one line on standard error).
)";

}  // namespace

int main(int argc, char** argv) {
  std::vector<std::string> args(argv + 1, argv + argc);
  if (args.empty()) {
    std::cerr << kUsage;
    return atom::cli::kExitUnusable;
  }
  const std::string command = args.front();
  const std::vector<std::string> rest(args.begin() + 1, args.end());
  if (command == "--help" || command == "-h" || command == "help") {
    std::cout << kUsage;
    return atom::cli::kExitRan;
  }
  if (command == "--version") {
    std::cout << atom::kToolName << " " << atom::kToolVersion << "\n";
    return atom::cli::kExitRan;
  }
  for (const std::string& arg : rest)
    if (arg == "--help" || arg == "-h") {
      std::cout << kUsage;
      return atom::cli::kExitRan;
    }
  if (command == "review") return atom::cli::run_review_command(rest);
  if (command == "tiers") return atom::cli::run_tiers_command(rest);
  if (command == "rules") return atom::cli::run_rules_command(rest);
  if (command == "batch") return atom::cli::run_batch_command(rest);
  if (command == "pack") return atom::cli::run_pack_command(rest);
  return atom::cli::fail("unknown command '" + command + "' (see atom-review --help)");
}
