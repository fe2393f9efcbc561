// Small helpers shared by the AI-code structural checks (Step 6 of the checklist).
#pragma once
#include <map>
#include <string>
#include "core/analysis/review_model.h"
#include "core/rules/finding.h"

namespace atom::ai {

// The comment of one raw line ("" when none): the text after the first `#` (Python) or `//`
// (C++) that is not inside a string literal.
std::string comment_of(const CodeLine& line, Language language);

// The comment gives a reason: at least three words once lint directives (`noqa: BLE001`,
// `type: ignore[...]`, `pylint: disable=...`) are taken out. "best effort, socket may be gone"
// is a reason; "noqa: E722" is not.
bool comment_gives_reason(const std::string& comment);

// A finding on one line (new side for added/context lines, old side for removed ones); the
// engine places it in the line's function (or hunk).
Finding line_finding(const char* rule, Severity severity, Tag tag, const FileView& file, const CodeLine& line,
                     const char* message_id, std::map<std::string, std::string> fields);

}  // namespace atom::ai
