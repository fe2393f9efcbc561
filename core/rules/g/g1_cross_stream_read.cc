// G1: a tensor written under a side stream and read on another stream with no wait between.
#include <map>
#include <memory>
#include <set>
#include <string_view>
#include <re2/re2.h>

#include "core/analysis/before_parsing.h"
#include "core/analysis/changed_lines.h"
#include "core/analysis/file_trees.h"
#include "core/analysis/python_nodes.h"
#include "core/analysis/review_model.h"
#include "core/analysis/syntax_text.h"
#include "core/rules/rule.h"
#include "core/rules/finding_at.h"

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
        .trigger = "`{tensor}` produced on stream `{stream}` (line {write_line}), consumed on {consumer} at line {read_line}",
    }},
    .line_patterns = {},
};

// `torch.cuda.stream(s)` / `stream(s)` / `stream_ctx(s)` with one argument: the stream's text.
std::string side_stream_of(const syntax::SyntaxTree& tree, syntax::Node with) {
  for (syntax::Node clause : with.named_children()) {
    if (clause.kind() != "with_clause") continue;
    for (syntax::Node item : clause.named_children()) {
      const syntax::Node call = item.field("value");
      if (call.kind() != "call") continue;
      const std::string_view name = ast::callee_name(tree, call);
      if (name != "stream" && name != "stream_ctx") continue;
      const std::vector<syntax::Node> arguments = call.field("arguments").named_children();
      if (arguments.size() != 1 || arguments[0].kind() == "keyword_argument") continue;
      std::string stream = ast::one_line(tree.text(arguments[0]));
      if (stream.find("current_stream") == std::string::npos) return stream;
    }
  }
  return {};
}

bool is_sync(const syntax::SyntaxTree& tree, syntax::Node call) {
  const std::string_view name = ast::callee_name(tree, call);
  if (name == "wait_stream" || name == "wait_event" || name == "synchronize") return true;
  return name == "wait" && call.field("function").kind() == "attribute" && call.field("arguments").named_child_count() == 0;
}

// An identifier that reads the tensor's data: not a store target, a keyword's name, an
// attribute's name, nor the object of a metadata read (`.device`, `.shape`, `.size()` …).
bool reads_data(const syntax::SyntaxTree& tree, syntax::Node identifier) {
  static const std::set<std::string_view> kMetadata = {"device", "dtype", "shape", "ndim", "is_cuda",
                                                       "size",   "numel", "dim"};
  const syntax::Node parent = identifier.parent();
  const std::string_view kind = parent.kind();
  if ((kind == "assignment" || kind == "augmented_assignment") && parent.field("left") == identifier)
    return kind == "augmented_assignment";
  if (kind == "keyword_argument" && parent.field("name") == identifier) return false;
  if (kind == "attribute") {
    if (parent.field("attribute") == identifier) return false;
    if (kMetadata.count(tree.text(parent.field("attribute")))) return false;
  }
  if (kind == "pattern_list" || kind == "tuple_pattern") return false;
  return true;
}

// What the block writes: names it binds, and tensors it fills in place (`x.copy_(…)`).
std::map<std::string, int> written_in(const ast::FileSyntax& part, syntax::Node body, const std::string& function) {
  static const std::set<std::string_view> kInPlace = {"copy_", "fill_", "zero_", "index_copy_", "scatter_"};
  const syntax::SyntaxTree& tree = part.tree;
  const ast::LineRange range{tree.start_line(body), tree.end_line(body)};
  std::map<std::string, int> written;
  for (const ast::PyBinding& binding : part.python().bindings)
    if (range.contains(binding.line) && binding.function == function && binding.target == ast::PyTarget::Name &&
        binding.form != ast::PyBindingForm::Comprehension)
      written[binding.name] = binding.line;
  syntax::walk(body, [&](syntax::Node node) {
    if (ast::is_python_scope(node)) return false;
    if (node.kind() != "call") return true;
    const syntax::Node callee = node.field("function");
    if (callee.kind() == "attribute" && callee.field("object").kind() == "identifier" &&
        kInPlace.count(tree.text(callee.field("attribute"))) && node.parent().kind() == "expression_statement")
      written[std::string(tree.text(callee.field("object")))] = tree.start_line(node);
    return true;
  });
  return written;
}

bool records_event(const syntax::SyntaxTree& tree, syntax::Node body) {
  bool found = false;
  syntax::walk(body, [&](syntax::Node node) {
    if (node.kind() == "call" && node.field("function").kind() == "attribute" &&
        tree.text(node.field("function").field("attribute")) == "record")
      found = true;
    return !found;
  });
  return found;
}

// side_stream_of needs a call whose callee ends in `stream` or `stream_ctx`, written with its
// argument list; a file whose text has no such call has no block to check.
bool may_switch_streams(const FileView& file) {
  static const RE2 kStreamCall(R"(\bstream(?:_ctx)?\s*\()");
  if (file.source == ReviewSource::Whole) return RE2::PartialMatch(file.head_text, kStreamCall);
  return head_shows(file, "stream");
}

class G1Rule : public Rule {
 public:
  const RuleMeta& meta() const override { return kMeta; }

  // Each `with …stream(s):` block of the head's trees that the PR touched, then the rest of its
  // function in source order up to a wait.
  void check(const ReviewModel& model, std::vector<Finding>& out) const override {
    for (const FileView& file : model.files) {
      if (file.language != Language::Python || file.is_test || !may_switch_streams(file)) continue;
      const ChangedLines changed = changed_lines(file);
      if (changed.written.empty()) continue;
      std::set<int> reported;
      for (const ast::FileSyntax& part : head_trees(file).parts)
        syntax::walk(part.tree.root(), [&](syntax::Node node) {
          if (node.kind() == "with_statement") check_block(file, part, node, changed, reported, out);
          return true;
        });
    }
  }

 private:
  void check_block(const FileView& file, const ast::FileSyntax& part, syntax::Node with,
                   const ChangedLines& changed, std::set<int>& reported, std::vector<Finding>& out) const {
    const syntax::SyntaxTree& tree = part.tree;
    const std::string stream = side_stream_of(tree, with);
    if (stream.empty()) return;
    const int first = tree.start_line(with), last = tree.end_line(with);
    if (!changed.writes_any({first, last})) return;
    const syntax::Node body = with.field("body");
    if (records_event(tree, body)) return;
    const ast::PyFunction* function = ast::function_at(part.python(), first);
    const std::map<std::string, int> written = written_in(part, body, function ? function->qualified : "");
    if (written.empty()) return;
    const syntax::Node scope = ast::enclosing_function_or_root(with);
    bool done = false;
    syntax::walk(scope, [&](syntax::Node node) {
      if (done || node.end_byte() <= with.end_byte()) return false;  // the block itself, or what precedes it
      if (node.start_byte() < with.end_byte()) return true;          // holds the block: read on after it
      if (ast::is_python_scope(node) && !(node == scope)) return false;
      if (node.kind() == "call" && is_sync(tree, node)) return !(done = true);
      if (node.kind() != "identifier") return true;
      const auto tensor = written.find(std::string(tree.text(node)));
      if (tensor == written.end() || !reads_data(tree, node)) return true;
      done = true;
      const int read_line = tree.start_line(node);
      if (reported.insert(read_line).second)
        out.push_back(finding(file, tensor->first, stream, tensor->second, read_line, !with.has_error() && !scope.has_error()));
      return false;
    });
  }

  static Finding finding(const FileView& file, const std::string& tensor, const std::string& stream, int write_line,
                         int read_line, bool seen_whole) {
    Finding finding = finding_at("G1", Severity::Warn, Tag::Verified, file, read_line, "read-without-wait",
                                 {{"tensor", tensor},
                                  {"stream", stream},
                                  {"write_line", std::to_string(write_line)},
                                  {"read_line", std::to_string(read_line)},
                                  {"consumer", "the current stream"},
                                  {"consumer_stream", "torch.cuda.current_stream()"}});
    if (!seen_whole) {
      finding.tag = Tag::Inferred;
    } else {
      finding.severity = Severity::Red;
      finding.trigger.emplace();
    }
    return finding;
  }
};

}  // namespace

std::unique_ptr<Rule> make_g1_cross_stream_read() { return std::make_unique<G1Rule>(); }

}  // namespace atom
