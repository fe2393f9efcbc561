// Inputs that used to never finish (issue #11): above a limit the review is partial and says what
// it skipped, in the result and on the card. These assert the result and the words, not the time.
#include "core/packs/builtin_packs.h"
#include "core/engine/input_limits.h"

#include <gtest/gtest.h>

#include <string>

#include "core/analysis/review_model.h"
#include "core/analysis/structure.h"
#include "core/diff/parse_diff.h"
#include "core/engine/review.h"
#include "core/report/render.h"
#include "core/rules/rule_line_patterns.h"
#include "tests/cpp/support/rule_status_scope.h"

namespace atom {
namespace {

std::string repeated(const std::string& text, size_t times) {
  std::string out;
  out.reserve(text.size() * times);
  for (size_t i = 0; i < times; ++i) out += text;
  return out;
}

std::string added_file(const std::string& path, size_t lines, const std::string& line = "x = 1") {
  return "diff --git a/" + path + " b/" + path + "\nnew file mode 100644\n--- /dev/null\n+++ b/" + path +
         "\n@@ -0,0 +1," + std::to_string(lines) + " @@\n" + repeated("+" + line + "\n", lines);
}

PrMeta meta() {
  PrMeta meta;
  meta.repo = "ROCm/ATOM";
  meta.title = "t";
  meta.body = "b";
  return meta;
}

TEST(InputLimits, HundredThousandFileHeadersAreCutToTheFileLimit) {
  const ReviewResult result = run_review(repeated("diff --git a/a b/a\n", 100000), meta());
  ASSERT_EQ(result.skipped.size(), 1u);
  EXPECT_EQ(result.skipped[0].limit, "files");
  EXPECT_EQ(result.skipped[0].size, 100000u);
  EXPECT_EQ(result.skipped[0].max, kMaxFiles);
  EXPECT_EQ(result.files.size(), kMaxFiles);
  EXPECT_NE(render_card(result).find("\n✂️ Partial review: the diff has 100000 files; only the first 3000 were read.\n"),
            std::string::npos)
      << render_card(result);
}

TEST(InputLimits, AFileOverTheLineLimitKeepsItsCountsButNotItsLines) {
  const atom::testing::RuleStatusScope hk4_runs(atom::testing::RuleStatusScope::with_preview("HK4"));
  const std::string diff = added_file("atom/big.py", kMaxFileLines + 1, "y = 2  # TODO: later") +
                           added_file("atom/small.py", 2, "z = 3  # TODO: later");
  const ReviewResult result = run_review(diff, meta());
  ASSERT_EQ(result.skipped.size(), 1u);
  EXPECT_EQ(result.skipped[0].limit, "file-lines");
  EXPECT_EQ(result.skipped[0].path, "atom/big.py");
  EXPECT_EQ(result.skipped[0].size, kMaxFileLines + 1);
  ASSERT_EQ(result.files.size(), 2u);
  EXPECT_EQ(result.files[0].additions, static_cast<int>(kMaxFileLines + 1));
  EXPECT_EQ(result.files[0].source_reason, "too-large");
  bool small_reviewed = false;
  for (const Finding& finding : result.findings) {
    EXPECT_NE(finding.path, "atom/big.py") << finding.rule;
    small_reviewed |= finding.path == "atom/small.py";
  }
  EXPECT_TRUE(small_reviewed) << "the file within the limit is still reviewed";
  EXPECT_NE(render_card(result).find("✂️ Partial review: `atom/big.py` has more than 20000 diff lines, so its lines "
                                     "were not read."),
            std::string::npos)
      << render_card(result);
}

TEST(InputLimits, ADiffOverTheByteLimitIsReadUpToTheLastWholeFileWithinIt) {
  const std::string one = added_file("atom/f.py", 1000, repeated("a", 200));
  const size_t files = kMaxDiffBytes / one.size() + 2;
  std::string diff;
  for (size_t i = 0; i < files; ++i) diff += added_file("atom/f" + std::to_string(i) + ".py", 1000, repeated("a", 200));
  const ReviewResult result = run_review(diff, meta());
  ASSERT_EQ(result.skipped.size(), 1u);
  EXPECT_EQ(result.skipped[0].limit, "diff-bytes");
  EXPECT_EQ(result.skipped[0].size, diff.size());
  EXPECT_EQ(result.skipped[0].max, kMaxDiffBytes);
  EXPECT_EQ(result.skipped[0].path, "") << "cut between two files";
  EXPECT_EQ(result.bytes, diff.size());
  EXPECT_LT(result.files.size(), files);
  EXPECT_GT(result.files.size(), files - 4);
  for (const ParseError& error : result.errors) EXPECT_NE(error.code, "truncated-hunk") << error.message;
  for (const FileSummary& file : result.files) EXPECT_EQ(file.additions, 1000) << file.path;
  EXPECT_NE(render_card(result).find("✂️ Partial review: the diff is larger than 8 MiB; the files after its first "
                                     "8 MiB were not read."),
            std::string::npos)
      << render_card(result).substr(0, 600);
}

// Issue #11's second input: 20,000 `if x:` lines each indented one space more every 5 lines, one
// 40 MB file. Its section alone is over the byte limit, so the diff is cut at the last line end
// within the limit: the file is reviewed from the lines before the cut, and the cut hunk is said.
TEST(InputLimits, AFortyMegabyteFileIsReadUpToTheLastLineWithinTheByteLimit) {
  constexpr size_t kLines = 20000;
  std::string diff = "diff --git a/x.py b/x.py\nnew file mode 100644\n--- /dev/null\n+++ b/x.py\n@@ -0,0 +1," +
                     std::to_string(kLines) + " @@\n";
  for (size_t i = 0; i < kLines; ++i) diff += "+" + std::string(i / 5, ' ') + "if x:\n";
  ASSERT_GT(diff.size(), 40'000'000u);
  const ReviewResult result = run_review(diff, meta());
  ASSERT_EQ(result.skipped.size(), 1u);
  EXPECT_EQ(result.skipped[0].limit, "diff-bytes");
  EXPECT_EQ(result.skipped[0].size, diff.size());
  EXPECT_EQ(result.skipped[0].max, kMaxDiffBytes);
  EXPECT_EQ(result.skipped[0].path, "x.py");
  ASSERT_EQ(result.files.size(), 1u);
  EXPECT_EQ(result.files[0].path, "x.py");
  EXPECT_GT(result.files[0].additions, 9000);
  EXPECT_LT(result.files[0].additions, static_cast<int>(kLines));
  const std::string card = render_card(result);
  EXPECT_NE(card.find("\n✂️ Partial review: the diff is larger than 8 MiB; its first 8 MiB end inside `x.py`, whose "
                      "later lines were not read, nor anything after them.\n"),
            std::string::npos)
      << card.substr(0, 600);
}

TEST(InputLimits, WithinEveryLimitNothingIsSkipped) {
  const ReviewResult result = run_review(added_file("atom/f.py", 10), meta());
  EXPECT_TRUE(result.skipped.empty());
  EXPECT_EQ(render_card(result).find("Partial review"), std::string::npos);
}

// A hostile PR can nest code far deeper than any real file; the walkers that read facts off the
// trees stop at syntax::kMaxWalkDepth instead of recursing until the stack runs out.
TEST(InputLimits, CodeNestedTwentyThousandLevelsIsReviewedFromItsHunksAndWhole) {
  constexpr size_t kDepth = 20000;
  const std::vector<std::pair<std::string, std::string>> files = {
      {"atom/deep.py", "x = " + repeated("(", kDepth) + "1" + repeated(")", kDepth)},
      {"atom/deep_target.py", repeated("(", kDepth) + "a," + repeated("),", kDepth - 1) + ") = y"},
      {"csrc/deep.cu", "__global__ void k() " + repeated("{", kDepth) + repeated("}", kDepth)},
      {"csrc/deep_expr.cpp", "int x = 1" + repeated(" + 1", kDepth) + ";"},
  };
  for (const auto& [path, line] : files) {
    const std::string diff = added_file(path, 1, line);
    const ReviewResult hunks = run_review(diff, meta());
    EXPECT_EQ(hunks.files.size(), 1u) << path;
    const ReviewResult whole = run_review(diff, meta(), nlohmann::json::object(), builtin_pack_for_repo("ROCm/ATOM"),
                                          {{path, line + "\n"}});
    ASSERT_EQ(whole.files.size(), 1u) << path;
    EXPECT_EQ(whole.files[0].source, ReviewSource::Whole) << path;
  }
}

}  // namespace
}  // namespace atom
