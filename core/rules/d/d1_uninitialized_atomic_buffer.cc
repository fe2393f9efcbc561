// D1: a freshly allocated (uninitialised) buffer handed to a kernel that reduces atomically into it.
#include <map>
#include <set>
#include <memory>
#include <re2/re2.h>

#include "core/analysis/review_model.h"
#include "core/rules/d/d1_hip_launches.h"
#include "core/rules/d/dg_support.h"
#include "core/rules/rule.h"

namespace atom {
namespace {

const RuleMeta kMeta{
    .id = "D1",
    .slug = "uninitialized-atomic-buffer",
    .category = "D",
    .default_severity = Severity::Red,
    .summary = "A freshly allocated `torch.empty`/`::empty()` buffer is passed to a kernel that reduces "
               "atomically into it.",
    .what =
        "Finds a new `X = torch.empty(…)` / `torch.empty_like` buffer (Python) or a new "
        "`X = <ns>::empty(…)` (`AiterTensor::empty`, `torch::empty`, `at::empty_like`; C++/HIP, the "
        "statement may span lines) passed to a kernel launch in the same function (`kernel[grid](…)`, "
        "`kernel<<<…>>>(…)`, the buffer or its `data_ptr()`), where the kernel (a Triton or "
        "`__global__` HIP kernel shown in the diff) applies an atomic (`tl.atomic_add/max/min`, "
        "`atomicAdd`, `atomicMax`, `atomic_fmax_pos`, …) to the parameter that receives the buffer, "
        "with no `zero_()`/`fill_()`/memset between the allocation and the launch. The finding sits on "
        "the allocation, where the fix goes. A buffer named like an amax buffer (`*amax*`) passed to a "
        "kernel not shown is reported as inferred; a HIP kernel whose whole body is shown without an "
        "atomic on that parameter is not reported, nor are later launches reading what it wrote.",
    .why =
        "An atomic reduction starts from whatever the buffer holds: `torch.empty` memory is "
        "garbage from the caching allocator, so the max/sum is wrong whenever the old bytes "
        "happen to win — nondeterministically and mostly at production sizes (aiter#4015).",
    .example =
        "```python\namax = torch.empty((1,), dtype=torch.float32, device=x.device)\n"
        "_amax_kernel[grid](x, amax, n)   # kernel: tl.atomic_max(amax_ptr, local_max)\n```\n"
        "Use instead: `torch.zeros(...)` (or `amax.zero_()` before the launch).",
    .must_not_fire =
        "The buffer is zeroed (`torch.zeros`, `::zeros`, `.zero_()`, `.fill_(…)`, memset) before the "
        "launch; the kernel only stores into it (aiter#4015's `q_partial_amax`: every slot written with a "
        "plain store). Red for atomic reductions (add/max/min/fmax); warn for other "
        "atomics and for name-based (inferred) cases.",
    .source = "aiter#4015",
    .messages = {{
        .id = "atomic-into-empty",
        .problem = "`{buffer}` is allocated uninitialised at line {alloc_line} and passed to `{kernel}`, which "
                   "reduces into it with {atomic?`{atomic}`}{!atomic?an atomic max (inferred from the name)}",
        .impact = "the reduction starts from garbage left by the allocator: wrong max/sum, nondeterministic "
                  "across runs",
        .action_verified = "allocate `{buffer}` with `torch.zeros` (or zero it) before launching `{kernel}`",
        .action_inferred = "whether `{kernel}` accumulates into `{buffer}` (atomics) and, if so, why it need not "
                           "be zeroed",
        .trigger = "`{buffer}` allocated uninitialised (line {alloc_line}) into `{kernel}`, which applies {atomic} to it",
    }},
    .line_patterns = {},
};

struct AtomicKernel {
  std::vector<std::string> params;
  std::map<std::string, std::string> atomic_params;  // param → atomic op used on it
};

// Python (Triton) kernels shown in the diff whose body applies an atomic to one of their parameters.
std::map<std::string, AtomicKernel> atomic_kernels(const ReviewModel& model) {
  static const RE2 kAtomic(
      R"(\b(tl\.atomic_\w+|atomicAdd|atomicMax|atomicMin|atomic_fmax|atomic_add|atomic_max|unsafeAtomicAdd)\s*\(\s*&?\s*(\w+))");
  std::map<std::string, AtomicKernel> kernels;
  for (const FileView& file : model.files) {
    if (file.language != Language::Python) continue;
    for (const dg::FunctionSlice& slice : dg::new_side_functions(file)) {
      if (slice.function.empty() || slice.lines.empty()) continue;
      std::string name = slice.function.substr(slice.function.find_last_of(".:") == std::string::npos
                                                   ? 0
                                                   : slice.function.find_last_of(".:") + 1);
      AtomicKernel kernel;
      size_t end = 0;
      std::string header = dg::statement_text(slice.lines, 0, &end);
      if (dg::python_def_name(header) == name)
        for (const dg::Param& param : dg::python_params(header)) kernel.params.push_back(param.name);
      for (const CodeLine* line : slice.lines) {
        re2::StringPiece input(line->code);
        std::string op, target;
        while (RE2::FindAndConsume(&input, kAtomic, &op, &target)) kernel.atomic_params.emplace(target, op);
      }
      if (!kernel.atomic_params.empty()) kernels[name] = std::move(kernel);
    }
  }
  return kernels;
}

bool is_reduction(const std::string& op) {
  static const RE2 kReduction(R"((?i)(add|max|min))");
  return RE2::PartialMatch(op, kReduction);
}

struct Launch {
  std::string kernel;
  std::vector<std::string> arguments;
};

// `kernel[grid](args)` or `kernel(args)`. The grid may index once more inside its brackets:
// `kernel[(x.shape[0],)](args)`.
std::optional<Launch> launch_in(const std::string& statement) {
  static const RE2 kLaunch(R"((\w+)\s*(?:\[(?:[^\[\]]|\[[^\]]*\])*\])?\s*\()");
  re2::StringPiece input(statement);
  std::string kernel;
  std::optional<Launch> found;
  while (RE2::FindAndConsume(&input, kLaunch, &kernel)) {
    Launch launch{kernel, {}};
    int depth = 1;
    std::string current;
    for (size_t i = static_cast<size_t>(input.data() - statement.data()); i < statement.size() && depth > 0; ++i) {
      char c = statement[i];
      if (c == '(' || c == '[' || c == '{') ++depth;
      if (c == ')' || c == ']' || c == '}') --depth;
      if ((c == ',' && depth == 1) || depth == 0) {
        launch.arguments.emplace_back(dg::trim(current));
        current.clear();
        continue;
      }
      current += c;
    }
    if (!found || launch.arguments.size() > found->arguments.size()) found = launch;
  }
  return found;
}

class D1Rule : public Rule {
 public:
  const RuleMeta& meta() const override { return kMeta; }

  void check(const ReviewModel& model, std::vector<Finding>& out) const override {
    std::map<std::string, AtomicKernel> kernels = atomic_kernels(model);
    std::map<std::string, d1::HipKernel> hip_kernels;
    for (const FileView& file : model.files)
      if (file.language == Language::Cpp) d1::read_hip_kernels(file, hip_kernels);
    for (const FileView& file : model.files) {
      if (file.is_test || file.language == Language::Other) continue;
      if (file.language == Language::Cpp) {
        check_hip_file(file, hip_kernels, out);
        continue;
      }
      for (const dg::FunctionSlice& slice : dg::new_side_functions(file)) check_function(file, slice, kernels, out);
    }
  }

 private:
  static bool named_like_amax(const std::string& buffer) { return RE2::PartialMatch(buffer, R"((?i)amax)"); }

  void check_hip_file(const FileView& file, const std::map<std::string, d1::HipKernel>& kernels,
                      std::vector<Finding>& out) const {
    std::set<const CodeLine*> written;  // allocations a shown kernel fills with plain stores first
    for (const d1::HipBufferLaunch& launch : d1::hip_buffer_launches(file)) {
      if (written.count(launch.allocation)) continue;  // later launches read what that kernel wrote
      std::string atomic;
      if (auto kernel = kernels.find(launch.kernel); kernel != kernels.end()) {
        const std::vector<std::string>& params = kernel->second.params;
        if (launch.position < params.size())
          if (auto hit = kernel->second.atomic_params.find(params[launch.position]); hit != kernel->second.atomic_params.end())
            atomic = hit->second;
        if (atomic.empty() && kernel->second.body_in_view) {  // the whole kernel is shown: no atomic there
          written.insert(launch.allocation);
          continue;
        }
      }
      if (atomic.empty() && !named_like_amax(launch.buffer)) continue;
      report(file, *launch.allocation, launch.buffer, launch.kernel, atomic, out);
    }
  }

  // One finding on the allocation (where the fix goes); `atomic` empty = inferred from the name.
  void report(const FileView& file, const CodeLine& alloc, const std::string& buffer, const std::string& kernel,
              const std::string& atomic, std::vector<Finding>& out) const {
    Finding finding = dg::finding_at("D1", file, alloc, "atomic-into-empty",
                                     {{"buffer", buffer}, {"alloc_line", std::to_string(alloc.new_line)}, {"kernel", kernel}});
    if (!atomic.empty()) finding.fields["atomic"] = atomic;
    if (atomic.empty()) {
      finding.tag = Tag::Inferred;
    } else if (is_reduction(atomic)) {
      finding.severity = Severity::Red;
      finding.trigger.emplace();
    }
    dg::add_unique(out, std::move(finding));
  }

  void check_function(const FileView& file, const dg::FunctionSlice& slice,
                      const std::map<std::string, AtomicKernel>& kernels, std::vector<Finding>& out) const {
    static const RE2 kEmpty(R"(^\s*(\w+)\s*(?::[^=]*)?=\s*torch\.empty(?:_like)?\()");
    const auto& lines = slice.lines;
    for (size_t i = 0; i < lines.size(); ++i) {
      std::string buffer;
      if (!is_new_code(*lines[i]) || !RE2::PartialMatch(lines[i]->code, kEmpty, &buffer)) continue;
      RE2 zeroed("\\b" + RE2::QuoteMeta(buffer) + "\\s*(\\.(zero_|fill_)\\(|\\[[^\\]]*\\]\\s*=\\s*0)|[Mm]emset\\w*\\(\\s*" +
                 RE2::QuoteMeta(buffer));
      for (size_t k = i + 1; k < lines.size(); ++k) {
        if (RE2::PartialMatch(lines[k]->code, zeroed)) break;
        if (!dg::is_statement_start(*lines[k])) continue;
        size_t end = k;
        std::string statement = dg::statement_text(lines, k, &end);
        if (dg::has_name(statement, buffer) && report_launch(file, *lines[i], buffer, statement, kernels, out))
          break;
        k = end;
      }
    }
  }

  bool report_launch(const FileView& file, const CodeLine& alloc, const std::string& buffer, const std::string& statement,
                     const std::map<std::string, AtomicKernel>& kernels,
                     std::vector<Finding>& out) const {
    std::optional<Launch> launch = launch_in(statement);
    if (!launch) return false;
    size_t position = launch->arguments.size();
    std::string keyword;
    for (size_t p = 0; p < launch->arguments.size(); ++p) {
      const std::string& argument = launch->arguments[p];
      if (!dg::has_name(argument, buffer)) continue;
      position = p;
      size_t eq = argument.find('=');
      if (eq != std::string::npos && argument.find("==") == std::string::npos) keyword = std::string(dg::trim(argument.substr(0, eq)));
      break;
    }
    if (position == launch->arguments.size()) return false;
    std::string atomic;
    auto kernel = kernels.find(launch->kernel);
    if (kernel != kernels.end()) {
      std::string param = !keyword.empty() ? keyword
                          : position < kernel->second.params.size() ? kernel->second.params[position]
                                                                    : std::string();
      auto hit = kernel->second.atomic_params.find(param);
      if (hit != kernel->second.atomic_params.end()) atomic = hit->second;
    }
    if (atomic.empty() && !named_like_amax(buffer)) return false;
    report(file, alloc, buffer, launch->kernel, atomic, out);
    return true;
  }
};

}  // namespace

std::unique_ptr<Rule> make_d1_uninitialized_atomic_buffer() { return std::make_unique<D1Rule>(); }

}  // namespace atom
