// G1: a tensor written under a side stream and read on another stream with no wait between.
#include <memory>
#include <set>
#include <re2/re2.h>

#include "core/analysis/review_model.h"
#include "core/rules/d/dg_support.h"
#include "core/rules/d/python_chain.h"
#include "core/rules/rule.h"

namespace atom {
namespace {

const RuleMeta kMeta{
    .id = "G1",
    .slug = "cross-stream-read-without-wait",
    .category = "G",
    .default_severity = Severity::Red,
    .summary = "A tensor written on one CUDA stream is read on another with no `wait_stream`/"
               "`synchronize`/event wait between.",
    .what =
        "Finds a `with torch.cuda.stream(s):` block (or another `with …stream(…)` context) that "
        "is new or changed, collects the tensors its body assigns or fills in place (`x = …`, "
        "`x.copy_(…)`), and reports the first read of one of them after the block when no "
        "`wait_stream`, `wait_event`, `event.wait()` or `synchronize()` comes between.",
    .why =
        "Work on a side stream runs concurrently with the current stream. Reading its output "
        "without ordering the streams gives stale or half-written data — wrong routing, garbage "
        "rows — that depends on timing and batch size and rarely shows in small tests (ATOM#1121 "
        "routed experts from misaligned ids this way).",
    .example =
        "```python\nwith torch.cuda.stream(self.side_stream):\n    ids = all_gather(input_ids)\n"
        "topk = router(hidden, ids)   # current stream reads ids: no wait\n```\nUse instead: "
        "`torch.cuda.current_stream().wait_stream(self.side_stream)` before the read (and "
        "`ids.record_stream(...)` when the allocation crosses streams).",
    .must_not_fire =
        "A `wait_stream`, `wait_event`, `.wait()` on an event or a `synchronize()` between the "
        "block and the read; an event recorded inside the block (its consumer waits on it); a "
        "context on the current stream itself. When lines between the block "
        "and the read are not shown, the finding is inferred (warn).",
    .source = "checklist v2; ATOM#1121 (bug it would have caught)",
    .messages = {{
        .id = "read-without-wait",
        .problem = "`{tensor}` is written on stream `{stream}` (line {write_line}) and read at line {read_line} "
                   "on {consumer} with no wait between",
        .impact = "the read can see stale or half-written data: wrong output that depends on timing and "
                  "batch size",
        .action_verified = "order the streams before the read: `{consumer_stream}.wait_stream({stream})` or an "
                           "event recorded on `{stream}` and waited on",
        .action_inferred = "what orders `{stream}` before line {read_line} (the lines between are not all shown)",
    }},
    .line_patterns = {},
};

bool is_sync(const std::string& code) {
  static const RE2 kSync(R"(\b(wait_stream|wait_event|synchronize)\s*\(|\.wait\(\s*\))");
  return RE2::PartialMatch(code, kSync);
}

// A read of the tensor's data: reading only its metadata (.device, .shape, …) needs no wait.
bool reads_data(const std::string& statement, const std::string& tensor) {
  std::string without_metadata = statement;
  RE2 metadata("\\b" + RE2::QuoteMeta(tensor) + "\\.(device|dtype|shape|ndim|is_cuda|size\\(|numel\\(|dim\\()");
  RE2::GlobalReplace(&without_metadata, metadata, "_");
  return dg::reads_name(without_metadata, tensor);
}

class G1Rule : public Rule {
 public:
  const RuleMeta& meta() const override { return kMeta; }

  void check(const ReviewModel& model, std::vector<Finding>& out) const override {
    for (const FileView& file : model.files) {
      if (file.language != Language::Python || file.is_test) continue;
      for (const dg::FunctionSlice& slice : dg::new_side_functions(file)) check_function(file, slice, out);
    }
  }

 private:
  void check_function(const FileView& file, const dg::FunctionSlice& slice, std::vector<Finding>& out) const {
    static const RE2 kStreamContext(R"(^\s*with\s+(?:[\w.]*\.)?(?:stream|stream_ctx)\(\s*([^()]+?)\s*\)\s*:)");
    static const RE2 kInPlace(R"(^\s*([A-Za-z_]\w*)\.(copy_|fill_|zero_|index_copy_|scatter_)\()");
    const auto& lines = slice.lines;
    for (size_t i = 0; i < lines.size(); ++i) {
      std::string stream;
      if (!dg::is_statement_start(*lines[i]) || !RE2::PartialMatch(lines[i]->code, kStreamContext, &stream)) continue;
      if (stream.find("current_stream") != std::string::npos) continue;
      int indent = lines[i]->indent;
      bool touched = is_new_code(*lines[i]);
      bool block_whole = true;
      bool records_event = false;  // the block records an event: its consumer waits on it later
      std::map<std::string, const CodeLine*> written;
      size_t k = i + 1;
      for (; k < lines.size(); ++k) {
        const CodeLine& line = *lines[k];
        if (line.new_line != lines[k - 1]->new_line + 1) block_whole = false;
        if (!dg::is_statement_start(line)) continue;
        if (line.indent <= indent) break;
        touched |= is_new_code(line);
        size_t end = k;
        std::string statement = dg::statement_text(lines, k, &end);
        records_event |= statement.find(".record(") != std::string::npos;
        for (const std::string& name : dg::python_bound_names(statement)) written[name] = &line;
        std::string target;
        if (RE2::PartialMatch(statement, kInPlace, &target)) written[target] = &line;
        k = end;
      }
      if (!touched || records_event || written.empty() || k >= lines.size()) continue;
      report_first_read(file, lines, k, stream, written, block_whole, out);
    }
  }

  void report_first_read(const FileView& file, const std::vector<const CodeLine*>& lines, size_t after,
                         const std::string& stream, const std::map<std::string, const CodeLine*>& written,
                         bool block_whole, std::vector<Finding>& out) const {
    bool unseen = !block_whole;
    for (size_t k = after; k < lines.size(); ++k) {
      if (k > after && lines[k]->new_line != lines[k - 1]->new_line + 1) unseen = true;
      if (!dg::is_statement_start(*lines[k])) continue;
      size_t end = k;
      std::string statement = dg::statement_text(lines, k, &end);
      if (is_sync(statement)) return;
      for (const auto& [tensor, write_line] : written) {
        if (!reads_data(statement, tensor)) continue;
        Finding finding = dg::finding_at("G1", file, *lines[k], "read-without-wait",
                                         {{"tensor", tensor},
                                          {"stream", stream},
                                          {"write_line", std::to_string(write_line->new_line)},
                                          {"read_line", std::to_string(lines[k]->new_line)},
                                          {"consumer", "the current stream"},
                                          {"consumer_stream", "torch.cuda.current_stream()"}});
        if (unseen) {
          finding.tag = Tag::Inferred;
        } else {
          finding.severity = Severity::Red;
          finding.trigger = "`" + tensor + "` produced on stream `" + stream + "` (line " +
                            std::to_string(write_line->new_line) + "), consumed on the current stream at line " +
                            std::to_string(lines[k]->new_line);
        }
        dg::add_unique(out, std::move(finding));
        return;
      }
      k = end;
    }
  }
};

}  // namespace

std::unique_ptr<Rule> make_g1_cross_stream_read() { return std::make_unique<G1Rule>(); }

}  // namespace atom
