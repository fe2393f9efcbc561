// AI3 — tests that cannot fail: an assertion that is always true, a tensor compared with itself,
// a "reference" produced by the very call under test, a tolerance loosened in the same PR.
#include <cstdlib>
#include <map>
#include <memory>
#include <re2/re2.h>
#include "core/analysis/structure.h"
#include "core/rules/ai/ai_support.h"
#include "core/rules/rule.h"

namespace atom {
namespace {

const RuleMeta& ai3_meta() {
  static const RuleMeta meta = [] {
    RuleMeta m;
    m.id = "AI3";
    m.slug = "test-cannot-fail";
    m.category = "AI";
    m.default_severity = Severity::Warn;
    m.summary = "A test check that cannot fail: always-true assert, self-comparison, reference from the kernel itself, loosened tolerance.";
    m.what =
        "In test files (Python), on added lines: `assert True` / `assert 1`; an `assert x == x` or a comparison "
        "call (`assert_close`, `allclose`, `checkAllclose`, `assert_equal` …) whose first two arguments are the "
        "same expression; a reference variable (`ref*`, `expected*`, `golden*`, `*_ref`) assigned exactly the same "
        "call as another variable it is then compared with; and an `atol=`/`rtol=` whose value grows from a "
        "removed line to the added line that replaces it (a note, inferred: it may be justified). Tensor factories "
        "(`torch.zeros`, `empty`, `*_like` …) make buffers, not results, and a variable used between its "
        "assignment and the comparison may have changed: neither counts as a reference from the kernel.";
    m.why =
        "A test that cannot fail reports green whatever the kernel does, so a wrong kernel ships with a passing "
        "test. Comparing the kernel with itself, or loosening the tolerance until it passes, are common ways "
        "generated tests end up proving nothing.";
    m.example = "```python\nout = fused_moe(x, w1, w2, topk_ids)\nref = fused_moe(x, w1, w2, topk_ids)\ntorch.testing.assert_close(out, ref)\n```";
    m.must_not_fire =
        "Two runs of the same call compared as a determinism check (neither variable is named as a reference); "
        "a reference from a different implementation (`ref = torch_moe(...)`); a tolerance that is tightened or "
        "unchanged; non-test files.";
    m.source = "—";
    m.messages = {
        {"always_true", "{path}:{line} asserts something that is always true ({code})",
         "The test passes whatever the kernel computes, so a wrong result goes unnoticed.",
         "assert on the kernel's output against an independent reference.",
         "what {path}:{line} is meant to check."},
        {"self_comparison", "{path}:{line} compares `{name}` with itself",
         "The comparison always passes, so the test cannot catch a wrong kernel result.",
         "compare the kernel output with an independent reference implementation.",
         "whether {path}:{line} was meant to compare the output with a reference."},
        {"reference_from_kernel", "The reference `{ref}` at {path}:{line} is computed by the same call as `{out}` ({call})",
         "Both sides come from the code under test, so the comparison passes even when that code is wrong.",
         "compute `{ref}` with an independent implementation (e.g. plain PyTorch).",
         "whether `{ref}` should come from an independent implementation rather than the same call."},
        {"loosened_tolerance", "{path}:{line} loosens `{param}` from {old} to {new}",
         "A looser tolerance can let a real numerical regression pass the test.",
         "explain why {param}={new} is the right bound (dtype, accumulation order), or keep {old}.",
         "why `{param}` had to grow from {old} to {new}, and whether that hides a real error."},
    };
    return m;
  }();
  return meta;
}

bool added(const CodeLine& line) { return is_new_code(line); }

bool reference_name(const std::string& name) {
  static const RE2 ref(R"((?i)^(?:ref|expected|golden|torch_out|ref_\w+|expected_\w+|golden_\w+|\w+_ref|\w+_expected|\w+_golden)$)");
  return RE2::FullMatch(name, ref);
}

class Ai3TestCannotFail final : public Rule {
 public:
  const RuleMeta& meta() const override { return ai3_meta(); }

  void check(const ReviewModel& model, std::vector<Finding>& out) const override {
    for (const FileView& file : model.files) {
      if (!file.is_test || file.language != Language::Python) continue;
      for (const HunkView& hunk : file.hunks) {
        check_lines(file, hunk, out);
        check_same_call(file, hunk, out);
        check_tolerances(file, hunk, out);
      }
    }
  }

 private:
  static void check_lines(const FileView& file, const HunkView& hunk, std::vector<Finding>& out) {
    static const RE2 always_true(R"(^assert\s+(?:True|1)\s*(?:,|$))");
    static const RE2 self_equal(R"(^assert\s+([\w.\[\]]+)\s*==\s*([\w.\[\]]+)\s*(?:,|$))");
    static const RE2 compare_call(
        R"(\b(?:assert_close|assert_allclose|allclose|isclose|checkAllclose|assert_equal|assert_array_equal|equal)\s*\(\s*([\w.\[\]]+)\s*,\s*([\w.\[\]]+)\s*[,)])");
    for (const CodeLine& line : hunk.lines) {
      if (!added(line) || !is_statement_start(line)) continue;
      const std::string code = trimmed(line.code);
      std::string a, b;
      if (RE2::PartialMatch(code, always_true)) {
        out.push_back(ai::line_finding("AI3", Severity::Warn, Tag::Verified, file, line, "always_true", {{"code", code}}));
      } else if ((RE2::PartialMatch(code, self_equal, &a, &b) || RE2::PartialMatch(code, compare_call, &a, &b)) && a == b) {
        out.push_back(ai::line_finding("AI3", Severity::Warn, Tag::Verified, file, line, "self_comparison", {{"name", a}}));
      }
    }
  }

  // `ref = f(x)` and `out = f(x)` (identical single-line calls) later compared with each other.
  static void check_same_call(const FileView& file, const HunkView& hunk, std::vector<Finding>& out) {
    static const RE2 call_assignment(R"(^(\w+)\s*=\s*([\w.]+\s*\(.*\))$)");
    // Tensor factories make buffers that are filled later, not results.
    static const RE2 factory(R"(^(?:torch\.)?(?:zeros|empty|ones|full|rand|randn|randint|arange|tensor|\w+_like|clone|deepcopy)\s*\()");
    static const RE2 comparison(R"(\b(?:assert_close|assert_allclose|allclose|isclose|checkAllclose|assert_equal|assert_array_equal|equal)\s*\(|^assert\b)");
    std::map<std::string, std::pair<std::string, const CodeLine*>> by_call;  // call text -> first target
    std::vector<std::tuple<std::string, std::string, std::string, const CodeLine*>> twins;  // ref, other, call, line
    for (const CodeLine& line : hunk.lines) {
      if (line.kind == LineKind::Removed || !is_statement_start(line)) continue;
      const std::string code = trimmed(line.code);
      std::string target, call;
      if (added(line) && RE2::FullMatch(code, call_assignment, &target, &call) && !RE2::PartialMatch(call, factory)) {
        auto [it, inserted] = by_call.emplace(call, std::make_pair(target, &line));
        if (!inserted && it->second.first != target) {
          const std::string& first = it->second.first;
          if (reference_name(first)) twins.emplace_back(first, target, call, it->second.second);
          else if (reference_name(target)) twins.emplace_back(target, first, call, &line);
        }
        continue;
      }
      const bool compares = RE2::PartialMatch(code, comparison);
      for (auto twin = twins.begin(); twin != twins.end();) {
        const auto& [ref, other, call, where] = *twin;
        const bool mentions_ref = has_identifier(code, ref), mentions_other = has_identifier(code, other);
        if (compares && mentions_ref && mentions_other) {
          out.push_back(ai::line_finding("AI3", Severity::Warn, Tag::Verified, file, *where, "reference_from_kernel",
                                         {{"ref", ref}, {"out", other}, {"call", call}}));
          return;
        }
        // Used in between (filled in place, passed to another call): the two may differ by then.
        twin = mentions_ref || mentions_other ? twins.erase(twin) : twin + 1;
      }
    }
  }

  // A removed `atol=`/`rtol=` value replaced by a larger one on the added line at the same
  // position of the same change block.
  static void check_tolerances(const FileView& file, const HunkView& hunk, std::vector<Finding>& out) {
    std::vector<const CodeLine*> removed, added_lines;
    auto flush = [&] {
      for (size_t i = 0; i < removed.size() && i < added_lines.size(); ++i) {
        for (const char* param : {"atol", "rtol"}) {
          const std::string old_value = value_of(removed[i]->code, param), new_value = value_of(added_lines[i]->code, param);
          if (old_value.empty() || new_value.empty()) continue;
          if (std::strtod(new_value.c_str(), nullptr) <= std::strtod(old_value.c_str(), nullptr)) continue;
          out.push_back(ai::line_finding("AI3", Severity::Note, Tag::Inferred, file, *added_lines[i], "loosened_tolerance",
                                         {{"param", param}, {"old", old_value}, {"new", new_value}}));
        }
      }
      removed.clear();
      added_lines.clear();
    };
    for (const CodeLine& line : hunk.lines) {
      if (line.kind == LineKind::Removed) {
        if (!added_lines.empty()) flush();
        removed.push_back(&line);
      } else if (added(line)) {
        added_lines.push_back(&line);
      } else {
        flush();
      }
    }
    flush();
  }

  static std::string value_of(const std::string& code, const std::string& param) {
    static const RE2 atol(R"(\batol\s*=\s*([0-9]*\.?[0-9]+(?:[eE]-?\d+)?))");
    static const RE2 rtol(R"(\brtol\s*=\s*([0-9]*\.?[0-9]+(?:[eE]-?\d+)?))");
    std::string value;
    RE2::PartialMatch(code, param == "atol" ? atol : rtol, &value);
    return value;
  }
};

}  // namespace

std::unique_ptr<Rule> make_ai3_test_cannot_fail() { return std::make_unique<Ai3TestCannotFail>(); }

}  // namespace atom
