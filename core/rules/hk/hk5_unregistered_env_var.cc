// HK5 — a new ATOM_*/AITER_* environment variable read straight from os.environ instead of being
// registered in atom/utils/envs.py.
#include <memory>
#include <re2/re2.h>
#include "core/analysis/review_model.h"
#include "core/analysis/structure.h"
#include "core/rules/rule.h"
#include "core/rules/finding_at.h"

namespace atom {
namespace {

constexpr const char* kEnvsPath = "atom/utils/envs.py";

const RuleMeta& hk5_meta() {
  static const RuleMeta meta = [] {
    RuleMeta m;
    m.id = "HK5";
    m.slug = "unregistered-env-var";
    m.category = "HK";
    m.default_severity = Severity::Note;
    m.summary = "A new `os.environ`/`os.getenv` read of an ATOM_*/AITER_* variable not registered in atom/utils/envs.py.";
    m.what =
        "Flags added Python lines in ATOM that read an `ATOM_…` or `AITER_…` variable directly "
        "(`os.environ.get(\"ATOM_X\")`, `os.getenv(\"ATOM_X\")`, `os.environ[\"ATOM_X\"]`) when the variable "
        "does not appear in `atom/utils/envs.py` as the diff shows it. Verified when the diff shows "
        "`envs.py` as a new file (its whole text is visible), inferred otherwise (the variable may be "
        "registered on lines the diff does not show).";
    m.why =
        "`envs.py` is where ATOM's switches are documented, typed and defaulted; a stray direct read is an "
        "undocumented knob that users cannot discover and that parses its value its own way.";
    m.example = "```python\nuse_fused = os.environ.get(\"ATOM_USE_FUSED_QK\", \"0\") == \"1\"\n```";
    m.must_not_fire =
        "`atom/utils/envs.py` itself; tests (their switches gate test runs); a variable the diff also mentions in `envs.py` or reads through "
        "`envs.ATOM_X`; a variable the diff removes elsewhere (it is moved, not new); other prefixes "
        "(`HIP_VISIBLE_DEVICES`); repositories other than ATOM.";
    m.source = "—";
    m.messages = {{"unregistered", "{var} is read from the environment directly and is not registered in atom/utils/envs.py",
                   "An undocumented switch: users cannot find it and its parsing differs from the registered ones.",
                   "register {var} in atom/utils/envs.py (and the README's list) and read it through envs.",
                   "whether {var} is registered in atom/utils/envs.py."}};
    m.line_patterns = {{"HK5.env_read", R"(\bos\.(?:environ\s*\.\s*get|getenv|environ\s*\[))"}};
    return m;
  }();
  return meta;
}

bool is_atom_repository(const ReviewModel& model) {
  if (model.pack_name == "ATOM") return true;
  for (const FileView& file : model.files)
    if (file.path == kEnvsPath) return true;
  return false;
}

class Hk5UnregisteredEnvVar final : public Rule {
 public:
  const RuleMeta& meta() const override { return hk5_meta(); }

  void check(const ReviewModel& model, std::vector<Finding>& out) const override {
    static const RE2 read_re(
        R"(\bos\.(?:environ\s*\.\s*get|getenv|environ\s*\[)\s*\(?\s*["']((?:ATOM|AITER)_[A-Za-z0-9_]+)["'])");
    if (!is_atom_repository(model)) return;
    const FileView* envs = nullptr;
    for (const FileView& file : model.files)
      if (file.path == kEnvsPath) envs = &file;
    for (const auto& [file, line] : model.hits("HK5.env_read")) {
      if (file->path == kEnvsPath || file->language != Language::Python || file->is_test) continue;
      re2::StringPiece text(line->diff->text);
      std::string var;
      while (RE2::FindAndConsume(&text, read_re, &var)) {
        if (mentioned_in_envs(envs, var) || mentioned_elsewhere(model, var, line)) continue;
        const Tag tag = envs != nullptr && envs->file->status == FileStatus::Added ? Tag::Verified : Tag::Inferred;
        Finding finding = finding_at("HK5", Severity::Note, tag, *file, line->new_line, "unregistered", {{"var", var}});
        finding.place = line->function;
        out.push_back(std::move(finding));
      }
    }
  }

 private:
  static bool mentioned_in_envs(const FileView* envs, const std::string& var) {
    if (envs == nullptr) return false;
    for (const HunkView& hunk : envs->hunks)
      for (const CodeLine& line : hunk.lines)
        if (line.kind != LineKind::Removed && line.diff->text.find(var) != std::string::npos) return true;
    return false;
  }

  // The variable is read through the registry (`envs.ATOM_X`) or removed somewhere in the diff.
  static bool mentioned_elsewhere(const ReviewModel& model, const std::string& var, const CodeLine* self) {
    for (const FileView& file : model.files)
      for (const HunkView& hunk : file.hunks)
        for (const CodeLine& line : hunk.lines) {
          if (&line == self) continue;
          if (line.kind == LineKind::Removed && line.diff->text.find(var) != std::string::npos) return true;
          if (has_identifier(line.code, var) && line.code.find("envs." + var) != std::string::npos) return true;
        }
    return false;
  }
};

}  // namespace

std::unique_ptr<Rule> make_hk5_unregistered_env_var() { return std::make_unique<Hk5UnregisteredEnvVar>(); }

}  // namespace atom
