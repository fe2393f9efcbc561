# shellcheck shell=bash
# System prerequisites for setup: Node, Debian packages, the deb-src entry RE2's source needs.
# Source after common.sh.

ATOM_MIN_NODE_MAJOR=20
# What the build, the tests (Chromium and Firefox ESR for the end-to-end suites) and the RE2-for-WASM
# build use (beyond Node, which Debian 12 has too old); clang-14 and libclang-rt-14-dev are the
# libFuzzer/ASan/UBSan build (scripts/fuzz, the fuzz and sanitize suites).
ATOM_APT_PACKAGES=(
  emscripten unicode-data libre2-dev nlohmann-json3-dev chromium firefox-esr googletest libgtest-dev
  cmake pkg-config openssl g++ make python3 perl dpkg-dev clang-14 libclang-rt-14-dev
)

ensure_node() {
  command -v node >/dev/null ||
    die "Node.js ${ATOM_MIN_NODE_MAJOR} or newer is required and 'node' is not on PATH (Debian 12's own nodejs is 18: install Node ${ATOM_MIN_NODE_MAJOR}+, e.g. from nodesource)"
  local version major
  version="$(node --version)"
  major="${version#v}"; major="${major%%.*}"
  ((major >= ATOM_MIN_NODE_MAJOR)) ||
    die "Node.js ${ATOM_MIN_NODE_MAJOR} or newer is required, found $version (Debian 12's own nodejs is 18: install Node ${ATOM_MIN_NODE_MAJOR}+, e.g. from nodesource)"
  command -v npm >/dev/null || die "npm is missing (it comes with Node.js $version's distribution)"
  note "node $version"
}

ATOM_APT_UPDATED=0
apt_update_once() {
  ((ATOM_APT_UPDATED)) && return 0
  run_logged apt-get-update as_root apt-get update
  ATOM_APT_UPDATED=1
}

ensure_apt_packages() {
  local missing=() pkg
  for pkg in "${ATOM_APT_PACKAGES[@]}"; do
    [[ -n "$(installed_version "$pkg")" ]] || missing+=("$pkg")
  done
  if ((${#missing[@]} == 0)); then
    note "Debian packages present"
    return 0
  fi
  step "Installing ${missing[*]}"
  apt_update_once
  run_logged apt-get-install as_root env DEBIAN_FRONTEND=noninteractive apt-get install -y "${missing[@]}"
}

ATOM_DEB_SRC_FILE=/etc/apt/sources.list.d/atom-review-deb-src.sources

# Prints deb822 stanzas with Types: deb-src for every "deb" stanza of the machine's own Debian
# sources that lists the release's codename, keeping its URIs, Components and Signed-By.
derive_deb_src_stanzas() {
  local codename="$1"; shift
  awk -v codename="$codename" '
    function flush() {
      if (types ~ /(^| )deb( |$)/ && (" " suites " ") ~ (" " codename " ") && uris != "") {
        printf "%sTypes: deb-src\nURIs: %s\nSuites: %s\nComponents: %s\n", sep, uris, codename, components
        if (signed != "") printf "Signed-By:%s\n", signed
        sep = "\n"
      }
      types = suites = uris = components = signed = ""; field = ""
    }
    /^#/ { next }
    /^[ \t]*$/ { flush(); next }
    /^[ \t]/ { if (field == "signed-by") signed = signed "\n" $0; next }
    {
      field = tolower(substr($0, 1, index($0, ":") - 1))
      value = substr($0, index($0, ":") + 1); sub(/^[ \t]+/, "", value); sub(/[ \t]+$/, "", value)
      if (field == "types") types = value
      else if (field == "suites") suites = value
      else if (field == "uris") uris = value
      else if (field == "components") components = value
      else if (field == "signed-by") signed = (value == "" ? "" : " " value)
    }
    END { flush() }
  ' "$@"
}

# Makes `apt-get source` possible for the running release (needed only to build RE2 for WASM).
ensure_deb_src() {
  [[ -f "$ATOM_DEB_SRC_FILE" ]] && return 0
  if grep -qsE '^[[:space:]]*Types:.*deb-src' /etc/apt/sources.list.d/*.sources ||
     grep -qsE '^[[:space:]]*deb-src[[:space:]]' /etc/apt/sources.list /etc/apt/sources.list.d/*.list; then
    return 0
  fi
  local codename sources=()
  codename="$(. /etc/os-release && printf '%s' "${VERSION_CODENAME:-}")"
  [[ -n "$codename" ]] || die "cannot tell the Debian codename from /etc/os-release"
  local file
  for file in /etc/apt/sources.list.d/*.sources; do
    [[ -f "$file" && "$file" != "$ATOM_DEB_SRC_FILE" ]] && sources+=("$file")
  done
  ((${#sources[@]} > 0)) || die "no deb822 .sources file in /etc/apt/sources.list.d to derive a deb-src entry from"
  local stanzas
  stanzas="$(derive_deb_src_stanzas "$codename" "${sources[@]}")"
  [[ -n "$stanzas" ]] ||
    die "no 'Types: deb' entry for suite '$codename' in ${sources[*]}: cannot derive the deb-src entry"
  step "Adding deb-src for $codename ($ATOM_DEB_SRC_FILE)"
  printf '# Added by atom-review scripts/setup: source packages (RE2 for WebAssembly).\n%s\n' "$stanzas" |
    as_root tee "$ATOM_DEB_SRC_FILE" >/dev/null
  ATOM_APT_UPDATED=0
}
