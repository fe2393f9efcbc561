// D1: a freshly allocated (uninitialised) buffer handed to a kernel that reduces atomically into it.
#include <map>
#include <set>
#include <memory>
#include <re2/re2.h>

#include "core/analysis/before_parsing.h"
#include "core/analysis/review_model.h"
#include "core/rules/d/d1_hip_launches.h"
#include "core/rules/d/d1_python_launches.h"
#include "core/rules/rule.h"
#include "core/rules/finding_at.h"

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

bool is_reduction(const std::string& op) {
  static const RE2 kReduction(R"((?i)(add|max|min))");
  return RE2::PartialMatch(op, kReduction);
}

class D1Rule : public Rule {
 public:
  const RuleMeta& meta() const override { return kMeta; }

  void check(const ReviewModel& model, std::vector<Finding>& out) const override {
    // Every finding sits on a new allocation passed to a call: the kernels are read only when
    // the PR makes one.
    struct FileLaunches {
      const FileView* file;
      std::vector<d1::PythonBufferCall> python;
      std::vector<d1::HipBufferLaunch> hip;
    };
    std::vector<FileLaunches> launches;
    for (const FileView& file : model.files) {
      if (file.is_test || !is_code_file(file)) continue;
      FileLaunches found{&file, {}, {}};
      if (file.language == Language::Cpp) found.hip = d1::hip_buffer_launches(file);
      else found.python = d1::python_buffer_calls(file);
      if (!found.python.empty() || !found.hip.empty()) launches.push_back(std::move(found));
    }
    if (launches.empty()) return;
    std::map<std::string, d1::PythonKernel> kernels;
    std::map<std::string, d1::HipKernel> hip_kernels;
    for (const FileView& file : model.files) {
      if (file.language == Language::Python) d1::read_python_kernels(file, kernels);
      if (file.language == Language::Cpp) d1::read_hip_kernels(file, hip_kernels);
    }
    for (const FileLaunches& found : launches) {
      check_hip_file(*found.file, found.hip, hip_kernels, out);
      check_python_file(*found.file, found.python, kernels, out);
    }
  }

 private:
  static bool named_like_amax(const std::string& buffer) { return RE2::PartialMatch(buffer, R"((?i)amax)"); }

  void check_hip_file(const FileView& file, const std::vector<d1::HipBufferLaunch>& launches,
                      const std::map<std::string, d1::HipKernel>& kernels, std::vector<Finding>& out) const {
    std::set<const CodeLine*> written;  // allocations a shown kernel fills with plain stores first
    for (const d1::HipBufferLaunch& launch : launches) {
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
  // An allocation reaching several kernels keeps its most severe finding.
  void report(const FileView& file, const CodeLine& alloc, const std::string& buffer, const std::string& kernel,
              const std::string& atomic, std::vector<Finding>& out) const {
    Finding finding = finding_at("D1", Severity::Warn, Tag::Verified, file, alloc.new_line, "atomic-into-empty",
                                 {{"buffer", buffer}, {"alloc_line", std::to_string(alloc.new_line)}, {"kernel", kernel}});
    if (!atomic.empty()) finding.fields["atomic"] = atomic;
    if (atomic.empty()) {
      finding.tag = Tag::Inferred;
    } else if (is_reduction(atomic)) {
      finding.severity = Severity::Red;
      finding.trigger.emplace();
    }
    for (Finding& earlier : out) {
      if (earlier.rule != finding.rule || earlier.path != finding.path || earlier.line != finding.line) continue;
      if (finding.severity > earlier.severity) earlier = std::move(finding);
      return;
    }
    out.push_back(std::move(finding));
  }

  // The first call receiving each new buffer that reduces into it, or that has an amax-named buffer.
  void check_python_file(const FileView& file, const std::vector<d1::PythonBufferCall>& calls,
                         const std::map<std::string, d1::PythonKernel>& kernels, std::vector<Finding>& out) const {
    std::set<const CodeLine*> reported;
    for (const d1::PythonBufferCall& call : calls) {
      if (reported.count(call.allocation)) continue;
      std::string atomic;
      if (auto kernel = kernels.find(call.kernel); kernel != kernels.end()) {
        const std::vector<std::string>& params = kernel->second.params;
        const std::string param = !call.keyword.empty()       ? call.keyword
                                  : call.position < params.size() ? params[call.position]
                                                                  : std::string();
        if (auto hit = kernel->second.atomic_params.find(param); hit != kernel->second.atomic_params.end())
          atomic = hit->second;
      }
      if (atomic.empty() && !named_like_amax(call.buffer)) continue;
      reported.insert(call.allocation);
      report(file, *call.allocation, call.buffer, call.kernel, atomic, out);
    }
  }
};

}  // namespace

std::unique_ptr<Rule> make_d1_uninitialized_atomic_buffer() { return std::make_unique<D1Rule>(); }

}  // namespace atom
