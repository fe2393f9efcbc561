#include "core/packs/builtin_packs.h"
#include "tests/cpp/rules/rule_test_support.h"

#include <algorithm>
#include <cstdlib>
#include <fstream>
#include <sstream>
#include <gtest/gtest.h>
#include "core/analysis/review_model.h"
#include "core/diff/parse_diff.h"
#include "core/diff/widen_to_whole_files.h"
#include "core/engine/baseline_filter.h"
#include "core/rules/registry.h"
#include "core/tiers/tier_table.h"
#include "core/rules/rule_line_patterns.h"

namespace atom::testing {
namespace {

// The rule on the head, less what it also finds on the base, as the engine runs every rule.
std::vector<Finding> run_with_baseline_filter(const Rule& rule, const ReviewModel& model, const PrMeta& meta,
                                              const TierTable& tiers) {
  std::vector<Finding> findings;
  rule.check(model, findings);
  std::vector<FileSource> base_sources;
  const ParsedDiff base_diff = base_as_unchanged_diff(model, base_sources);
  const ReviewModel base = build_review_model(base_diff, meta, tiers, rule_line_patterns(), base_sources);
  std::vector<Finding> base_findings;
  rule.check(base, base_findings);
  drop_findings_the_base_has(model, findings, base, base_findings);
  return findings;
}

}  // namespace

PrMeta default_fixture_meta() {
  PrMeta meta;
  meta.repo = "ROCm/ATOM";
  meta.number = 1;
  meta.title = "Update code";
  meta.body = "";
  return meta;
}

std::vector<Finding> run_rule(const std::string& rule_id, std::string_view diff, const PrMeta& meta) {
  const Rule* rule = find_rule(rule_id);
  if (rule == nullptr) {
    ADD_FAILURE() << "no registered rule " << rule_id;
    return {};
  }
  const ParsedDiff parsed = parse_diff(diff);
  const TierTable tiers = builtin_pack_for_repo(meta.repo).tiers;
  const ReviewModel model = build_review_model(parsed, meta, tiers, rule_line_patterns());
  return run_with_baseline_filter(*rule, model, meta, tiers);
}

bool shows_whole_heads(const ParsedDiff& diff, const HeadFiles& head) {
  for (const FileDiff& file : diff.files) {
    if (file.binary || file.status == FileStatus::Added || file.status == FileStatus::Deleted) continue;
    if (head.count(file.new_path)) continue;
    int next = 1;
    for (const Hunk& hunk : file.hunks) {
      if (hunk.new_start != next) return false;
      next = hunk.new_start + hunk.new_count;
    }
  }
  return true;
}

std::string head_from_new_side(const FileDiff& file) {
  std::vector<std::string> lines;
  bool ends_with_newline = true;
  for (const Hunk& hunk : file.hunks)
    for (const DiffLine& line : hunk.lines) {
      if (line.kind == LineKind::Removed || line.new_line < 1) continue;
      if (lines.size() < static_cast<size_t>(line.new_line)) lines.resize(static_cast<size_t>(line.new_line));
      lines[static_cast<size_t>(line.new_line) - 1] = line.text;
      if (static_cast<size_t>(line.new_line) == lines.size()) ends_with_newline = !line.no_newline_at_eof;
    }
  std::string text;
  for (size_t i = 0; i < lines.size(); ++i) {
    text += lines[i];
    if (i + 1 < lines.size() || ends_with_newline) text += '\n';
  }
  return text;
}

std::vector<Finding> run_rule_whole_file(const std::string& rule_id, std::string_view diff_text, const PrMeta& meta,
                                         const HeadFiles& given_head, const RepositoryIndex* repository) {
  const Rule* rule = find_rule(rule_id);
  if (rule == nullptr) {
    ADD_FAILURE() << "no registered rule " << rule_id;
    return {};
  }
  ParsedDiff diff = parse_diff(diff_text);
  HeadFiles head = given_head;
  for (const FileDiff& file : diff.files)
    if (!file.binary && file.status != FileStatus::Deleted && !head.count(file.new_path))
      head[file.new_path] = head_from_new_side(file);
  std::vector<ParseError> notes;
  const std::vector<FileSource> sources = widen_to_whole_files(diff, head, notes);
  for (const ParseError& note : notes) ADD_FAILURE() << "the head file does not fit the diff: " << note.message;
  for (const auto& [path, text] : given_head)
    if (std::none_of(diff.files.begin(), diff.files.end(), [&](const FileDiff& f) { return f.new_path == path; }))
      ADD_FAILURE() << "a head file the diff does not touch: " << path;
  for (size_t i = 0; i < sources.size(); ++i)
    if (!diff.files[i].binary && sources[i].source != ReviewSource::Whole)
      ADD_FAILURE() << diff.files[i].path() << " was reviewed from its hunks (" << sources[i].reason << ")";
  const TierTable tiers = builtin_pack_for_repo(meta.repo).tiers;
  ReviewModel model = build_review_model(diff, meta, tiers, rule_line_patterns(), sources);
  model.repository = repository;
  return run_with_baseline_filter(*rule, model, meta, tiers);
}

std::string read_text_file(const std::filesystem::path& path) {
  std::ifstream in(path, std::ios::binary);
  std::ostringstream text;
  text << in.rdbuf();
  return text.str();
}

void PrintTo(const Fixture& fixture, std::ostream* out) { *out << fixture.diff.string(); }

HeadFiles read_head_files(const std::filesystem::path& dir) {
  HeadFiles files;
  std::error_code error;
  for (auto it = std::filesystem::recursive_directory_iterator(dir, error);
       !error && it != std::filesystem::recursive_directory_iterator(); it.increment(error))
    if (it->is_regular_file()) files[it->path().lexically_relative(dir).generic_string()] = read_text_file(it->path());
  return files;
}

std::filesystem::path fixtures_root() {
  if (const char* override_dir = std::getenv("ATOM_RULE_FIXTURES"); override_dir != nullptr && *override_dir != '\0')
    return override_dir;
  return std::filesystem::path(ATOM_SOURCE_DIR) / "tests" / "rules";
}

std::vector<Fixture> all_fixtures() {
  std::vector<Fixture> fixtures;
  std::error_code error;
  if (!std::filesystem::is_directory(fixtures_root(), error)) return fixtures;
  for (const auto& folder : std::filesystem::directory_iterator(fixtures_root(), error)) {
    if (!folder.is_directory()) continue;
    for (const auto& entry : std::filesystem::directory_iterator(folder.path(), error)) {
      if (entry.path().extension() != ".diff") continue;
      Fixture fixture;
      fixture.rule = folder.path().filename().string();
      fixture.diff = entry.path();
      std::filesystem::path meta = entry.path();
      meta.replace_extension(".meta.json");
      if (std::filesystem::exists(meta)) fixture.meta = meta;
      std::filesystem::path head = entry.path();
      head.replace_extension(".head");
      if (std::filesystem::is_directory(head)) fixture.head = head;
      std::filesystem::path repo = entry.path();
      repo.replace_extension(".repo");
      if (std::filesystem::is_directory(repo)) fixture.repo = repo;
      std::string name = fixture.rule + "_" + entry.path().stem().string();
      for (char& c : name)
        if (!std::isalnum(static_cast<unsigned char>(c))) c = '_';
      fixture.test_name = name;
      fixtures.push_back(std::move(fixture));
    }
  }
  std::sort(fixtures.begin(), fixtures.end(), [](const Fixture& a, const Fixture& b) {
    return std::tie(a.rule, a.diff) < std::tie(b.rule, b.diff);
  });
  return fixtures;
}

}  // namespace atom::testing
