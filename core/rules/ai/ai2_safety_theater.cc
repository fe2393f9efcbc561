// AI2 — safety theater: code that looks like a safeguard but guards nothing (an exception
// swallowed whole, a guard that can never run, a check after the function already returned).
#include <memory>
#include <re2/re2.h>
#include "core/analysis/structure.h"
#include "core/rules/ai/ai_support.h"
#include "core/rules/rule.h"

namespace atom {
namespace {

const RuleMeta& ai2_meta() {
  static const RuleMeta meta = [] {
    RuleMeta m;
    m.id = "AI2";
    m.slug = "safety-theater";
    m.category = "AI";
    m.default_severity = Severity::Warn;
    m.summary = "A safeguard that guards nothing: a swallowed exception, an unreachable guard, a check after return.";
    m.what =
        "On added lines: a bare `except:` or `except Exception` / `except BaseException` (with or without "
        "`as e`) whose whole body is `pass` or `...` (a note: often deliberate, worth asking); C++ `catch (...) "
        "{}` with an empty body (a note); an `if False:`, `if 0:`, `while False:` guard (warn); a statement "
        "added directly after a `return` or `raise` at the same indentation of the same block (warn: it never "
        "runs — typically an `assert` or a check placed too late).";
    m.why =
        "These read like error handling or validation but do nothing: a swallowed exception turns a crash into "
        "silently wrong output or a hang later, and an unreachable check gives false confidence. Plausible-"
        "looking but inert safeguards are a typical sign of generated code that was not run.";
    m.example = "```python\ntry:\n    scale = layer.weight_scale.float()\nexcept Exception:\n    pass\n```";
    m.must_not_fire =
        "A specific exception (`except ImportError: pass`); a comment giving a reason (three or more words once "
        "lint directives such as `noqa: BLE001` are removed) on the `except` line or in its body, or a `/* … */` "
        "inside an empty C++ catch; a `try` that only imports (an optional dependency) or makes one releasing "
        "call (`abort…`, `close`, `unpin…`, `release…`, `cancel…`, `shutdown`, `join` …) or one logging call "
        "(`logger.warning(…)`, `print(…)`); best-effort cleanup "
        "functions (`__del__`, `__exit__`, `close`, `cleanup`, `shutdown`, `teardown`); `yield` right after "
        "`return` (the empty-generator idiom); a statement after `return` at a lower indentation (another "
        "block).";
    m.source = "—";
    m.messages = {
        {"swallowed_exception", "{path}:{line} catches every exception and does nothing ({code})",
         "Any error on the guarded path (a wrong shape, a missing attribute) is hidden, and the code goes on with "
         "stale or unset values: wrong output or a crash far from the cause.",
         "catch the specific exception that is expected, or let it propagate; if ignoring it is right, say why in "
         "a comment.",
         "which error {path}:{line} is meant to ignore, and whether swallowing every exception hides real failures."},
        {"unreachable_guard", "{path}:{line} adds a guard that can never run ({code})",
         "The code under it is dead, so whatever it was meant to check or handle is not checked.",
         "remove the dead guard or make its condition real.",
         "what {path}:{line} was meant to guard, since its condition is always false."},
        {"after_return", "{path}:{line} comes right after a `return`/`raise` in the same block and never runs ({code})",
         "The check or statement is dead code: whatever it was meant to enforce is not enforced.",
         "move it before the `return`/`raise`, or remove it.",
         "whether {path}:{line} was meant to run before the `return`/`raise`."},
    };
    return m;
  }();
  return meta;
}

bool best_effort_cleanup(const CodeLine& line) {
  for (const char* name : {"__del__", "__exit__", "close", "cleanup", "shutdown", "teardown"})
    if (in_function(line, name)) return true;
  return false;
}

// The next statement after lines[index] in `lines`, or lines.size().
size_t next_statement(const SideLines& lines, size_t index) {
  for (size_t i = index + 1; i < lines.size(); ++i)
    if (is_statement_start(*lines[i])) return i;
  return lines.size();
}

bool added(const CodeLine& line) { return is_new_code(line); }

class Ai2SafetyTheater final : public Rule {
 public:
  const RuleMeta& meta() const override { return ai2_meta(); }

  void check(const ReviewModel& model, std::vector<Finding>& out) const override {
    for (const FileView& file : model.files) {
      if (file.language == Language::Python) check_python(file, out);
      if (file.language == Language::Cpp) check_cpp(file, out);
    }
  }

 private:
  static void check_python(const FileView& file, std::vector<Finding>& out) {
    static const RE2 broad_except(R"(^except(?:\s+\(?\s*(?:Exception|BaseException)\s*\)?(?:\s+as\s+\w+)?)?\s*:\s*(pass|\.\.\.)?$)");
    static const RE2 never(R"(^(?:if|elif|while)\s+(?:False|0)\s*:)");
    static const RE2 exits(R"(^(?:return|raise)\b)");
    // `return` then `yield` makes an empty generator on purpose.
    static const RE2 generator_idiom(R"(^yield\b)");
    for (const HunkView& hunk : file.hunks) {
      const SideLines lines = side_lines(hunk, Side::New);
      for (size_t i = 0; i < lines.size(); ++i) {
        const CodeLine& line = *lines[i];
        if (!added(line) || !is_statement_start(line)) continue;
        const std::string code = trimmed(line.code);
        std::string inline_body;
        if (RE2::FullMatch(code, broad_except, &inline_body)) {
          if (swallows(lines, i, inline_body, file.language)) out.push_back(at(file, line, "swallowed_exception", code, Severity::Note));
        } else if (RE2::PartialMatch(code, never)) {
          out.push_back(at(file, line, "unreachable_guard", code, Severity::Warn));
        } else if (RE2::PartialMatch(code, exits)) {
          const size_t next = next_statement(lines, i);
          if (next < lines.size() && added(*lines[next]) && lines[next]->indent == line.indent &&
              lines[next]->function == line.function && !RE2::PartialMatch(trimmed(lines[next]->code), generator_idiom))
            out.push_back(at(file, *lines[next], "after_return", trimmed(lines[next]->code), Severity::Warn));
        }
      }
    }
  }

  // The except clause at lines[index] has nothing but `pass`/`...` as its body, and nothing says
  // why: no comment giving a reason (on the `except` line or in its body), not best-effort
  // cleanup, and its `try` does not only import (an optional dependency) or make one cleanup call.
  static bool swallows(const SideLines& lines, size_t index, const std::string& inline_body, Language language) {
    static const RE2 inert(R"(^(?:pass|\.\.\.)$)");
    const CodeLine& header = *lines[index];
    if (best_effort_cleanup(header) || ai::comment_gives_reason(ai::comment_of(header, language))) return false;
    if (inline_body.empty()) {
      const size_t body = next_statement(lines, index);
      if (body >= lines.size() || lines[body]->indent <= header.indent) return false;
      if (!RE2::FullMatch(trimmed(lines[body]->code), inert)) return false;
      for (size_t i = index + 1; i <= body; ++i)
        if (ai::comment_gives_reason(ai::comment_of(*lines[i], language))) return false;
      const size_t after = next_statement(lines, body);
      if (after >= lines.size() || lines[after]->indent > header.indent) return false;
    }
    return !harmless_try(lines, index);
  }

  // The `try:` before the except clause at lines[index] guards only imports, or one call that
  // releases something (abort, close, unpin, release, cancel …) or logs: failing there is tolerable.
  static bool harmless_try(const SideLines& lines, size_t index) {
    static const RE2 import(R"(^(?:import|from)\s)");
    static const RE2 cleanup_call(
        R"((?:^|\.)(?:abort|close|unpin|release|cancel|shutdown|stop|kill|cleanup|unregister|remove|delete|free|join|terminate|unlink|rmtree|disconnect|debug|info|warning|warn|print)\w*\s*\()");
    const int indent = lines[index]->indent;
    size_t try_line = index;
    while (try_line > 0) {
      --try_line;
      const CodeLine& line = *lines[try_line];
      if (!is_statement_start(line) || line.indent > indent) continue;
      if (line.indent < indent || trimmed(line.code).rfind("try", 0) != 0) return false;
      break;
    }
    if (try_line == index || trimmed(lines[try_line]->code).rfind("try", 0) != 0) return false;
    std::vector<std::string> statements;
    for (size_t i = try_line + 1; i < index; ++i)
      if (is_statement_start(*lines[i])) statements.push_back(trimmed(lines[i]->code));
    if (statements.empty()) return false;
    bool only_imports = true;
    for (const std::string& statement : statements) only_imports = only_imports && RE2::PartialMatch(statement, import);
    return only_imports || (statements.size() == 1 && RE2::PartialMatch(statements[0], cleanup_call));
  }

  static void check_cpp(const FileView& file, std::vector<Finding>& out) {
    static const RE2 empty_catch(R"(\bcatch\s*\(\s*\.\.\.\s*\)\s*\{\s*\})");
    for (const HunkView& hunk : file.hunks)
      for (const CodeLine& line : hunk.lines)
        // A `/* why */` inside the braces is a reason; a trailing `//` comment is not part of the body.
        if (added(line) && line.diff->text.find("/*") == std::string::npos && RE2::PartialMatch(line.code, empty_catch))
          out.push_back(at(file, line, "swallowed_exception", trimmed(line.code), Severity::Note));
  }

  static Finding at(const FileView& file, const CodeLine& line, const char* message_id, const std::string& code,
                    Severity severity) {
    return ai::line_finding("AI2", severity, Tag::Verified, file, line, message_id, {{"code", code}});
  }
};

}  // namespace

std::unique_ptr<Rule> make_ai2_safety_theater() { return std::make_unique<Ai2SafetyTheater>(); }

}  // namespace atom
