// Whole-file parses kept from one review to the next (core/analysis/kept_trees.h).
#include <gtest/gtest.h>

#include <string>

#include "core/analysis/kept_trees.h"
#include "core/engine/review.h"
#include "core/packs/builtin_packs.h"
#include "core/report/review_json.h"

namespace atom {
namespace {

SideTrees whole_parse(syntax::Grammar grammar, const std::string& text, int& parses) {
  ++parses;
  SideTrees trees;
  trees.whole = true;
  trees.parts.push_back(ast::parse_file(grammar, text));
  return trees;
}

class KeptTreesTest : public ::testing::Test {
 protected:
  void SetUp() override { forget_kept_trees(); }
  void TearDown() override { forget_kept_trees(); }
  KeptTrees& kept = KeptTrees::this_thread();
};

TEST_F(KeptTreesTest, ATextIsParsedOncePerGrammar) {
  int parses = 0;
  const std::string text = "def f():\n    return 1\n";
  const auto first = kept.get(syntax::Grammar::Python, text, [&] { return whole_parse(syntax::Grammar::Python, text, parses); });
  const auto again = kept.get(syntax::Grammar::Python, text, [&] { return whole_parse(syntax::Grammar::Python, text, parses); });
  EXPECT_EQ(parses, 1);
  EXPECT_EQ(first.get(), again.get());
  const std::string other = "def f():\n    return 2\n";
  kept.get(syntax::Grammar::Python, other, [&] { return whole_parse(syntax::Grammar::Python, other, parses); });
  kept.get(syntax::Grammar::Cpp, text, [&] { return whole_parse(syntax::Grammar::Cpp, text, parses); });
  EXPECT_EQ(parses, 3);
  EXPECT_EQ(kept.size(), 3u);
}

TEST_F(KeptTreesTest, AParseOfAnotherTextIsNotKept) {
  int parses = 0;
  const std::string text = "x = 1\n";
  kept.get(syntax::Grammar::Python, text, [&] { return whole_parse(syntax::Grammar::Python, "y = 2\n", parses); });
  EXPECT_EQ(kept.size(), 0u);
}

TEST_F(KeptTreesTest, ATextChangedWhereItLivesIsParsedAgain) {
  // keep_only_texts_of() lends get() the hashes it took, by address: the text is still compared.
  FileView file;
  file.source = ReviewSource::Whole;
  file.head_text = "x = 1\n";
  std::vector<FileView> files(1, file);
  int parses = 0;
  std::string& text = files[0].head_text;
  kept.get(syntax::Grammar::Python, text, [&] { return whole_parse(syntax::Grammar::Python, text, parses); });
  kept.keep_only_texts_of(files);
  EXPECT_EQ(kept.size(), 1u);
  text[4] = '2';  // same address, same size, other text
  const auto trees = kept.get(syntax::Grammar::Python, text, [&] { return whole_parse(syntax::Grammar::Python, text, parses); });
  EXPECT_EQ(parses, 2);
  EXPECT_EQ(trees->parts.front().tree.text(), "x = 2\n");
}

// A `False` the PR turns into `True`, so a rule (D2) reads the base's tree as well as the head's.
const std::string kDiff =
    "diff --git a/atom/model_ops/a.py b/atom/model_ops/a.py\n"
    "--- a/atom/model_ops/a.py\n"
    "+++ b/atom/model_ops/a.py\n"
    "@@ -2,2 +2,2 @@ def f(x):\n"
    "     y = x + 1\n"
    "-    return y, False\n"
    "+    return y * 2, True\n";
const std::string kHead = "def f(x):\n    y = x + 1\n    return y * 2, True\n";
const std::string kBase = "def f(x):\n    y = x + 1\n    return y, False\n";

TEST_F(KeptTreesTest, ASecondReviewOfThePrParsesNothingAndSaysTheSame) {
  const HeadFiles head = {{"atom/model_ops/a.py", kHead}};
  const std::string meta = R"({"repo":"ROCm/ATOM","title":"t","body":"b"})";
  const std::string first = review_to_json_text(kDiff, meta, head);
  int parses = 0;
  auto must_not_parse = [&] { return whole_parse(syntax::Grammar::Python, kHead, parses); };
  kept.get(syntax::Grammar::Python, kHead, must_not_parse);
  kept.get(syntax::Grammar::Python, kBase, must_not_parse);
  EXPECT_EQ(parses, 0) << "the first review kept both sides";
  EXPECT_EQ(review_to_json_text(kDiff, meta, head), first);
}

TEST_F(KeptTreesTest, AReviewOfOtherFilesDropsWhatTheLastOneKept) {
  const std::string meta = R"({"repo":"ROCm/ATOM","title":"t","body":"b"})";
  review_to_json_text(kDiff, meta, {{"atom/model_ops/a.py", kHead}});
  EXPECT_EQ(kept.size(), 2u);
  const std::string other_head = "def g():\n    return 3\n";
  const std::string other_diff =
      "diff --git a/atom/b.py b/atom/b.py\nnew file mode 100644\n--- /dev/null\n+++ b/atom/b.py\n"
      "@@ -0,0 +1,2 @@\n+def g():\n+    return 3\n";
  review_to_json_text(other_diff, meta, {{"atom/b.py", other_head}});
  int parses = 0;
  kept.get(syntax::Grammar::Python, kHead, [&] { return whole_parse(syntax::Grammar::Python, kHead, parses); });
  EXPECT_EQ(parses, 1) << "the first PR's head was dropped";
}

TEST_F(KeptTreesTest, HunksOnlyReviewsKeepNothing) {
  review_to_json_text(kDiff, R"({"repo":"ROCm/ATOM","title":"t"})");
  EXPECT_EQ(kept.size(), 0u);
}

}  // namespace
}  // namespace atom
