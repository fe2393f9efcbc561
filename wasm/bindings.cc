// The WebAssembly surface of the engine (Embind), used by the extension's background and tests:
//   review(diffBytes: Uint8Array, metaJson: string) -> string   (the result JSON, contract.md)
//   engineVersion() -> string
//   syntaxSummary(path: string, textBytes: Uint8Array) -> string   (JSON: grammar, ABI, error
//       nodes, lines, functions; {"grammar": null} for a path no grammar covers). The tree-sitter
//       grammars in the module, checked by tests/wasm until the rules use them.
// The diff crosses as bytes, never as a JS string: a JS string would already have replaced
// invalid UTF-8 and the engine must see exactly what git produced (native and WASM agree).
#include <emscripten/bind.h>
#include <emscripten/val.h>

#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "core/analysis/file_syntax.h"
#include "core/engine/review.h"

namespace {

std::string bytes_of(const emscripten::val& array, const char* what) {
  if (!array.instanceof(emscripten::val::global("Uint8Array")))
    emscripten::val::global("TypeError").new_(std::string(what) + " must be a Uint8Array").throw_();
  const std::vector<unsigned char> bytes = emscripten::convertJSArrayToNumberVector<unsigned char>(array);
  return std::string(reinterpret_cast<const char*>(bytes.data()), bytes.size());
}

std::string review(const emscripten::val& diff_bytes, const std::string& meta_json) {
  const std::string diff = bytes_of(diff_bytes, "review(diffBytes, metaJson): diffBytes");
  return atom::review_to_json_text(diff, meta_json);
}

std::string syntax_summary(const std::string& path, const emscripten::val& text_bytes) {
  std::string text = bytes_of(text_bytes, "syntaxSummary(path, textBytes): textBytes");
  const auto grammar = atom::ast::grammar_for_path(path);
  if (!grammar) return R"({"grammar":null})";
  const atom::ast::FileSyntax file = atom::ast::parse_file(*grammar, std::move(text));
  const bool python = *grammar == atom::syntax::Grammar::Python;
  return nlohmann::json{{"grammar", python ? "python" : "cpp"},
                        {"abi", atom::syntax::grammar_abi_version(*grammar)},
                        {"error_nodes", file.error_count()},
                        {"lines", file.tree.line_count()},
                        {"functions", python ? file.python.functions.size() : file.cpp.functions.size()}}
      .dump();
}

std::string engine_version() { return ATOM_ENGINE_VERSION; }

}  // namespace

EMSCRIPTEN_BINDINGS(atom_engine) {
  emscripten::function("review", &review);
  emscripten::function("engineVersion", &engine_version);
  emscripten::function("syntaxSummary", &syntax_summary);
}
