// The Step 8 verdict card (rules.md): heading, one bold sentence, the verdict line, one bullet
// per finding, then the context lines (linked issues, prior review comments, failing CI; AI-code
// risk, missing description; reviewer prompts).
// Never contains a rule id.
#include <set>
#include <string>
#include <vector>

#include "core/report/author_text.h"
#include "core/report/card_parts.h"
#include "core/report/finding_words.h"
#include "core/report/render.h"
#include "core/report/text_util.h"

namespace atom {

const char* verdict_label(Verdict verdict) {
  switch (verdict) {
    case Verdict::Lgtm: return "LGTM";
    case Verdict::NeedsWork: return "NEEDS WORK";
    case Verdict::Block: return "BLOCK";
  }
  return "LGTM";
}

// No finding is warn or red, yet the engine verified some (a note of a preview rule): the card
// does not say LGTM over a fact it checked itself, it says what to look at.
std::string verdict_words(const ReviewResult& result) {
  if (result.verdict == Verdict::Lgtm) {
    size_t verified = 0;
    for (const Finding& finding : result.findings) verified += finding.tag == Tag::Verified ? 1 : 0;
    if (verified > 0)
      return "LOOK FIRST: " + std::to_string(verified) + " verified note" + (verified == 1 ? "" : "s") +
             " below, nothing blocking";
  }
  return verdict_label(result.verdict);
}

namespace {

std::string verdict_line(const ReviewResult& result) {
  const bool look_first = result.verdict == Verdict::Lgtm && verdict_words(result) != verdict_label(Verdict::Lgtm);
  const char* icon = look_first                             ? "🔎"
                     : result.verdict == Verdict::Block     ? "🔴"
                     : result.verdict == Verdict::NeedsWork ? "⚠️"
                                                            : "✅";
  return std::string(icon) + " " + verdict_words(result);
}

const char* severity_icon(Severity severity) {
  switch (severity) {
    case Severity::Red: return "🔴";
    case Severity::Warn: return "⚠️";
    case Severity::Note: return "📝";
  }
  return "📝";
}

std::string location(const Finding& finding) {
  if (finding.path.empty()) return "";
  if (finding.line <= 0) return author_markdown(finding.path, AuthorTextAs::Code) + " ";
  std::string text = author_markdown(finding.path + ":" + std::to_string(finding.line), AuthorTextAs::Code) + " ";
  if (finding.side == Side::Old) text += "(removed line) ";
  return text;
}

// Capitalises a leading all-lowercase word ("wrong output" → "Wrong output"), leaving code
// identifiers ("torch.empty", "out_dtype") as written.
std::string capitalise_plain_word(std::string text) {
  size_t end = 0;
  while (end < text.size() && text[end] >= 'a' && text[end] <= 'z') ++end;
  const bool plain_word = end > 0 && (end == text.size() || text[end] == ' ' || text[end] == ',');
  if (plain_word) text[0] = static_cast<char>(text[0] - 'a' + 'A');
  return text;
}

std::string finding_bullet(const Finding& finding) {
  const FindingWords words = word_finding(finding, WordsFor::Markdown);
  std::string problem = words.problem;
  if (finding.folded > 0)
    problem += " (and " + std::to_string(finding.folded) + " more line" + (finding.folded == 1 ? "" : "s") + ")";
  std::string bullet = std::string("- ") + severity_icon(finding.severity) + " " + location(finding) +
                       as_sentence(problem);
  // A preview rule has not yet proved worth a reviewer's minute: the card names what it saw and
  // claims no impact and asks nothing of the author (the JSON keeps every word).
  if (!is_preview(finding)) {
    if (!words.impact.empty()) bullet.append(" ").append(as_sentence(capitalise_plain_word(words.impact)));
    bullet.append(" ").append(as_sentence(words.action));
  }
  bullet.append(" [").append(to_string(finding.tag)).append("]");
  return bullet;
}

}  // namespace

std::string render_card(const ReviewResult& result) {
  std::vector<std::string> blocks;
  blocks.push_back(card_heading(result.meta, result.pack_name));
  blocks.push_back("**" + card_summary_sentence(result) + "**");
  blocks.push_back(verdict_line(result));
  if (std::string skipped = skipped_input_lines(result); !skipped.empty()) blocks.push_back(std::move(skipped));

  if (!result.findings.empty()) {
    std::string findings;
    for (const auto& finding : result.findings) {
      if (!findings.empty()) findings += "\n";
      findings += finding_bullet(finding);
    }
    blocks.push_back(findings);
  }

  if (std::string step1 = step1_context_lines(result); !step1.empty()) blocks.push_back(std::move(step1));

  std::vector<std::string> context;
  if (result.elevated_ai_risk) context.push_back(ai_risk_line(result));
  if (!result.meta.body.has_value())
    context.push_back("The description was not available, so the performance claims and the reasons "
                      "for the change were not checked.");
  if (!context.empty()) {
    std::string text;
    for (const auto& line : context) text += (text.empty() ? "" : "\n\n") + line;
    blocks.push_back(text);
  }

  // The reviewer prompts stay out: they are questions for the reviewer (the panel lists them), and
  // most are not worth the author's minute — 15 of 42 on held-out PRs (tests/labels/README.md).

  std::string card;
  for (const auto& block : blocks) card += (card.empty() ? "" : "\n\n") + block;
  return card + "\n";
}

}  // namespace atom
