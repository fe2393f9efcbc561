// G1b: a blocking queue get() with no timeout in a `while True:` worker of serving code.
#include <memory>
#include <re2/re2.h>

#include "core/analysis/review_model.h"
#include "core/rules/d/dg_support.h"
#include "core/rules/d/python_chain.h"
#include "core/rules/rule.h"

namespace atom {
namespace {

const RuleMeta kMeta{
    .id = "G1b",
    .slug = "blocking-queue-get-in-worker",
    .category = "G",
    .default_severity = Severity::Warn,
    .summary = "A queue get() with no timeout inside a `while True:` worker loop of serving code.",
    .what =
        "In serving code (`atom/entrypoints/**`, `atom/model_engine/**`, files named `*server*.py` "
        "or `*scheduler*.py`), finds a new `queue.get()` / `await queue.get()` call without a "
        "timeout inside a `while True:` loop whose body has no `Empty`/`TimeoutError` handling and "
        "no way out (`break`/`return` on a done flag or sentinel).",
    .why =
        "A worker blocked forever on an empty queue cannot notice shutdown, a dead peer or a "
        "cancelled request: the server hangs on exit or leaks the thread, and the hang shows up "
        "only under load or during restarts.",
    .example =
        "```python\nwhile True:\n    req = self.input_queue.get()   # blocks forever at shutdown\n"
        "    self.handle(req)\n```\nUse instead: `get(timeout=…)` with `except queue.Empty: "
        "continue` and a stop flag, or a sentinel that breaks the loop.",
    .must_not_fire =
        "Tests, CLIs and one-shot scripts (not serving code); `get(timeout=…)`, `get_nowait()`, "
        "`asyncio.wait_for(q.get(), …)`; a loop that catches `Empty`/`TimeoutError` or breaks/"
        "returns on a done flag or sentinel; hand-offs through `loop.call_soon_threadsafe` "
        "(ATOM#789).",
    .source = "ATOM#789 (must not fire)",
    .messages = {{
        .id = "blocking-get",
        .problem = "`{call}` blocks with no timeout inside the `while True:` worker loop at line {loop_line}, "
                   "with no Empty/Timeout handling or exit",
        .impact = "the worker hangs forever when the producer stops: the server cannot shut down cleanly "
                  "and a dead peer is never noticed",
        .action_verified = "pass a timeout and handle `queue.Empty`/`TimeoutError` with a stop flag, "
                           "or break the loop on a sentinel",
        .action_inferred = "how the worker loop at line {loop_line} exits when the queue stays empty "
                           "(part of the loop is outside the diff)",
    }},
    .line_patterns = {},
};

bool is_serving_path(const std::string& path) {
  static const RE2 kServing(R"((^|/)atom/(entrypoints|model_engine)/|(^|/)[^/]*(server|scheduler)[^/]*\.py$)");
  return RE2::PartialMatch(path, kServing);
}

struct Loop {
  size_t header = 0, end = 0;  // [header, end) in the slice
  bool whole = true;           // consecutive lines and the end is visible
};

Loop read_loop(const std::vector<const CodeLine*>& lines, size_t header) {
  Loop loop{header, lines.size(), true};
  for (size_t k = header + 1; k < lines.size(); ++k) {
    if (lines[k]->new_line != lines[k - 1]->new_line + 1) loop.whole = false;
    if (dg::is_statement_start(*lines[k]) && lines[k]->indent <= lines[header]->indent) {
      loop.end = k;
      return loop;
    }
  }
  loop.whole = false;
  return loop;
}

class G1bRule : public Rule {
 public:
  const RuleMeta& meta() const override { return kMeta; }

  void check(const ReviewModel& model, std::vector<Finding>& out) const override {
    static const RE2 kWhileTrue(R"(^\s*while\s+(True|1)\s*:)");
    static const RE2 kHandled(R"(\b(Empty|TimeoutError|wait_for|get_nowait)\b|\btimeout\s*=)");
    static const RE2 kExit(R"(^\s*(break|return)\b)");
    static const RE2 kHandoff(R"(\bcall_soon_threadsafe\b)");
    for (const FileView& file : model.files) {
      if (file.language != Language::Python || file.is_test || !is_serving_path(file.path)) continue;
      for (const dg::FunctionSlice& slice : dg::new_side_functions(file)) {
        const auto& lines = slice.lines;
        bool hands_off = false;
        for (const CodeLine* line : lines) hands_off |= RE2::PartialMatch(line->code, kHandoff);
        if (hands_off) continue;
        for (size_t i = 0; i < lines.size(); ++i) {
          if (!dg::is_statement_start(*lines[i]) || !RE2::PartialMatch(lines[i]->code, kWhileTrue)) continue;
          Loop loop = read_loop(lines, i);
          bool handled = false;
          for (size_t k = i + 1; k < loop.end; ++k)
            handled |= RE2::PartialMatch(lines[k]->code, kHandled) || RE2::PartialMatch(lines[k]->code, kExit);
          if (handled) continue;
          report_gets(file, lines, loop, out);
        }
      }
    }
  }

 private:
  void report_gets(const FileView& file, const std::vector<const CodeLine*>& lines, const Loop& loop,
                   std::vector<Finding>& out) const {
    static const RE2 kGet(R"(((?:await\s+)?[A-Za-z_][\w.]*\.get\(\s*(?:block\s*=\s*True\s*)?\)))");
    for (size_t k = loop.header + 1; k < loop.end; ++k) {
      const CodeLine& line = *lines[k];
      std::string call;
      if (!is_new_code(line) || !RE2::PartialMatch(line.code, kGet, &call)) continue;
      Finding finding = dg::finding_at("G1b", file, line, "blocking-get",
                                       {{"call", call}, {"loop_line", std::to_string(lines[loop.header]->new_line)}});
      if (!loop.whole) finding.tag = Tag::Inferred;
      dg::add_unique(out, std::move(finding));
    }
  }
};

}  // namespace

std::unique_ptr<Rule> make_g1b_blocking_queue_get() { return std::make_unique<G1bRule>(); }

}  // namespace atom
