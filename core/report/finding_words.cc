#include "core/report/finding_words.h"

#include <algorithm>
#include <string_view>

#include "core/report/author_text.h"
#include "core/model/placeholders.h"
#include "core/model/valid_utf8.h"
#include "core/rules/pack_pattern_rules.h"
#include "core/rules/registry.h"

namespace atom {
namespace {

FindingWords generic_words(const Finding& finding) {
  FindingWords words;
  words.problem = finding.path.empty() ? "this pull request may have a problem that a check flagged"
                                       : "this change may have a problem that a check flagged";
  words.impact = "the effect at run time is not known";
  words.action = finding.tag == Tag::Verified ? "Author must look at this change again"
                                              : "Reviewer should ask the author whether this change is intended";
  return words;
}

}  // namespace

bool is_worth_checking(const Finding& finding) {
  const auto it = finding.fields.find("worth_checking");
  return it != finding.fields.end() && it->second == "1";
}

bool is_preview(const Finding& finding) {
  const auto it = finding.fields.find("preview");
  return it != finding.fields.end() && it->second == "1";
}

std::string rule_severity(const Finding& finding) {
  const auto it = finding.fields.find("rule_severity");
  return it != finding.fields.end() ? it->second : std::string(to_string(finding.severity));
}

namespace {

// Fills the placeholders of `text` (no template backticks in it) with each value as it is, or as
// `value_markup` makes it.
template <typename Markup>
std::string fill_placeholders(std::string_view text, const std::map<std::string, std::string>& fields,
                              const Markup& value_markup) {
  std::string out;
  size_t i = 0;
  while (i < text.size()) {
    const size_t length = placeholder_length(text, i);
    if (length == 0) {
      out += text[i++];
      continue;
    }
    const std::string name(text.substr(i + 1, length - 2));
    const auto it = fields.find(name);
    out += value_markup(it != fields.end() ? it->second : "<" + name + ">");
    i += length;
  }
  return out;
}

std::string fill_as_markdown(std::string_view text, const std::map<std::string, std::string>& fields) {
  const auto as_is = [](const std::string& value) { return value; };
  const auto as_marked_text = [](const std::string& value) { return marked_text_markdown(value); };
  std::string out;
  size_t i = 0;
  while (i < text.size()) {
    const size_t open = text.find('`', i);
    const size_t close = open == std::string_view::npos ? open : text.find('`', open + 1);
    if (close == std::string_view::npos) break;
    out += fill_placeholders(text.substr(i, open - i), fields, as_marked_text);
    out += author_markdown(fill_placeholders(text.substr(open + 1, close - open - 1), fields, as_is), AuthorTextAs::Code);
    i = close + 1;
  }
  return out + fill_placeholders(text.substr(std::min(i, text.size())), fields, as_marked_text);
}

}  // namespace

std::string fill_template(const std::string& text, const std::map<std::string, std::string>& fields, WordsFor form) {
  if (form == WordsFor::Markdown) return fill_as_markdown(text, fields);
  return fill_placeholders(text, fields, [](const std::string& value) { return value; });
}

namespace {

// A pack's custom rule: every word is the pack author's, so in markdown the filled text goes
// through the author-text escaping as a whole (backtick spans as code, the rest as prose).
FindingWords pack_pattern_words(const Finding& finding, WordsFor form) {
  const auto text = [&](const char* field) {
    const auto it = finding.fields.find(field);
    const std::string filled = fill_template(it != finding.fields.end() ? it->second : "", finding.fields);
    return form == WordsFor::Markdown ? marked_text_markdown(filled) : filled;
  };
  return {text(kPackProblemField), text(kPackImpactField), "Author must " + text(kPackActionField)};
}

}  // namespace

std::optional<std::string> trigger_words(const Finding& finding) {
  if (!finding.trigger) return std::nullopt;
  std::map<std::string, std::string> values = finding.fields;
  for (const auto& [name, value] : *finding.trigger) values[name] = value;
  std::string words;
  if (finding.message_id == kPackPatternMessage) {
    const auto it = finding.trigger->find(kPackTriggerValue);
    if (it != finding.trigger->end()) words = fill_template(it->second, values);
  } else if (const MessageTemplate* message = find_message(finding.rule, finding.message_id)) {
    words = fill_template(resolve_optional_parts(message->trigger, values), values);
  }
  return to_valid_utf8(words);
}

FindingWords word_finding(const Finding& finding, WordsFor form) {
  const bool from_pack = finding.message_id == kPackPatternMessage;
  const MessageTemplate* message = from_pack ? nullptr : find_message(finding.rule, finding.message_id);
  FindingWords words = from_pack ? pack_pattern_words(finding, form)
                       : message == nullptr ? generic_words(finding) : FindingWords{};
  if (message != nullptr) {
    const auto fill = [&](const std::string& text) {
      return fill_template(resolve_optional_parts(text, finding.fields), finding.fields, form);
    };
    words.problem = fill(message->problem);
    words.impact = fill(message->impact);
    words.action = finding.tag == Tag::Verified ? "Author must " + fill(message->action_verified)
                                                : "Reviewer should ask " + fill(message->action_inferred);
  }
  if (is_worth_checking(finding)) words.problem = "worth checking: " + words.problem;
  if (is_preview(finding)) words.problem = "worth a look: " + words.problem;
  words.problem = to_valid_utf8(words.problem);
  words.impact = to_valid_utf8(words.impact);
  words.action = to_valid_utf8(words.action);
  return words;
}

}  // namespace atom
