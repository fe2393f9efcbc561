#include "core/rules/d/d1_hip_launches.h"

#include <algorithm>
#include <re2/re2.h>

#include "core/analysis/cpp_structure.h"
#include "core/analysis/structure.h"
#include "core/rules/d/dg_support.h"

namespace atom::d1 {
namespace {

// One side of a hunk as a single text; every line starts at a known offset.
struct JoinedSide {
  SideLines lines;
  std::string text;
  std::vector<size_t> starts;

  explicit JoinedSide(const HunkView& hunk) : lines(side_lines(hunk, Side::New)) {
    for (const CodeLine* line : lines) {
      starts.push_back(text.size());
      text += line->code;
      text += '\n';
    }
  }
  size_t line_index_at(size_t offset) const {
    return static_cast<size_t>(std::upper_bound(starts.begin(), starts.end(), offset) - starts.begin()) - 1;
  }
  size_t end_of_line(size_t index) const { return index + 1 < starts.size() ? starts[index + 1] : text.size(); }
};

// The top-level comma-separated items of the bracketed list whose '(' is just before `from`;
// `end` receives the offset after its ')'.
std::vector<std::string> bracket_items(const std::string& text, size_t from, size_t* end) {
  std::vector<std::string> items;
  std::string current;
  int depth = 1;
  size_t i = from;
  for (; i < text.size() && depth > 0; ++i) {
    const char c = text[i];
    if (c == '(' || c == '[' || c == '{') ++depth;
    if (c == ')' || c == ']' || c == '}') --depth;
    if ((c == ',' && depth == 1) || depth == 0) {
      items.emplace_back(dg::trim(current));
      current.clear();
      continue;
    }
    current += c == '\n' ? ' ' : c;
  }
  if (end) *end = i;
  return items;
}

// "const T* __restrict__ v_amax" → "v_amax"; a default value is dropped.
std::string parameter_name(std::string param) {
  if (size_t eq = param.find('='); eq != std::string::npos) param.resize(eq);
  std::string name;
  RE2::PartialMatch(param, R"((\w+)\s*(?:\[[^\]]*\]\s*)*$)", &name);
  return name;
}

bool is_global_kernel(const SideLines& lines, size_t header) {
  for (size_t back = 0; back <= 2 && back <= header; ++back)
    if (lines[header - back]->code.find("__global__") != std::string::npos) return true;
  return false;
}

// The argument is the buffer itself or its data pointer, possibly cast (`reinterpret_cast<float*>(
// buf.data_ptr())`), not a size or stride read from it.
bool passes_buffer(const std::string& argument, const std::string& buffer) {
  const RE2 use("(?:^|[^.\\w>])" + RE2::QuoteMeta(buffer) +
                R"(\s*(?:$|[)\s]|\.\s*(?:data_ptr|data|mutable_data_ptr)\b|->\s*data))");
  return RE2::PartialMatch(argument, use);
}

// Offset in `text` (from `from`, before `until`) of the first zeroing of `buffer`, or `until`.
size_t first_zeroing(const std::string& text, size_t from, size_t until, const std::string& buffer) {
  const RE2 zero_call("\\b" + RE2::QuoteMeta(buffer) + R"(\s*(?:\.|->)\s*(?:zero_|fill_|zero)\s*\()");
  static const RE2 memset_call(R"([Mm]emset\w*\s*\()");
  re2::StringPiece input(text.data() + from, until - from);
  re2::StringPiece match;
  size_t found = until;
  if (zero_call.Match(input, 0, input.size(), RE2::UNANCHORED, &match, 1))
    found = static_cast<size_t>(match.data() - text.data());
  while (RE2::FindAndConsume(&input, memset_call)) {
    const size_t open = static_cast<size_t>(input.data() - text.data());
    if (open >= found) break;
    for (const std::string& argument : bracket_items(text, open, nullptr))
      if (dg::has_name(argument, buffer)) return std::min(found, open);
  }
  return found;
}

// The end (offset) of the function holding `line_index`: its closing brace when in view, else
// the first '}' in column 0 after it, else the end of the hunk.
size_t function_end(const JoinedSide& side, const std::vector<CppFunctionBody>& bodies, size_t line_index) {
  for (const CppFunctionBody& body : bodies)
    if (body.open <= line_index && line_index <= body.close && body.complete) return side.end_of_line(body.close);
  for (size_t i = line_index + 1; i < side.lines.size(); ++i)
    if (!side.lines[i]->code.empty() && side.lines[i]->code[0] == '}') return side.starts[i];
  return side.text.size();
}

}  // namespace

void read_hip_kernels(const FileView& file, std::map<std::string, HipKernel>& kernels) {
  static const RE2 atomic(
      R"(\b(atomic(?:Add|Max|Min)\w*|atomic_f?(?:add|max|min)\w*|unsafeAtomic\w+)\s*\(\s*&?\s*(\w+))");
  for (const HunkView& hunk : file.hunks) {
    const JoinedSide side(hunk);
    for (const CppFunctionBody& body : cpp_function_bodies(side.lines)) {
      if (!is_global_kernel(side.lines, body.header)) continue;
      const std::string header = side.text.substr(side.starts[body.header], side.starts[body.open] - side.starts[body.header] +
                                                                              side.lines[body.open]->code.size());
      const RE2 named("\\b" + RE2::QuoteMeta(body.name) + "\\s*\\(");
      re2::StringPiece input(header);
      if (!RE2::FindAndConsume(&input, named)) continue;
      HipKernel kernel;
      for (const std::string& param : bracket_items(header, static_cast<size_t>(input.data() - header.data()), nullptr))
        kernel.params.push_back(parameter_name(param));
      const size_t last = std::min(body.close, side.lines.size() - 1);
      for (size_t i = body.open; i <= last; ++i) {
        re2::StringPiece code(side.lines[i]->code);
        std::string op, target;
        while (RE2::FindAndConsume(&code, atomic, &op, &target)) kernel.atomic_params.emplace(target, op);
      }
      kernel.body_in_view = body.complete;
      kernels[body.name] = std::move(kernel);
    }
  }
}

std::vector<HipBufferLaunch> hip_buffer_launches(const FileView& file) {
  static const RE2 allocation(R"(\b(\w+)\s*=\s*(?:\w+\s*::\s*)+(empty)(?:_like)?\s*\()");
  static const RE2 launch(R"(\b(\w+)\s*(?:<[^;{}()]*>)?\s*<<<[^;]*?>>>\s*\()");
  std::vector<HipBufferLaunch> found;
  for (const HunkView& hunk : file.hunks) {
    const JoinedSide side(hunk);
    const std::vector<CppFunctionBody> bodies = cpp_function_bodies(side.lines);
    re2::StringPiece input(side.text);
    std::string buffer;
    re2::StringPiece empty_word;
    while (RE2::FindAndConsume(&input, allocation, &buffer, &empty_word)) {
      const size_t alloc_line = side.line_index_at(static_cast<size_t>(empty_word.data() - side.text.data()));
      if (side.lines[alloc_line]->kind != LineKind::Added) continue;
      const size_t from = static_cast<size_t>(input.data() - side.text.data());
      const size_t end = function_end(side, bodies, alloc_line);
      if (from >= end) continue;
      const size_t zeroed = first_zeroing(side.text, from, end, buffer);
      re2::StringPiece rest(side.text.data() + from, zeroed - from);
      std::string kernel;
      while (RE2::FindAndConsume(&rest, launch, &kernel)) {
        const std::vector<std::string> arguments =
            bracket_items(side.text, static_cast<size_t>(rest.data() - side.text.data()), nullptr);
        for (size_t p = 0; p < arguments.size(); ++p)
          if (passes_buffer(arguments[p], buffer)) found.push_back({buffer, side.lines[alloc_line], kernel, p});
      }
    }
  }
  return found;
}

}  // namespace atom::d1
