#include "core/rules/finding_at.h"

#include <utility>

namespace atom {

Finding finding_at(std::string rule, Severity severity, Tag tag, const FileView& file, int line,
                   std::string message_id, FindingFields fields, Side side) {
  Finding finding;
  finding.rule = std::move(rule);
  finding.severity = severity;
  finding.tag = tag;
  finding.path = file.path;
  finding.line = line;
  finding.side = side;
  finding.message_id = std::move(message_id);
  finding.fields = std::move(fields);
  return finding;
}

Finding finding_at(std::string rule, Severity severity, Tag tag, const FileView& file, const CodeLine& line,
                   std::string message_id, FindingFields fields) {
  return finding_at(std::move(rule), severity, tag, file, line.line_number(), std::move(message_id), std::move(fields),
                    line.kind == LineKind::Removed ? Side::Old : Side::New);
}

Finding file_finding(std::string rule, Severity severity, Tag tag, const FileView& file, std::string message_id,
                     FindingFields fields) {
  Finding finding = pr_finding(std::move(rule), severity, tag, std::move(message_id), std::move(fields));
  finding.path = file.path;
  return finding;
}

Finding pr_finding(std::string rule, Severity severity, Tag tag, std::string message_id, FindingFields fields) {
  Finding finding;
  finding.rule = std::move(rule);
  finding.severity = severity;
  finding.tag = tag;
  finding.message_id = std::move(message_id);
  finding.fields = std::move(fields);
  return finding;
}

}  // namespace atom
