// How deeply JSON text nests, read without parsing it. nlohmann parses iteratively but copies and
// dumps recursively, so the engine refuses JSON from outside (meta, packs) nested past a small depth
// before parsing it: deep nesting would overflow the stack, native or WebAssembly.
#pragma once
#include <cstddef>
#include <string_view>

namespace atom {

// The deepest nesting of arrays and objects, brackets inside strings not counted; linear, and
// bounded by the number of brackets on text that is not JSON.
size_t json_nesting_depth(std::string_view text);

}  // namespace atom
