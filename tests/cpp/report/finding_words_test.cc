#include <gtest/gtest.h>

#include "core/report/finding_words.h"
#include "core/model/placeholders.h"
#include "core/rules/pack_pattern_rules.h"
#include "core/rules/registry.h"

namespace atom {
namespace {

TEST(FillTemplate, ReplacesKnownFieldsAndMarksMissingOnes) {
  EXPECT_EQ(fill_template("{var} is set only when {branch}", {{"var", "out"}, {"branch", "elif x"}}),
            "out is set only when elif x");
  EXPECT_EQ(fill_template("{var} and {missing}", {{"var", "a"}}), "a and <missing>");
  EXPECT_EQ(fill_template("dict {} and {not closed", {}), "dict {} and {not closed");
}

TEST(WordFinding, UsesTheRuleMessageTemplate) {
  ASSERT_FALSE(all_rules().empty());
  for (const Rule* rule : all_rules()) {
    for (const MessageTemplate& message : rule->meta().messages) {
      Finding finding;
      finding.rule = rule->meta().id;
      finding.message_id = message.id;
      finding.tag = Tag::Verified;
      const FindingWords verified = word_finding(finding);
      const auto filled = [](const std::string& text) { return fill_template(resolve_optional_parts(text, {}), {}); };
      EXPECT_EQ(verified.action, "Author must " + filled(message.action_verified)) << rule->meta().id;
      EXPECT_EQ(verified.problem, filled(message.problem)) << rule->meta().id;
      EXPECT_EQ(verified.problem.find('?'), std::string::npos) << rule->meta().id << ": an optional part left unread";
      finding.tag = Tag::Inferred;
      EXPECT_EQ(word_finding(finding).action, "Reviewer should ask " + filled(message.action_inferred));
    }
  }
}

TEST(WordFinding, UnknownRuleOrMessageGetsNeutralWordsWithoutTheId) {
  Finding finding;
  finding.rule = "ZZ9";
  finding.message_id = "nope";
  finding.path = "a.py";
  const FindingWords words = word_finding(finding);
  EXPECT_FALSE(words.problem.empty());
  EXPECT_FALSE(words.impact.empty());
  EXPECT_EQ(words.action.rfind("Author must ", 0), 0u);
  EXPECT_EQ(words.problem.find("ZZ9"), std::string::npos);

  ASSERT_FALSE(all_rules().empty());
  finding.rule = all_rules().front()->meta().id;
  finding.tag = Tag::Inferred;
  const FindingWords unknown_message = word_finding(finding);
  EXPECT_EQ(unknown_message.action.rfind("Reviewer should ask ", 0), 0u);
}

TEST(WordFinding, RedGatedFindingIsWordedWorthChecking) {
  Finding finding;
  finding.rule = "ZZ9";
  finding.severity = Severity::Warn;
  finding.fields["worth_checking"] = "1";
  EXPECT_TRUE(is_worth_checking(finding));
  EXPECT_EQ(word_finding(finding).problem.rfind("worth checking: ", 0), 0u);
  finding.fields.clear();
  EXPECT_FALSE(is_worth_checking(finding));
}

TEST(WordFinding, PreviewFindingIsWordedWorthALook) {
  Finding finding;
  finding.rule = all_rules().front()->meta().id;
  finding.message_id = all_rules().front()->meta().messages.front().id;
  finding.severity = Severity::Note;
  const std::string plain = word_finding(finding).problem;
  EXPECT_EQ(rule_severity(finding), "note");
  finding.fields["preview"] = "1";
  finding.fields["rule_severity"] = "red";
  EXPECT_TRUE(is_preview(finding));
  EXPECT_EQ(word_finding(finding).problem, "worth a look: " + plain);
  EXPECT_EQ(rule_severity(finding), "red");
}

TEST(WordFinding, InvalidUtf8InFieldsBecomesReplacementCharacter) {
  ASSERT_FALSE(all_rules().empty());
  const Rule* rule = all_rules().front();
  ASSERT_FALSE(rule->meta().messages.empty());
  Finding finding;
  finding.rule = rule->meta().id;
  finding.message_id = rule->meta().messages.front().id;
  for (const auto& name : {"var", "name", "param", "symbol", "value", "branch", "buffer", "dtype", "arch"})
    finding.fields[name] = "bad\xFF";
  const FindingWords words = word_finding(finding);
  for (const std::string* text : {&words.problem, &words.impact, &words.action})
    EXPECT_EQ(text->find('\xFF'), std::string::npos);
}

TEST(FindingWords, OptionalPartsOfAMessageFollowTheFields) {
  Finding finding;
  finding.rule = "B5";
  finding.message_id = "param_removed";
  finding.tag = Tag::Verified;
  finding.fields = {{"param", "scale"}, {"function", "Attn.forward"}, {"still_at", "atom/x.py:12"}};
  FindingWords words = word_finding(finding);
  EXPECT_EQ(words.problem, "`scale` was removed from `Attn.forward` but atom/x.py:12 still passes it");
  EXPECT_EQ(words.action, "Author must update every caller (atom/x.py:12) or keep accepting `scale` (deprecated) for one release.");
  finding.fields.erase("still_at");
  words = word_finding(finding);
  EXPECT_EQ(words.problem, "`scale` was removed from `Attn.forward`");
  EXPECT_EQ(words.action, "Author must update every caller or keep accepting `scale` (deprecated) for one release.");
}

TEST(TriggerWords, TheMessagesTemplateFilledFromTheFieldsAndTheTriggersValues) {
  Finding finding;
  finding.rule = "D1b";
  finding.message_id = "unassigned-branch";
  finding.fields = {{"var", "out"}, {"skipping", "elif x"}, {"branch_line", "7"}, {"use_line", "9"}};
  EXPECT_EQ(trigger_words(finding), std::nullopt) << "no trigger, no words";
  finding.trigger.emplace();
  EXPECT_EQ(trigger_words(finding), "`out` unset when the `elif x` branch runs (line 7), read at line 9");
  finding.fields.erase("skipping");  // a missing else: the message's other optional part
  EXPECT_EQ(trigger_words(finding),
            "`out` unset when none of the conditions holds (there is no `else`) (line 7), read at line 9");
  finding.rule = "D4";
  finding.message_id = "assert-deleted";
  finding.fields = {{"check", "assert n > 0"}};
  finding.trigger = Finding::TriggerValues{{"comment_line", "3"}, {"comment", "n is never 0"}, {"old_line", "5"}};
  EXPECT_EQ(trigger_words(finding), "old comment at line 3 (\"n is never 0\") vs the deleted check at line 5");
}

TEST(TriggerWords, APackRulesTriggerIsItsRedTriggerFilledFromTheMatch) {
  Finding finding;
  finding.rule = "ACME1";
  finding.message_id = kPackPatternMessage;
  finding.fields = {{"1", "gfx942"}, {"path", "a.py"}};
  finding.trigger = Finding::TriggerValues{{kPackTriggerValue, "{1} hard-coded in {path}"}};
  EXPECT_EQ(trigger_words(finding), "gfx942 hard-coded in a.py");
}

TEST(TriggerWords, EveryTriggerTemplateNamesOnlyPlaceholders) {
  for (const Rule* rule : all_rules())
    for (const MessageTemplate& message : rule->meta().messages)
      EXPECT_EQ(message.trigger.find("{}"), std::string::npos) << rule->meta().id << " " << message.id;
}

}  // namespace
}  // namespace atom
