// A pack from outside the engine (`--pack FILE`, meta.pack, `pack check`), validated against the
// rules this engine has. Bindings and the CLI use these, never load_pack directly.
#pragma once
#include <string>
#include <string_view>
#include <vector>

#include "core/packs/pack_loader.h"

namespace atom {

// load_pack with the built-in rules' ids (overrides must name one, custom ids must avoid them).
PackLoad load_user_pack(std::string_view json_text);

// {"ok": bool, "errors": [{"path": "/rules/0/pattern", "message": "…"}]} as compact JSON text.
std::string validate_pack_to_json_text(std::string_view json_text);

// "/custom_rules/0/pattern: RE2 rejects it: …"; the message alone for an error about the whole text.
std::string pack_error_line(const PackError& error);

}  // namespace atom
