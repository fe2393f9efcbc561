// `atom-review batch [--meta-dir DIR] [--jobs N] DIR|DIFF...`: one compact JSON result per diff
// (JSONL, in path order whatever the number of jobs), then one summary line.
#include <algorithm>
#include <atomic>
#include <filesystem>
#include <iostream>
#include <map>
#include <thread>

#include <nlohmann/json.hpp>

#include "cli/cli_common.h"
#include "cli/review_inputs.h"
#include "core/engine/review.h"
#include "core/report/render.h"

namespace atom::cli {
namespace {

namespace fs = std::filesystem;

struct BatchItem {
  std::string diff_path;
  std::string line;      // the JSONL line
  bool failed = false;
  std::string verdict;   // when reviewed
  std::map<std::string, int> findings_by_severity;
};

bool collect_inputs(const std::vector<std::string>& paths, std::vector<std::string>& diffs, std::string& error) {
  for (const std::string& path : paths) {
    std::error_code code;
    if (fs::is_directory(path, code)) {
      for (const auto& entry : fs::directory_iterator(path, code))
        if (entry.is_regular_file(code) && entry.path().extension() == ".diff") diffs.push_back(entry.path().string());
      if (code) {
        error = path + ": cannot list (" + code.message() + ")";
        return false;
      }
    } else if (fs::exists(path, code)) {
      diffs.push_back(path);
    } else {
      error = path + ": no such file or directory";
      return false;
    }
  }
  std::sort(diffs.begin(), diffs.end());
  diffs.erase(std::unique(diffs.begin(), diffs.end()), diffs.end());
  return true;
}

// x.diff → x.meta.json, in meta_dir when given, else beside the diff.
std::string meta_path_for(const std::string& diff_path, const std::string& meta_dir) {
  const fs::path diff(diff_path);
  const std::string name = diff.stem().string() + ".meta.json";
  return meta_dir.empty() ? (diff.parent_path() / name).string() : (fs::path(meta_dir) / name).string();
}

void review_one(BatchItem& item, const std::string& meta_dir) {
  nlohmann::json line;
  std::string error;
  MetaInput meta;
  std::string diff;
  const std::string meta_path = meta_path_for(item.diff_path, meta_dir);
  std::error_code code;
  const bool meta_ok = !fs::exists(meta_path, code) || load_meta(meta_path, meta, error);
  const bool diff_ok = meta_ok && read_input(item.diff_path, diff, error);
  if (diff_ok) {
    const ReviewResult result = run_review(diff, meta.meta, meta.given);
    if (auto reason = unusable_diff_reason(item.diff_path, diff, result)) {
      error = *reason;
    } else {
      line = to_result_json(result);
      item.verdict = to_string(result.verdict);
      for (const Finding& finding : result.findings) ++item.findings_by_severity[to_string(finding.severity)];
    }
  }
  if (!error.empty()) {
    item.failed = true;
    line = {{"error", error}};
  }
  line["input"] = item.diff_path;
  item.line = dump_json(line);
}

bool parse_jobs(const Arguments& args, unsigned& jobs, std::string& error) {
  jobs = std::max(1u, std::thread::hardware_concurrency());
  auto it = args.options.find("--jobs");
  if (it == args.options.end()) return true;
  const std::string& text = it->second;
  const bool digits = !text.empty() && text.size() <= 4 &&
                      std::all_of(text.begin(), text.end(), [](char c) { return c >= '0' && c <= '9'; });
  if (!digits || std::stoi(text) == 0) {
    error = "--jobs must be a positive whole number, not '" + text + "'";
    return false;
  }
  jobs = static_cast<unsigned>(std::stoi(text));
  return true;
}

nlohmann::json summary_line(const std::vector<BatchItem>& items) {
  nlohmann::json verdicts = nlohmann::json::object(), findings = {{"red", 0}, {"warn", 0}, {"note", 0}};
  int failed = 0;
  for (const BatchItem& item : items) {
    if (item.failed) {
      ++failed;
      continue;
    }
    verdicts[item.verdict] = verdicts.value(item.verdict, 0) + 1;
    for (const auto& [severity, count] : item.findings_by_severity)
      findings[severity] = findings.value(severity, 0) + count;
  }
  return {{"summary", {{"inputs", items.size()},
                       {"reviewed", items.size() - failed},
                       {"failed", failed},
                       {"verdicts", verdicts},
                       {"findings", findings}}}};
}

}  // namespace

int run_batch_command(const std::vector<std::string>& raw_args) {
  const Arguments args = split_arguments(raw_args, {"--meta-dir", "--jobs"}, "batch", {"--all-rules"});
  std::string error = args.error;
  unsigned jobs = 1;
  if (error.empty() && args.positional.empty()) error = "batch needs at least one DIR or DIFF";
  if (error.empty() && std::count(args.positional.begin(), args.positional.end(), "-"))
    error = "batch reads files, not standard input";
  if (error.empty()) parse_jobs(args, jobs, error);
  const std::string meta_dir = args.options.count("--meta-dir") ? args.options.at("--meta-dir") : "";
  std::error_code code;
  if (error.empty() && !meta_dir.empty() && !fs::is_directory(meta_dir, code))
    error = meta_dir + ": --meta-dir is not a directory";
  std::vector<std::string> diffs;
  if (error.empty()) collect_inputs(args.positional, diffs, error);
  if (error.empty() && diffs.empty()) error = "no .diff files found in the given paths";
  if (!error.empty()) return fail(error);
  if (args.options.count("--all-rules")) run_every_rule();

  std::vector<BatchItem> items(diffs.size());
  for (size_t i = 0; i < diffs.size(); ++i) items[i].diff_path = diffs[i];
  std::atomic<size_t> next{0};
  auto worker = [&] {
    for (size_t i = next++; i < items.size(); i = next++) review_one(items[i], meta_dir);
  };
  std::vector<std::thread> threads;
  for (unsigned t = 1; t < std::min<size_t>(jobs, items.size()); ++t) threads.emplace_back(worker);
  worker();
  for (std::thread& thread : threads) thread.join();

  for (const BatchItem& item : items) std::cout << item.line << "\n";
  std::cout << dump_json(summary_line(items)) << "\n";
  const bool any_reviewed = std::any_of(items.begin(), items.end(), [](const BatchItem& item) { return !item.failed; });
  if (!any_reviewed) return fail("none of the " + std::to_string(items.size()) + " diffs could be reviewed");
  return kExitRan;
}

}  // namespace atom::cli
