// What every subcommand shares: argument splitting, reading inputs, the one-line error exit.
#pragma once
#include <map>
#include <set>
#include <string>
#include <vector>

namespace atom::cli {

constexpr int kExitRan = 0;
constexpr int kExitFailOn = 1;
constexpr int kExitUnusable = 2;

struct Arguments {
  std::map<std::string, std::string> options;  // "--format" -> "json"; flags map to ""
  std::vector<std::string> positional;         // "-" means standard input
  std::string error;                           // one line when the arguments are unusable
};

// Splits `args` (after the subcommand) into options and positionals. `with_value` lists the
// options that take a value ("--format json" or "--format=json"); any other "--x" is an error.
Arguments split_arguments(const std::vector<std::string>& args, const std::set<std::string>& with_value,
                          const std::string& command);

// Reads a whole file ("-" = standard input) as bytes. On failure returns false and sets `error`
// to one line naming the file.
bool read_input(const std::string& path, std::string& content, std::string& error);

// Prints "atom-review: <line>" to standard error and returns kExitUnusable.
int fail(const std::string& line);

// "value" must be one of `allowed`; else sets `error`.
bool check_choice(const Arguments& args, const std::string& option, const std::set<std::string>& allowed,
                  std::string& error);

int run_review_command(const std::vector<std::string>& args);
int run_tiers_command(const std::vector<std::string>& args);
int run_rules_command(const std::vector<std::string>& args);
int run_batch_command(const std::vector<std::string>& args);
int run_pack_command(const std::vector<std::string>& args);

}  // namespace atom::cli
