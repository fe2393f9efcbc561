// FNV-1a 64-bit: a tiny hash with the same value on every platform and run, for SARIF
// fingerprints (std::hash gives no such promise).
#pragma once
#include <cstdint>
#include <string>
#include <string_view>

namespace atom {

inline uint64_t fnv1a64(std::string_view bytes, uint64_t hash = 0xcbf29ce484222325ULL) {
  for (const char c : bytes) {
    hash ^= static_cast<unsigned char>(c);
    hash *= 0x100000001b3ULL;
  }
  return hash;
}

inline std::string to_hex16(uint64_t value) {
  static constexpr char kDigits[] = "0123456789abcdef";
  std::string out(16, '0');
  for (int i = 15; i >= 0; --i, value >>= 4) out[static_cast<size_t>(i)] = kDigits[value & 0xF];
  return out;
}

}  // namespace atom
