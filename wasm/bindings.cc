// The WebAssembly surface of the engine (Embind), used by the extension's background and tests:
//   review(diffBytes: Uint8Array, metaJson: string) -> string   (the result JSON, contract.md)
//   engineVersion() -> string
// The diff crosses as bytes, never as a JS string: a JS string would already have replaced
// invalid UTF-8 and the engine must see exactly what git produced (native and WASM agree).
#include <emscripten/bind.h>
#include <emscripten/val.h>

#include <string>
#include <vector>

#include "core/engine/review.h"

namespace {

std::string review(const emscripten::val& diff_bytes, const std::string& meta_json) {
  if (!diff_bytes.instanceof(emscripten::val::global("Uint8Array"))) {
    emscripten::val::global("TypeError")
        .new_(std::string("review(diffBytes, metaJson): diffBytes must be a Uint8Array"))
        .throw_();
  }
  const std::vector<unsigned char> bytes =
      emscripten::convertJSArrayToNumberVector<unsigned char>(diff_bytes);
  const std::string_view diff(reinterpret_cast<const char*>(bytes.data()), bytes.size());
  return atom::review_to_json_text(diff, meta_json);
}

std::string engine_version() { return ATOM_ENGINE_VERSION; }

}  // namespace

EMSCRIPTEN_BINDINGS(atom_engine) {
  emscripten::function("review", &review);
  emscripten::function("engineVersion", &engine_version);
}
