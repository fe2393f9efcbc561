// atom_review_timer: the engine's own time per diff, for scripts/bench (a benchmark, not a test).
// It times run_review alone: no process start-up, no file reading, no output rendering.
//
//   atom_review_timer [--repeat N] < inputs.tsv
//
// Each input line is "DIFF<TAB>META<TAB>HEAD_DIR" (META and HEAD_DIR may be empty). For each it
// prints one JSON line: {"input", "head_bytes", "whole_files", "hunks_ms", "whole_ms",
// "rereview_ms"} — the median of N runs (default 1) of the review from the hunks alone and, with
// HEAD_DIR, from the whole head files (`review --repo HEAD_DIR`): a first review (no parse kept
// from before) and the same review again (the whole files' parses kept, core/analysis/kept_trees.h);
// the two whole-file times are null without HEAD_DIR.
#include <algorithm>
#include <chrono>
#include <iostream>
#include <sstream>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "core/packs/builtin_packs.h"
#include "cli/cli_common.h"
#include "cli/repo_checkout.h"
#include "cli/review_inputs.h"
#include "core/analysis/kept_trees.h"
#include "core/engine/review.h"

namespace {

using atom::HeadFiles;

struct Input {
  std::string diff_path, meta_path, head_dir;
};

std::vector<std::string> split_tabs(const std::string& line) {
  std::vector<std::string> fields;
  std::istringstream stream(line);
  for (std::string field; std::getline(stream, field, '\t');) fields.push_back(field);
  fields.resize(3);
  return fields;
}

// `before` runs ahead of each timed review, untimed.
template <typename Review, typename Before = void (*)()>
double median_ms(int repeat, Review&& review, Before before = [] {}) {
  std::vector<double> times;
  for (int i = 0; i < repeat; ++i) {
    before();
    const auto started = std::chrono::steady_clock::now();
    review();
    times.push_back(std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - started).count());
  }
  std::sort(times.begin(), times.end());
  return times[times.size() / 2];
}

// One JSON line for the input, or an "error" line when it cannot be read.
nlohmann::json time_one(const Input& input, int repeat) {
  nlohmann::json line = {{"input", input.diff_path}};
  auto failed = [&](const std::string& error) {
    line["error"] = error;
    return line;
  };
  std::string error, diff;
  atom::cli::MetaInput meta;
  if (!input.meta_path.empty() && !atom::cli::load_meta(input.meta_path, meta, error)) return failed(error);
  if (!atom::cli::read_input(input.diff_path, diff, error)) return failed(error);
  HeadFiles head;
  if (!input.head_dir.empty() && !atom::cli::read_head_files(input.head_dir, diff, head, error))
    return failed(error);

  const atom::Pack& pack = atom::builtin_pack_for_repo(meta.meta.repo);
  size_t head_bytes = 0;
  for (const auto& [path, bytes] : head) head_bytes += bytes.size();
  line["head_bytes"] = head_bytes;
  line["whole_files"] = head.size();
  line["hunks_ms"] = median_ms(repeat, [&] { atom::run_review(diff, meta.meta, meta.given, pack); });
  line["whole_ms"] = line["rereview_ms"] = nullptr;
  if (input.head_dir.empty()) return line;
  auto whole = [&] { atom::run_review(diff, meta.meta, meta.given, pack, head); };
  line["whole_ms"] = median_ms(repeat, whole, atom::forget_kept_trees);
  line["rereview_ms"] = median_ms(repeat, whole);
  atom::forget_kept_trees();
  return line;
}

}  // namespace

int main(int argc, char** argv) {
  const atom::cli::Arguments args =
      atom::cli::split_arguments(std::vector<std::string>(argv + 1, argv + argc), {"--repeat"}, "atom_review_timer");
  std::string error = args.error;
  int repeat = 1;
  if (error.empty() && !args.positional.empty()) error = "atom_review_timer reads its inputs from standard input";
  if (error.empty() && args.options.count("--repeat")) {
    repeat = std::atoi(args.options.at("--repeat").c_str());
    if (repeat < 1 || repeat > 1000) error = "--repeat must be between 1 and 1000";
  }
  if (!error.empty()) return atom::cli::fail(error);

  for (std::string text; std::getline(std::cin, text);) {
    if (text.empty()) continue;
    const std::vector<std::string> fields = split_tabs(text);
    std::cout << time_one({fields[0], fields[1], fields[2]}, repeat).dump() << "\n" << std::flush;
  }
  return atom::cli::kExitRan;
}
