// `atom-review pack check PACK.json`: validates a pack as `review --pack` would load it.
#include <iostream>

#include "cli/cli_common.h"
#include "core/engine/pack_input.h"

namespace atom::cli {

int run_pack_command(const std::vector<std::string>& raw_args) {
  const Arguments args = split_arguments(raw_args, {}, "pack");
  if (!args.error.empty()) return fail(args.error);
  if (args.positional.size() != 2 || args.positional[0] != "check")
    return fail("usage: atom-review pack check PACK.json");
  const std::string& path = args.positional[1];
  std::string text, error;
  if (!read_input(path, text, error)) return fail(error);
  const PackLoad load = load_user_pack(text);
  if (load.pack) {
    std::cout << "ok\n";
    return kExitRan;
  }
  for (const PackError& pack_error : load.errors) std::cout << path << ": " << pack_error_line(pack_error) << "\n";
  return kExitUnusable;
}

}  // namespace atom::cli
