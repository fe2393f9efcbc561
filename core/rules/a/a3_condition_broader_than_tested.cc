// A3 — a new dispatch condition enables a path for model families or archs the PR does not
// show as tested.
#include <algorithm>
#include <cctype>
#include <memory>
#include <set>
#include <re2/re2.h>
#include "core/rules/a/abc_support.h"
#include "core/rules/finding_at.h"
#include "core/rules/rule.h"

namespace atom {
namespace {

const RuleMeta& a3_meta() {
  static const RuleMeta meta = [] {
    RuleMeta m;
    m.id = "A3";
    m.slug = "condition-broader-than-tested";
    m.category = "A";
    m.default_severity = Severity::Warn;
    m.summary = "A new dispatch condition enables a path for models or archs the PR does not show as tested.";
    m.what =
        "PR-level; needs the PR description (with no body, or an empty one, it does not run). Reads added enabling "
        "conditions — `if`/`elif`, a boolean assignment or a `return` with `==`, `in (...)`, `.startswith(...)` "
        "or `\"x\" in var` — on model-type or arch string literals (`\"deepseek_v3\"`, `\"kimi_k2\"`, "
        "`\"gfx942\"`, a prefix such as `\"gfx9\"` or `\"deepseek\"`). Each enabled target must be named in the "
        "title or body (model types — compared with `model_type`, `architectures`, `model_name` … — by a leading "
        "run of their words, e.g. `kimi_k2` ↔ Kimi-K2, `KimiK3ForConditionalGeneration` ↔ Kimi-K3; gfx942 ↔ MI300X/MI308X/MI325X, "
        "gfx950 ↔ MI350X/MI355X). A prefix test (`.startswith(\"gfx9\")`, `\"deepseek\" in model_type`) enables a "
        "whole family, which the PR must name as a family or cover member by member.";
    m.why =
        "A path validated on one model or GPU gets switched on for a broader set through a list or a prefix "
        "test; the untested members then run it in production — vLLM#16435 enabled FusedMoE for the wrong "
        "families and needed a follow-up PR to restrict it.";
    m.example =
        "```python\nif model_type in (\"deepseek_v3\", \"kimi_k2\", \"glm4_moe\"):   # body tests DeepSeek-V3 only\n"
        "    return True\n```";
    m.must_not_fire =
        "Every enabled model/arch is named in the title or body; disabling tests (`!=`, `not in`); asserts; "
        "one arch compared for equality (`get_gfx() == \"gfx950\"`: it picks that arch alone, often to exclude it), "
        "only a prefix test or two or more arch literals enable a set; an arch test added with `and` to a condition "
        "a removed line of the hunk had (it narrows an existing path); "
        "comments and docstrings; test files; no or an empty PR description.";
    m.source = "vLLM#16435";
    m.messages = {
        {"broader", "A new condition enables {targets}, but the PR shows testing only for what it names ({named})",
         "The untested models/archs run the new path in production: wrong output or a crash there would not "
         "have shown in this PR's testing.",
         "restrict the condition to what was validated, or add results for {targets}.",
         "whether {targets} were tested with the new path, since the description does not mention them."},
    };
    m.line_patterns = {{"A3.enabling", R"(==|\bin\b|startswith\()"}};
    return m;
  }();
  return meta;
}

struct Family {
  const char* literal_prefix;   // matched against the literal, lower-case
  const char* names;            // RE2 over the PR text (case-insensitive) that counts as naming it
};

// Arch literals and the marketing names that count as naming them in the PR text.
const Family kArchs[] = {
    {"gfx942", R"(gfx942|\bMI30[08]X?\b|\bMI325X?\b)"},
    {"gfx950", R"(gfx950|\bMI35[05]X?\b)"},
    {"gfx1250", R"(gfx1250)"},
    {"gfx1201", R"(gfx1201|RDNA4|R9700)"},
    {"gfx90a", R"(gfx90a|\bMI2[05]0X?\b)"},
};

bool looks_like_model_type(const std::string& literal) {
  static const RE2 model(
      R"((?i)^(?:deepseek\w*|kimi\w*|qwen\w*|glm\w*|gpt_?oss\w*|llama\w*|mixtral\w*|minimax\w*|mimo\w*|gemma\w*|mistral\w*)$)");
  return RE2::FullMatch(literal, model);
}

// The PR text names the model type: some leading run of its words (CamelCase or `_`-separated,
// cut before "For…"), of two words or more, or one word holding a digit ("qwen3"), appears in it.
bool text_names_model(const std::string& text_key, const std::string& literal) {
  std::vector<std::string> words;
  std::string word;
  auto flush = [&] {
    if (!word.empty()) words.push_back(abc::alnum_lower(word));
    word.clear();
  };
  for (size_t i = 0; i < literal.size(); ++i) {
    const char c = literal[i];
    if (c == '_' || c == '-' || c == '.') {
      flush();
      continue;
    }
    if (std::isupper(static_cast<unsigned char>(c)) && i > 0 && !std::isupper(static_cast<unsigned char>(literal[i - 1])))
      flush();
    word.push_back(c);
  }
  flush();
  const auto for_word = std::find(words.begin(), words.end(), "for");
  words.erase(for_word, words.end());
  std::string key;
  for (size_t i = 0; i < words.size(); ++i) {
    key += words[i];
    const bool has_digit = key.find_first_of("0123456789") != std::string::npos;
    if ((i >= 1 || has_digit) && text_key.find(key) != std::string::npos) return true;
  }
  return false;
}

bool text_names_arch(const std::string& pr_text, const std::string& arch) {
  for (const Family& family : kArchs)
    if (arch == family.literal_prefix) return RE2::PartialMatch(pr_text, RE2(std::string("(?i)") + family.names));
  return pr_text.find(arch) != std::string::npos;
}

class A3ConditionBroaderThanTested final : public Rule {
 public:
  const RuleMeta& meta() const override { return a3_meta(); }

  void check(const ReviewModel& model, std::vector<Finding>& out) const override {
    if (!model.meta || !model.has_body || !model.meta->body || trimmed(*model.meta->body).empty()) return;
    static const RE2 enabling(R"(^\s*(?:if|elif|return)\b|^\s*[\w.]+\s*(?::\s*\w+\s*)?=[^=]|\bif\b.*\belse\b)");
    static const RE2 disabling(R"(!=|\bnot\s+in\b|^\s*assert\b|\bnot\s+[\w.()]*startswith)");
    // Model literals count only when compared with a model identity (not `rope_type == "deepseek_yarn"`).
    static const RE2 model_subject(R"(\bmodel_type\b|\barchitectures?\b|\bmodel_name\b|\bmodel_cls\b|__name__|\bmodel_arch\w*)");
    static const RE2 prefix_test(R"(startswith\(|["']\s+in\s+[\w.]+)");
    const std::string text_key = abc::alnum_lower(model.pr_text);
    std::set<std::string> untested;
    for (const auto& [file, line] : model.hits("A3.enabling")) {
      if (file->is_test || file->language != Language::Python || line->in_docstring || !line->diff) continue;
      if (!RE2::PartialMatch(line->code, enabling) || RE2::PartialMatch(line->code, disabling)) continue;
      const bool prefix = RE2::PartialMatch(line->code, prefix_test);
      const std::vector<std::string> literals = abc::string_literals(line->diff->text, Language::Python);
      const bool arch_set = prefix || arch_literal_count(literals) >= 2;
      const bool narrows = restricts_removed_condition(*file, *line);
      for (const std::string& literal : literals) {
        const std::string lower = abc::alnum_lower(literal);
        if (RE2::FullMatch(literal, R"((?i)gfx\d+[a-z]?)")) {
          // One arch compared for equality (`get_gfx() == "gfx950"`) picks that arch alone, often
          // as a deny-list; an arch test added to a condition the base had narrows it. Neither
          // enables a set broader than the arch itself.
          if (!arch_set || narrows) continue;
          if (prefix) {
            for (const Family& family : kArchs) {
              const std::string member = family.literal_prefix;
              if (member.rfind(lower, 0) == 0 && member != "gfx90a" && !text_names_arch(model.pr_text, member))
                untested.insert(member == lower ? "`" + member + "`"
                                                : "`" + member + "` (via the prefix `\"" + literal + "\"`)");
            }
          } else if (!text_names_arch(model.pr_text, lower)) {
            untested.insert("`" + literal + "`");
          }
        } else if (looks_like_model_type(literal)) {
          if (!RE2::PartialMatch(line->code, model_subject) || text_names_model(text_key, literal)) continue;
          untested.insert(prefix ? "every `" + literal + "*` model type" : "`" + literal + "`");
        }
      }
    }
    if (untested.empty()) return;
    std::vector<std::string> targets(untested.begin(), untested.end());
    std::string joined;
    for (size_t i = 0; i < targets.size(); ++i)
      joined += (i == 0 ? "" : i + 1 == targets.size() ? " and " : ", ") + targets[i];
    out.push_back(pr_finding("A3", Severity::Warn, Tag::Inferred, "broader",
                             {{"targets", joined}, {"named", named_targets(model.pr_text)}}));
  }

 private:
  static int arch_literal_count(const std::vector<std::string>& literals) {
    int count = 0;
    for (const std::string& literal : literals) count += RE2::FullMatch(literal, R"((?i)gfx\d+[a-z]?)") ? 1 : 0;
    return count;
  }

  // `elif is_skinny(M, N):` became `elif gfx in (…) and is_skinny(`: the arch test is one more
  // conjunct on a condition a removed line of the same hunk already had, so it only restricts.
  static bool restricts_removed_condition(const FileView& file, const CodeLine& line) {
    static const RE2 kHeader(R"(^\s*(if|elif|while)\s+(.+?)\s*:?\s*$)");
    const HunkView* hunk = hunk_of(file, &line);
    if (!hunk) return false;
    const std::string added = trimmed(line.code);
    for (const CodeLine& removed : hunk->lines) {
      std::string keyword, condition;
      if (removed.kind != LineKind::Removed || !RE2::FullMatch(removed.code, kHeader, &keyword, &condition)) continue;
      if (added.rfind(keyword + " ", 0) != 0) continue;
      const std::string head = condition.substr(0, condition.find('(') == std::string::npos ? condition.size()
                                                                                               : condition.find('(') + 1);
      if (head.size() >= 4 && added.find(" and " + head) != std::string::npos) return true;
    }
    return false;
  }

  // What the PR text names as tested, for the message ("DeepSeek-V3, MI355X" or "nothing").
  static std::string named_targets(const std::string& text) {
    static const RE2 names(
        R"((?i)\b(DeepSeek[- ]?(?:V|R)\d(?:\.\d)?(?:-\d+)?|DSv\d|Kimi[- ]?K?\d?(?:\.\d)?|Qwen\d?(?:\.\d)?(?:-\w+)?|GLM[- ]?\d(?:\.\d)?|GPT[- ]?OSS|Llama[- ]?\d?|MiniMax[- ]?M?\d?|MI\d{3}X?|gfx\d+)\b)");
    std::set<std::string> seen;
    re2::StringPiece rest(text);
    std::string name;
    while (RE2::FindAndConsume(&rest, names, &name)) seen.insert(name);
    if (seen.empty()) return "no model or GPU";
    std::set<std::string> keys;
    std::string out;
    for (const std::string& item : seen) {
      const std::string shown = trimmed(std::string_view(item).substr(0, item.find_last_not_of("- ") + 1));
      if (!keys.insert(abc::alnum_lower(shown)).second) continue;
      out += (out.empty() ? "" : ", ") + shown;
    }
    return out;
  }
};

}  // namespace

std::unique_ptr<Rule> make_a3_condition_broader_than_tested() {
  return std::make_unique<A3ConditionBroaderThanTested>();
}

}  // namespace atom
