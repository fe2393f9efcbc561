// Turns a Finding (rule id + message id + fields) into the three parts every drafted finding
// has: the problem, its impact at run time, and the action ("Author must …" for verified
// findings, "Reviewer should ask …" for inferred ones). The only place where findings get words.
#pragma once
#include <optional>
#include <string>
#include "core/rules/finding.h"

namespace atom {

// Plain text (the result JSON's problem/impact/action, SARIF's message text), or markdown for the
// card, where every field value went through author_markdown (core/report/author_text.h).
enum class WordsFor { Text, Markdown };

struct FindingWords {
  std::string problem;
  std::string impact;
  std::string action;   // starts with "Author must " or "Reviewer should ask "
};

// The engine marks a red finding that named no trigger (the red gate) by downgrading it to warn
// and setting fields["worth_checking"] = "1"; such a finding is worded as worth checking.
bool is_worth_checking(const Finding& finding);

// The engine turns a finding of a preview rule (one not yet measured stable on hand labels) into a
// note and sets fields["preview"] = "1"; such a finding is worded as worth a look.
bool is_preview(const Finding& finding);
// The severity the rule itself gave: fields["rule_severity"] on a preview finding, else its severity.
std::string rule_severity(const Finding& finding);

// Words from the rule's MessageTemplate (find_rule(rule)->meta().messages, by message_id), each
// {name} replaced by fields[name]. An unknown rule or message gives a neutral generic wording.
// Never mentions the rule id. The result is valid UTF-8.
FindingWords word_finding(const Finding& finding, WordsFor form = WordsFor::Text);

// The words of the finding's trigger (Finding::trigger): the message's `trigger` template (a pack
// rule's red_trigger) filled from the fields and the trigger's values, as plain valid UTF-8;
// nullopt when the finding has no trigger.
std::optional<std::string> trigger_words(const Finding& finding);

// "{var} is unset" + {"var": "out"} → "out is unset". A placeholder with no field becomes
// "<name>"; a '{' that opens no placeholder stays as it is.
// For markdown, the template's own backtick spans ("`{param}` of `{function}`") are filled and
// then escaped whole as code; a placeholder outside them gets its value as marked text
// (marked_text_markdown: the rules' fields mark their code with backticks). The template's other
// words are the rule's own and stay as written.
std::string fill_template(const std::string& text, const std::map<std::string, std::string>& fields,
                          WordsFor form = WordsFor::Text);

}  // namespace atom
