# shellcheck shell=bash
# RE2 compiled to WebAssembly from Debian's source package, cached outside the clone.
# The cache key is the RE2 source version (that of the installed libre2-dev, so native and WASM
# match) and the Emscripten version. Source after common.sh and system.sh.

re2_source_version() {
  dpkg-query -W -f='${source:Version}' libre2-dev 2>/dev/null ||
    die "libre2-dev is not installed (run ./scripts/setup)"
}

# The install prefix of RE2 for WASM; re2_DIR for CMake is <prefix>/lib/cmake/re2.
re2_wasm_prefix() {
  local emscripten_version
  emscripten_version="$(installed_version emscripten)"
  [[ -n "$emscripten_version" ]] || die "emscripten is not installed (run ./scripts/setup)"
  printf '%s/re2-wasm-%s-emscripten-%s\n' "$(atom_cache_dir)" "$(re2_source_version)" "$emscripten_version"
}

re2_wasm_cmake_dir() { printf '%s/lib/cmake/re2\n' "$(re2_wasm_prefix)"; }

ensure_re2_wasm() {
  local prefix version
  prefix="$(re2_wasm_prefix)"
  version="$(re2_source_version)"
  if [[ -f "$prefix/lib/cmake/re2/re2Config.cmake" && -f "$prefix/lib/libre2.a" ]]; then
    note "RE2 $version for WASM cached in $prefix"
    return 0
  fi
  step "Building RE2 $version for WASM (cache: $prefix)"
  ensure_deb_src
  if ! apt-cache showsrc re2 2>/dev/null | grep -qx "Version: $version"; then
    apt_update_once
  fi

  local work
  mkdir -p "$(dirname "$prefix")"
  work="$(mktemp -d "$(dirname "$prefix")/re2-build.XXXXXX")"
  # Cleans up on any exit of this function's subshell, success or failure.
  (
    trap 'rm -rf "$work"' EXIT
    cd "$work" || exit
    run_logged re2-source apt-get source --only-source "re2=$version"
    local src
    src="$(find "$work" -mindepth 1 -maxdepth 1 -type d -name 're2-*' -print -quit)"
    [[ -n "$src" ]] || die "apt-get source re2=$version left no re2-* folder in $work"
    # The +dfsg tarball drops these generated tables; Debian regenerates them the same way
    # (debian/rules REBUILD_TABLES=1), with Unicode data from the unicode-data package.
    run_logged re2-tables bash -c "cd '$src' &&
      perl re2/make_perl_groups.pl > re2/perl_groups.cc &&
      python3 re2/make_unicode_casefold.py > re2/unicode_casefold.cc &&
      python3 re2/make_unicode_groups.py > re2/unicode_groups.cc"
    export NODE_PATH=/usr/share/nodejs
    run_logged re2-configure emcmake cmake -S "$src" -B "$work/build" -DCMAKE_BUILD_TYPE=Release \
      -DRE2_BUILD_TESTING=OFF -DBUILD_SHARED_LIBS=OFF -DCMAKE_CXX_FLAGS_RELEASE="-O2 -DNDEBUG" \
      -DCMAKE_INSTALL_PREFIX="$work/prefix"
    run_logged re2-build cmake --build "$work/build" -j "$ATOM_JOBS"
    run_logged re2-install cmake --install "$work/build"
    rm -rf "$prefix"
    mv "$work/prefix" "$prefix"
  )
}
