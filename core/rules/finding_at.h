// The one way a rule makes a finding, at a line of a file, about a whole file or about the whole
// PR: everything but what the rule decides (severity, tag, message and fields) comes from where
// the finding is. The engine gives it its place (function or hunk, "file", "pr") when the rule
// leaves `place` empty.
#pragma once
#include <map>
#include <string>

#include "core/analysis/review_model.h"
#include "core/rules/finding.h"

namespace atom {

using FindingFields = std::map<std::string, std::string>;

// At file line `line` of `file`: a head line for Side::New, a base line for Side::Old.
Finding finding_at(std::string rule, Severity severity, Tag tag, const FileView& file, int line,
                   std::string message_id, FindingFields fields, Side side = Side::New);
// At one line of the diff, on its side (removed lines by their base number).
Finding finding_at(std::string rule, Severity severity, Tag tag, const FileView& file, const CodeLine& line,
                   std::string message_id, FindingFields fields);

// About `file` as a whole: no line (the engine names its place "file").
Finding file_finding(std::string rule, Severity severity, Tag tag, const FileView& file, std::string message_id,
                     FindingFields fields);

// About the whole pull request: no path, no line (the engine names its place "pr").
Finding pr_finding(std::string rule, Severity severity, Tag tag, std::string message_id, FindingFields fields = {});

}  // namespace atom
