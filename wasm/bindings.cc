// The WebAssembly surface of the engine (Embind), used by the extension's background and tests:
//   review(diffBytes: Uint8Array, metaJson: string) -> string   (the result JSON, contract.md)
//   review(diffBytes, metaJson, headFiles: [{path: string, bytes: Uint8Array}]) -> string
//       the same with the touched files as they stand at the PR's head (`review --repo DIR`);
//       headFiles undefined or null is the two-argument form. The whole files' parses are kept
//       for the next review, so reviewing the same PR again (after a dismissal) parses nothing
//       (core/analysis/kept_trees.h). A "pack" object in metaJson
//       replaces the built-in pack for that review, as `review --pack` does; an invalid one gives
//       a result whose errors[] holds "bad-pack" entries (core/engine/review.h)
//   headPathsToRead(diffBytes: Uint8Array) -> string   (JSON: the paths whose head version the
//       review reads, core/engine/review.h head_paths_to_read): the files a host fetches for the
//       three-argument review, known without reviewing
//   validatePack(packJson: string) -> string
//       {"ok": bool, "errors": [{"path": "/rules/0/pattern", "message": "…"}]} (core/packs/README.md)
//   rules() -> string   (JSON: the rule catalogue with each rule's status and precision, as
//       `atom-review rules --format json` prints it; core/report/catalogue.h)
//   engineVersion() -> string
//   inputLimits() -> string   (JSON: maxDiffBytes, maxHeadFileBytes; core/engine/input_limits.h):
//       what a review reads; the host cuts larger inputs to one byte over before copying them in
//   syntaxSummary(path: string, textBytes: Uint8Array) -> string   (JSON: grammar, ABI, error
//       nodes, lines, functions; {"grammar": null} for a path no grammar covers). The tree-sitter
//       grammars in the module, checked by tests/wasm.
//   forgetKeptTrees()   drops the kept parses (benchmarks time a first review with it)
//   openRepository(files: [{path: string, bytes: Uint8Array}]) -> number
//       indexes a snapshot of the whole repository once (core/repository/repository_index.h) and
//       keeps it until closeRepository(id); the CLI's `review --repo DIR` reads the same from DIR
//   review(diffBytes, metaJson, headFiles, repositoryId) -> string
//       the three-argument review checked against that snapshot, as `review --repo DIR`
//   closeRepository(id)   drops the snapshot
// Bytes cross as bytes, never as JS strings: a JS string would already have replaced invalid
// UTF-8 and the engine must see exactly what git produced (native and WASM agree).
#include <emscripten/bind.h>
#include <emscripten/val.h>

#include <map>
#include <memory>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "core/analysis/file_syntax.h"
#include "core/analysis/kept_trees.h"
#include "core/engine/input_limits.h"
#include "core/engine/pack_input.h"
#include "core/engine/review.h"
#include "core/report/review_json.h"
#include "core/report/catalogue.h"

namespace {

using emscripten::val;

[[noreturn]] void throw_type_error(const std::string& message) {
  val::global("TypeError").new_(message).throw_();
}

bool is_bytes(const val& value) { return value.instanceof(val::global("Uint8Array")); }

std::string bytes_to_string(const val& bytes) {
  const std::vector<unsigned char> copied = emscripten::convertJSArrayToNumberVector<unsigned char>(bytes);
  return std::string(reinterpret_cast<const char*>(copied.data()), copied.size());
}

std::string diff_from(const val& diff_bytes) {
  if (!is_bytes(diff_bytes)) throw_type_error("review(diffBytes, metaJson): diffBytes must be a Uint8Array");
  return bytes_to_string(diff_bytes);
}

// Each {path, bytes} entry of `list`, in order; a TypeError naming `shape` for anything else.
template <typename Visit>
void each_file(const val& list, const char* shape, Visit visit) {
  if (!val::global("Array").call<bool>("isArray", list)) throw_type_error(shape);
  const unsigned count = list["length"].as<unsigned>();
  for (unsigned index = 0; index < count; ++index) {
    const val entry = list[index];
    if (entry.isNull() || entry.isUndefined()) throw_type_error(shape);
    const val path = entry["path"];
    const val bytes = entry["bytes"];
    if (!path.isString() || !is_bytes(bytes)) throw_type_error(shape);
    visit(path.as<std::string>(), bytes_to_string(bytes));
  }
}

// A later entry for the same path replaces an earlier one, as a map would.
atom::HeadFiles head_files_from(const val& list) {
  atom::HeadFiles head;
  each_file(list, "review(diffBytes, metaJson, headFiles): headFiles must be an array of {path: string, bytes: Uint8Array}",
            [&](std::string path, std::string bytes) { head[std::move(path)] = std::move(bytes); });
  return head;
}

std::map<int, std::unique_ptr<atom::RepositoryIndex>>& open_repositories() {
  static std::map<int, std::unique_ptr<atom::RepositoryIndex>> repositories;
  return repositories;
}

int open_repository(const val& files) {
  std::vector<atom::SnapshotFile> snapshot;
  each_file(files, "openRepository(files): files must be an array of {path: string, bytes: Uint8Array}",
            [&](std::string path, std::string bytes) { snapshot.push_back({std::move(path), std::move(bytes)}); });
  static int next_id = 0;
  open_repositories()[++next_id] = std::make_unique<atom::RepositoryIndex>(std::move(snapshot));
  return next_id;
}

void close_repository(int id) { open_repositories().erase(id); }

std::string review(const val& diff_bytes, const std::string& meta_json) {
  return atom::review_to_json_text(diff_from(diff_bytes), meta_json);
}

// An undefined or null headFiles is the two-argument form, so callers may pass an optional value.
std::string review_with_head_files(const val& diff_bytes, const std::string& meta_json, const val& head_files) {
  const std::string diff = diff_from(diff_bytes);
  if (head_files.isUndefined() || head_files.isNull()) return atom::review_to_json_text(diff, meta_json);
  return atom::review_to_json_text(diff, meta_json, head_files_from(head_files));
}

std::string review_with_repository(const val& diff_bytes, const std::string& meta_json, const val& head_files,
                                   int repository_id) {
  const std::string diff = diff_from(diff_bytes);
  const auto repository = open_repositories().find(repository_id);
  if (repository == open_repositories().end())
    throw_type_error("review(diffBytes, metaJson, headFiles, repositoryId): no open repository " +
                     std::to_string(repository_id));
  const atom::HeadFiles head = head_files.isUndefined() || head_files.isNull() ? atom::HeadFiles{} : head_files_from(head_files);
  return atom::review_to_json_text(diff, meta_json, head, *repository->second);
}

std::string head_paths_to_read(const val& diff_bytes) {
  if (!is_bytes(diff_bytes)) throw_type_error("headPathsToRead(diffBytes): diffBytes must be a Uint8Array");
  return nlohmann::json(atom::head_paths_to_read(bytes_to_string(diff_bytes))).dump();
}

std::string syntax_summary(const std::string& path, const val& text_bytes) {
  if (!is_bytes(text_bytes)) throw_type_error("syntaxSummary(path, textBytes): textBytes must be a Uint8Array");
  std::string text = bytes_to_string(text_bytes);
  const auto grammar = atom::ast::grammar_for_path(path);
  if (!grammar) return R"({"grammar":null})";
  const atom::ast::FileSyntax file = atom::ast::parse_file(*grammar, std::move(text));
  const bool python = *grammar == atom::syntax::Grammar::Python;
  return nlohmann::json{{"grammar", python ? "python" : "cpp"},
                        {"abi", atom::syntax::grammar_abi_version(*grammar)},
                        {"error_nodes", file.error_count()},
                        {"lines", file.tree.line_count()},
                        {"functions", python ? file.python().functions.size() : file.cpp().functions.size()}}
      .dump();
}

std::string validate_pack(const std::string& pack_json) { return atom::validate_pack_to_json_text(pack_json); }

std::string rules() { return atom::catalogue_json().dump(); }
std::string engine_version() { return ATOM_ENGINE_VERSION; }

std::string input_limits() {
  return nlohmann::json{{"maxDiffBytes", atom::kMaxDiffBytes}, {"maxHeadFileBytes", atom::kMaxWholeFileBytes}}.dump();
}

}  // namespace

EMSCRIPTEN_BINDINGS(atom_engine) {
  // Embind tells the two apart by the number of arguments.
  emscripten::function("review", &review);
  emscripten::function("review", &review_with_head_files);
  emscripten::function("review", &review_with_repository);
  emscripten::function("openRepository", &open_repository);
  emscripten::function("closeRepository", &close_repository);
  emscripten::function("headPathsToRead", &head_paths_to_read);
  emscripten::function("validatePack", &validate_pack);
  emscripten::function("rules", &rules);
  emscripten::function("engineVersion", &engine_version);
  emscripten::function("inputLimits", &input_limits);
  emscripten::function("syntaxSummary", &syntax_summary);
  emscripten::function("forgetKeptTrees", &atom::forget_kept_trees);
}
