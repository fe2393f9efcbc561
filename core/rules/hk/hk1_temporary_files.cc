// HK1 — files that look like local leftovers rather than part of the change: scratch perf
// scripts, local tests, editor/merge backups, logs.
#include <memory>
#include <re2/re2.h>
#include "core/analysis/review_model.h"
#include "core/rules/finding_at.h"
#include "core/rules/rule.h"

namespace atom {
namespace {

const RuleMeta& hk1_meta() {
  static const RuleMeta meta = [] {
    RuleMeta m;
    m.id = "HK1";
    m.slug = "temporary-files";
    m.category = "HK";
    m.default_severity = Severity::Warn;
    m.summary = "A new file whose name says it is a local leftover (scratch perf script, local test, backup, log).";
    m.what =
        "Flags files the PR adds (or renames into place) whose name matches a leftover pattern: "
        "`runperf*.sh` / `run_perf*.sh`, `test_local_*.py`, `tmp_*` / `temp_*` / `scratch*` / `untitled*`, "
        "merge and editor leftovers (`*.orig`, `*.rej`, `*.bak`, `*.swp`, `*~`), `nohup.out` and `*.log`.";
    m.why =
        "Scratch files carry machine-specific paths and settings, rot at once and confuse the next reader "
        "about what is supported; logs and backups bloat the repository history for good.";
    m.example = "```\nA  runperf-dsv3-tp8.sh\nA  test_local_mla.py\nA  atom/model_ops/moe.py.orig\n```";
    m.must_not_fire =
        "Modified or deleted files (only newly added ones count); real tests (`tests/test_moe.py`); names that "
        "merely contain the words (`template.py`, `attempt.py`, `perf_utils.py`).";
    m.source = "—";
    m.messages = {{"temporary_file", "{path} looks like a local leftover ({kind})",
                   "It ships machine-specific scratch content that nobody maintains.",
                   "remove it from the PR (or move it under a maintained scripts/ or tests/ location).",
                   "whether {path} is meant to be part of the change."}};
    return m;
  }();
  return meta;
}

class Hk1TemporaryFiles final : public Rule {
 public:
  const RuleMeta& meta() const override { return hk1_meta(); }

  void check(const ReviewModel& model, std::vector<Finding>& out) const override {
    // The file-name patterns are the pack's (knowledge.leftover_files).
    const std::vector<LeftoverFilePattern>& leftovers = model.pack->knowledge.leftover_files;
    for (const FileView& file : model.files) {
      const FileStatus status = file.file->status;
      if (status != FileStatus::Added && status != FileStatus::Renamed && status != FileStatus::Copied) continue;
      const size_t slash = file.path.rfind('/');
      const std::string name = slash == std::string::npos ? file.path : file.path.substr(slash + 1);
      for (const LeftoverFilePattern& leftover : leftovers) {
        if (!RE2::PartialMatch(name, *leftover.pattern)) continue;
        out.push_back(file_finding("HK1", Severity::Warn, Tag::Verified, file, "temporary_file",
                                   {{"path", file.path}, {"kind", leftover.kind}}));
        break;
      }
    }
  }
};

}  // namespace

std::unique_ptr<Rule> make_hk1_temporary_files() { return std::make_unique<Hk1TemporaryFiles>(); }

}  // namespace atom
