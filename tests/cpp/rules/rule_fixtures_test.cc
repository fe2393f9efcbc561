// Runs every fixture under tests/rules/<ID>/ against rule <ID> (tests/rules/README.md):
// fires*.diff must give at least one finding, silent*.diff none, and the `expect: <ID>` /
// `ok: <ID>` markers beside lines say where a finding must / must not sit. Each fixture runs
// twice: from its hunks, and whole-file (run_rule_whole_file: the head made from the diff, the
// base rebuilt, the differential filter applied), and must hold its expectations both ways.
#include <optional>
#include <set>
#include <gtest/gtest.h>
#include <re2/re2.h>
#include "core/diff/parse_diff.h"
#include "core/rules/registry.h"
#include "core/syntax/syntax_tree.h"
#include "tests/cpp/rules/rule_test_support.h"

namespace atom::testing {
namespace {

struct Marker {
  Side side;
  int line;
  bool expect;  // true: `expect:`, false: `ok:`
};

// The markers for `rule` in the diff, each with the path of its file.
std::vector<std::pair<std::string, Marker>> markers_for(const ParsedDiff& diff, const std::string& rule) {
  static const RE2 marker_re(R"(\b(expect|ok):\s*([A-Za-z]+[0-9]+[a-z]?)\b)");
  std::vector<std::pair<std::string, Marker>> out;
  for (const FileDiff& file : diff.files)
    for (const Hunk& hunk : file.hunks)
      for (const DiffLine& line : hunk.lines) {
        re2::StringPiece text(line.text);
        std::string kind, id;
        while (RE2::FindAndConsume(&text, marker_re, &kind, &id)) {
          if (id != rule) continue;
          const bool removed = line.kind == LineKind::Removed;
          out.push_back({file.path(), {removed ? Side::Old : Side::New, removed ? line.old_line : line.new_line,
                                       kind == "expect"}});
        }
      }
  return out;
}

// Every (side, line) a finding may point at in `file`: lines the diff shows.
std::set<std::pair<Side, int>> visible_lines(const FileDiff& file) {
  std::set<std::pair<Side, int>> lines;
  for (const Hunk& hunk : file.hunks)
    for (const DiffLine& line : hunk.lines) {
      if (line.kind == LineKind::Removed) lines.insert({Side::Old, line.old_line});
      else lines.insert({Side::New, line.new_line});
    }
  return lines;
}

enum class Mode { Hunks, WholeFile };

// A head a fixture gives must be a real file: Python or C++ that parses without an error, and in
// Python every top-level statement at column 0 (tree-sitter takes an indented line at module level
// for a statement; a head whose unseen lines were left blank starts with one).
void expect_whole_source_files(const HeadFiles& head) {
  static const RE2 python_re(R"(\.py$)");
  static const RE2 cpp_re(R"(\.(c|cc|cpp|cu|cuh|h|hpp|hip)$)");
  for (const auto& [path, text] : head) {
    if (RE2::PartialMatch(path, python_re)) {
      const syntax::SyntaxTree tree = syntax::parse_python(text);
      EXPECT_TRUE(tree.clean()) << path << " in the fixture's .head/ does not parse as Python";
      for (const syntax::Node& statement : tree.root().named_children()) {
        if (statement.kind() == "comment") continue;  // a comment after a statement is the module's child too
        const int line = tree.start_line(statement);
        EXPECT_EQ(statement.start_byte(), tree.line_start(line))
            << path << ":" << line << " in the fixture's .head/ is indented at the top level";
      }
    } else if (RE2::PartialMatch(path, cpp_re))
      EXPECT_TRUE(syntax::parse_cpp(text).clean()) << path << " in the fixture's .head/ does not parse as C++";
  }
}

void check_fixture(const Fixture& fixture, Mode mode) {
  SCOPED_TRACE(mode == Mode::Hunks ? "reviewed from the hunks" : "reviewed whole-file");
  const Rule* rule = find_rule(fixture.rule);
  ASSERT_NE(rule, nullptr) << "tests/rules/" << fixture.rule << "/ names no registered rule";

  PrMeta meta = default_fixture_meta();
  if (!fixture.meta.empty()) {
    const MetaParseResult parsed = parse_pr_meta(read_text_file(fixture.meta));
    ASSERT_TRUE(parsed.error.empty()) << fixture.meta << ": " << parsed.error;
    meta = parsed.meta;
    if (meta.repo.empty()) meta.repo = "ROCm/ATOM";
  }
  const std::string diff_text = read_text_file(fixture.diff);
  const ParsedDiff diff = parse_diff(diff_text);
  ASSERT_TRUE(diff.errors.empty()) << fixture.diff << ": " << diff.errors.front().message << " at line "
                                   << diff.errors.front().line;
  // A head made from the diff is only the fixture's file where the diff shows it all: blank lines
  // in place of unseen ones would hide a def's start or the hunk's section (D1c, AI4, HK7 read
  // those). Other fixtures give their whole files in <name>.head/.
  if (!fixture.repo.empty() && mode == Mode::Hunks)
    GTEST_SKIP() << "checked against its repository (" << fixture.diff.stem().string() << ".repo/): whole-file only";
  HeadFiles head = fixture.head.empty() ? HeadFiles{} : read_head_files(fixture.head);
  std::optional<RepositoryIndex> repository;
  if (!fixture.repo.empty()) {
    std::vector<SnapshotFile> snapshot;
    for (const auto& [path, text] : read_head_files(fixture.repo)) {
      snapshot.push_back({path, text});
      if (std::any_of(diff.files.begin(), diff.files.end(), [&](const FileDiff& f) { return f.new_path == path; }))
        head[path] = text;
    }
    repository.emplace(std::move(snapshot));
  }
  if (mode == Mode::WholeFile) expect_whole_source_files(head);
  if (mode == Mode::WholeFile && !shows_whole_heads(diff, head))
    GTEST_SKIP() << "the fixture shows no whole file and has no " << fixture.diff.stem().string() << ".head/";
  const std::vector<Finding> all =
      mode == Mode::Hunks ? run_rule(fixture.rule, diff_text, meta)
                          : run_rule_whole_file(fixture.rule, diff_text, meta, head, repository ? &*repository : nullptr);
  std::vector<Finding> findings;
  for (const Finding& finding : all) {
    EXPECT_EQ(finding.rule, fixture.rule) << "a rule must report under its own id";
    if (finding.rule == fixture.rule) findings.push_back(finding);
  }

  const std::string name = fixture.diff.filename().string();
  if (name.rfind("fires", 0) == 0) EXPECT_FALSE(findings.empty()) << fixture.diff << " must fire " << fixture.rule;
  if (name.rfind("silent", 0) == 0) EXPECT_TRUE(findings.empty()) << fixture.diff << " must not fire " << fixture.rule;

  for (const Finding& finding : findings) {
    const std::string where = finding.path + ":" + std::to_string(finding.line);
    bool message_known = false;
    for (const MessageTemplate& message : rule->meta().messages) message_known |= message.id == finding.message_id;
    EXPECT_TRUE(message_known) << where << ": unknown message id '" << finding.message_id << "'";
    if (finding.line <= 0) continue;
    const auto file = std::find_if(diff.files.begin(), diff.files.end(),
                                   [&](const FileDiff& f) { return f.path() == finding.path; });
    ASSERT_NE(file, diff.files.end()) << "finding on a file the diff does not have: " << where;
    EXPECT_TRUE(visible_lines(*file).count({finding.side, finding.line}))
        << where << " (" << to_string(finding.side) << ") is not a line the diff shows";
  }

  for (const auto& [path, marker] : markers_for(diff, fixture.rule)) {
    const bool found = std::any_of(findings.begin(), findings.end(), [&](const Finding& f) {
      return f.path == path && f.line == marker.line && f.side == marker.side;
    });
    if (marker.expect) EXPECT_TRUE(found) << fixture.diff.filename() << ": expected " << fixture.rule << " at " << path << ":" << marker.line;
    else EXPECT_FALSE(found) << fixture.diff.filename() << ": " << fixture.rule << " must not fire at " << path << ":" << marker.line;
  }
}

class RuleFixture : public ::testing::TestWithParam<Fixture> {};

TEST_P(RuleFixture, MatchesItsExpectations) { check_fixture(GetParam(), Mode::Hunks); }

// Fixtures that show their files whole (added files, hunks running on from line 1) reviewed as
// `--repo` would; a finding must still point at a line the diff shows.
TEST_P(RuleFixture, MatchesItsExpectationsWholeFile) { check_fixture(GetParam(), Mode::WholeFile); }

GTEST_ALLOW_UNINSTANTIATED_PARAMETERIZED_TEST(RuleFixture);
INSTANTIATE_TEST_SUITE_P(Fixtures, RuleFixture, ::testing::ValuesIn(all_fixtures()),
                         [](const ::testing::TestParamInfo<Fixture>& info) { return info.param.test_name; });

}  // namespace
}  // namespace atom::testing
