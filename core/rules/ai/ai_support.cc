#include "core/rules/ai/ai_support.h"

namespace atom::ai {

bool has_comment(const CodeLine& line, Language language) {
  if (line.diff == nullptr) return false;
  const char* marker = language == Language::Cpp ? "//" : "#";
  return line.diff->text.find(marker) != std::string::npos && line.code.find(marker) == std::string::npos;
}

Finding line_finding(const char* rule, Severity severity, Tag tag, const FileView& file, const CodeLine& line,
                     const char* message_id, std::map<std::string, std::string> fields) {
  Finding finding;
  finding.rule = rule;
  finding.severity = severity;
  finding.tag = tag;
  finding.path = file.path;
  finding.side = line.kind == LineKind::Removed ? Side::Old : Side::New;
  finding.line = line.line_number();
  finding.message_id = message_id;
  fields.emplace("path", file.path);
  fields.emplace("line", std::to_string(finding.line));
  finding.fields = std::move(fields);
  return finding;
}

}  // namespace atom::ai
