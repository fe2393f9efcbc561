#include <sstream>

#include <gtest/gtest.h>
#include <re2/re2.h>

#include "core/report/card_parts.h"
#include "core/report/render.h"
#include "tests/cpp/report/report_test_support.h"

namespace atom {
namespace {

using testing::basic_result;
using testing::finding_of;

std::vector<std::string> lines_of(const std::string& text) {
  std::vector<std::string> lines;
  std::istringstream stream(text);
  for (std::string line; std::getline(stream, line);) lines.push_back(line);
  return lines;
}

bool is_finding_bullet(const std::string& line) {
  return line.rfind("- 🔴 ", 0) == 0 || line.rfind("- ⚠️ ", 0) == 0 || line.rfind("- 📝 ", 0) == 0;
}

// Every registered rule fires once per message, on a line, a file and the PR.
ReviewResult result_with_every_rule() {
  ReviewResult result = basic_result();
  for (const Rule* rule : all_rules()) {
    for (const MessageTemplate& message : rule->meta().messages) {
      Finding finding = finding_of(*rule, Severity::Warn, "atom/model_ops/moe.py", 7, Tag::Inferred);
      finding.message_id = message.id;
      result.findings.push_back(finding);
    }
    result.findings.push_back(finding_of(*rule, Severity::Red, "atom/config.py", 0));
    result.findings.push_back(finding_of(*rule, Severity::Note, "", 0));
  }
  result.verdict = Verdict::Block;
  result.elevated_ai_risk = true;
  result.ai_signals = {{"what_not_why", "x"}};
  result.prompts = {{"whether the MLA change holds for paged KV", {"a.py:3", "a.py", 3, Side::New}}};
  return result;
}

TEST(Card, StartsWithTheHeadingThenSummaryThenVerdict) {
  const std::string card = render_card(basic_result());
  const auto lines = lines_of(card);
  ASSERT_GE(lines.size(), 5u);
  // The title's "#1498" is the author's: a word joiner keeps it from linking (author_text.h).
  EXPECT_EQ(lines[0], "## ATOM PR #1498 — Fuse allreduce and rmsnorm (#\xE2\x81\xA0" "1498)");
  EXPECT_EQ(lines[2], "**Fuse allreduce and rmsnorm: changes 3 files (+16 −7), including Tier 1 `model_runner.py` "
                           "and Tier 2 `moe.py`, in `ModelRunner.capture_cudagraph` and `FusedMoE.forward`.**");
  EXPECT_EQ(lines[4], "✅ LGTM");
  EXPECT_EQ(card.back(), '\n');
  EXPECT_NE(card.substr(card.size() - 2), "\n\n");
}

// A note the engine verified itself is no LGTM: the verdict line says to look at it first.
TEST(Card, NoLgtmOverAVerifiedNote) {
  ReviewResult result = basic_result();
  result.verdict = Verdict::Lgtm;
  result.findings.push_back(finding_of(*find_rule("D1"), Severity::Note, "aiter/ops/quant.py", 12, Tag::Verified));
  std::string card = render_card(result);
  EXPECT_EQ(card.find("LGTM"), std::string::npos) << card;
  EXPECT_NE(card.find("🔎 LOOK FIRST: 1 verified note below, nothing blocking"), std::string::npos) << card;
  // An inferred note is a question, not a checked fact: the card may still say LGTM.
  result.findings.back().tag = Tag::Inferred;
  card = render_card(result);
  EXPECT_NE(card.find("✅ LGTM"), std::string::npos) << card;
}

TEST(Card, FindingsSectionIsOmittedWhenEmpty) {
  const std::string card = render_card(basic_result());
  for (const auto& line : lines_of(card)) EXPECT_FALSE(is_finding_bullet(line)) << line;
  EXPECT_EQ(card.find("Author must"), std::string::npos);
}

TEST(Card, VerdictLines) {
  ReviewResult result = basic_result();
  result.verdict = Verdict::NeedsWork;
  EXPECT_EQ(lines_of(render_card(result))[4], "⚠️ NEEDS WORK");
  result.verdict = Verdict::Block;
  EXPECT_EQ(lines_of(render_card(result))[4], "🔴 BLOCK");
}

TEST(Card, HeadingUsesRepositoryNameWithoutPackAndOmitsUnknownNumber) {
  PrMeta meta;
  meta.repo = "ROCm/aiter";
  meta.number = 12;
  meta.title = "Add kernel";
  EXPECT_EQ(card_heading(meta, ""), "## aiter PR #12 — Add kernel");
  meta.number = 0;
  EXPECT_EQ(card_heading(meta, "ATOM"), "## ATOM PR — Add kernel");
  meta.title.clear();
  meta.repo.clear();
  EXPECT_EQ(card_heading(meta, ""), "## PR");
}

TEST(Card, EveryFindingIsOneBulletWithThreePartsAndATag) {
  const ReviewResult result = result_with_every_rule();
  ASSERT_FALSE(result.findings.empty());
  size_t bullets = 0;
  for (const auto& line : lines_of(render_card(result))) {
    if (!is_finding_bullet(line)) continue;
    ++bullets;
    const bool verified = line.size() > 11 && line.substr(line.size() - 11) == " [verified]";
    const bool inferred = line.size() > 11 && line.substr(line.size() - 11) == " [inferred]";
    EXPECT_TRUE(verified || inferred) << line;
    EXPECT_NE(line.find(verified ? " Author must " : " Reviewer should ask "), std::string::npos) << line;
  }
  EXPECT_EQ(bullets, result.findings.size());
}

TEST(Card, APreviewNoteNamesWhatItSawAndAsksNothingOfTheAuthor) {
  ReviewResult result = basic_result();
  result.findings = {finding_of(*all_rules().front(), Severity::Note, "atom/model_ops/moe.py", 42),
                     finding_of(*all_rules().front(), Severity::Warn, "atom/model_ops/moe.py", 43)};
  result.findings[0].fields["preview"] = "1";
  std::vector<std::string> bullets;
  for (const std::string& line : lines_of(render_card(result)))
    if (is_finding_bullet(line)) bullets.push_back(line);
  ASSERT_EQ(bullets.size(), 2u);
  const std::string& preview = bullets[0].find(":42") != std::string::npos ? bullets[0] : bullets[1];
  const std::string& stable = &preview == &bullets[0] ? bullets[1] : bullets[0];
  EXPECT_NE(preview.find("worth a look: "), std::string::npos) << preview;
  EXPECT_EQ(preview.find("Author must"), std::string::npos) << preview;
  EXPECT_EQ(preview.find("Reviewer should ask"), std::string::npos) << preview;
  EXPECT_TRUE(preview.find("Author must") == std::string::npos && stable.find("Author must") != std::string::npos)
      << stable;
}

TEST(Card, LocationIsPathAndLine) {
  ASSERT_FALSE(all_rules().empty());
  ReviewResult result = basic_result();
  result.findings = {finding_of(*all_rules().front(), Severity::Red, "atom/model_ops/moe.py", 42)};
  result.findings[0].folded = 3;
  const std::string card = render_card(result);
  EXPECT_NE(card.find("- 🔴 `atom/model_ops/moe.py:42` "), std::string::npos) << card;
  EXPECT_NE(card.find("(and 3 more lines)"), std::string::npos);
}

TEST(Card, NeverContainsARuleId) {
  const std::string card = render_card(result_with_every_rule());
  for (const Rule* rule : all_rules()) {
    const RE2 whole_word("\\b" + RE2::QuoteMeta(rule->meta().id) + "\\b");
    EXPECT_FALSE(RE2::PartialMatch(card, whole_word)) << rule->meta().id;
  }
}

TEST(Card, SaysWhenTheDescriptionWasNotAvailable) {
  ReviewResult result = basic_result();
  EXPECT_EQ(render_card(result).find("description was not available"), std::string::npos);
  result.meta.body.reset();
  EXPECT_NE(render_card(result).find("The description was not available"), std::string::npos);
}

TEST(Card, ShowsElevatedAiRiskButNotTheReviewerPrompts) {
  const std::string card = render_card(result_with_every_rule());
  EXPECT_NE(card.find("🤖 Elevated AI-code risk: " + ai_sign_words("what_not_why")), std::string::npos) << card;
  // The prompts are the reviewer's questions (the panel's): the card drafted for the author has none.
  EXPECT_EQ(card.find("whether the MLA change"), std::string::npos) << card;
  EXPECT_EQ(render_card(basic_result()).find("Elevated AI-code risk"), std::string::npos);
}

TEST(Card, SummaryMentionsBackboneOnlyWhenATierTableApplies) {
  ReviewResult result = basic_result();
  result.files = {testing::file_summary("atom/models/qwen3.py", 3, 2, 1)};
  result.headline_functions.clear();
  EXPECT_EQ(card_summary_sentence(result), "Fuse allreduce and rmsnorm: changes 1 file (+2 −1), not a backbone file.");
  result.pack_name.clear();
  EXPECT_EQ(card_summary_sentence(result), "Fuse allreduce and rmsnorm: changes 1 file (+2 −1).");
}

TEST(Card, SummaryCountsBinaryFilesApart) {
  ReviewResult result = basic_result();
  result.pack_name.clear();
  result.files = {testing::file_summary("hsa/gfx950/fmha_v3_fwd/fwd_hd256_fp8.co", 3, 0, 0),
                  testing::file_summary("aiter/mha.py", 3, 2, 1)};
  result.files[0].binary = true;
  result.headline_functions.clear();
  EXPECT_EQ(card_summary_sentence(result), "Fuse allreduce and rmsnorm: changes 2 files (+2 −1, 1 binary).");
}

TEST(Card, NoFilesStillGivesOneSentence) {
  ReviewResult result;
  result.meta.title = "Empty";
  const auto lines = lines_of(render_card(result));
  EXPECT_EQ(lines[0], "## PR — Empty");
  EXPECT_EQ(lines[2], "**Empty: changes no file that could be read.**");
}

TEST(Card, InvalidUtf8InTitleBecomesReplacementCharacter) {
  ReviewResult result = basic_result();
  result.meta.title = "bad \xFF title";
  const std::string card = render_card(result);
  EXPECT_EQ(card.find('\xFF'), std::string::npos);
  EXPECT_NE(card.find("bad \xEF\xBF\xBD title"), std::string::npos);
}

}  // namespace
}  // namespace atom
