// `atom-review rules [--format markdown|json]`: the rule catalogue, generated from the rules'
// own metadata (core/report/catalogue.h) so the docs cannot drift from the code.
#include <iostream>

#include "cli/cli_common.h"
#include "core/report/catalogue.h"
#include "core/report/render.h"

namespace atom::cli {

int run_rules_command(const std::vector<std::string>& raw_args) {
  const Arguments args = split_arguments(raw_args, {"--format"}, "rules");
  std::string error = args.error;
  if (error.empty() && !args.positional.empty()) error = "rules takes no file argument";
  if (error.empty()) check_choice(args, "--format", {"markdown", "json"}, error);
  if (!error.empty()) return fail(error);
  if (args.options.count("--format") && args.options.at("--format") == "json") {
    std::cout << dump_json(catalogue_json(), 2) << "\n";
  } else {
    const std::string text = catalogue_markdown();
    std::cout << text << (text.empty() || text.back() != '\n' ? "\n" : "");
  }
  return kExitRan;
}

}  // namespace atom::cli
