// The packs compiled into the engine (core/packs/*.json, embedded by embed_packs.cmake).
#pragma once
#include <string>
#include <vector>

namespace atom {

struct EmbeddedPack {
  std::string name;   // file name without .json, e.g. "atom"
  std::string json;   // the pack text
};

const std::vector<EmbeddedPack>& embedded_packs();

}  // namespace atom
