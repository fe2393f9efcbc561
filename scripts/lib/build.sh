# shellcheck shell=bash
# The builds: native CLI and tests, the WebAssembly engine, the extension bundle.
# Source after common.sh and re2_wasm.sh.

# build_native [TARGET...]: every target when none is named.
build_native() {
  local targets=()
  (($#)) && targets=(--target "$@")
  step "Native build (${ATOM_NATIVE_BUILD#"$ATOM_ROOT"/}, Release)"
  run_logged native-configure cmake -S "$ATOM_ROOT" -B "$ATOM_NATIVE_BUILD" -DCMAKE_BUILD_TYPE=Release
  run_logged native-build cmake --build "$ATOM_NATIVE_BUILD" -j "$ATOM_JOBS" "${targets[@]}"
}

build_wasm() {
  step "WebAssembly build (build/wasm, -O3)"
  local re2_dir
  re2_dir="$(re2_wasm_cmake_dir)"
  [[ -f "$re2_dir/re2Config.cmake" ]] || die "RE2 for WASM is missing at $re2_dir (run ./scripts/setup)"
  # emcc runs its JS optimizer with the system node, which finds Debian's acorn only through this.
  export NODE_PATH=/usr/share/nodejs
  run_logged wasm-configure emcmake cmake -S "$ATOM_ROOT" -B "$ATOM_WASM_BUILD" \
    -DCMAKE_BUILD_TYPE=Release -DCMAKE_CXX_FLAGS_RELEASE="-O3 -DNDEBUG" -DCMAKE_C_FLAGS_RELEASE="-O3 -DNDEBUG" \
    -Dre2_DIR="$re2_dir"
  run_logged wasm-build cmake --build "$ATOM_WASM_BUILD" -j "$ATOM_JOBS"
  note "artifacts: build/wasm/atom_engine.mjs, build/wasm/atom_engine.wasm"
}

# extension/build.mjs (owned by the extension) bundles the extension around build/wasm's artifacts.
build_extension() {
  if [[ ! -f "$ATOM_ROOT/extension/build.mjs" ]]; then
    note "no extension/build.mjs: extension bundle skipped"
    return 0
  fi
  step "Extension bundle (node extension/build.mjs)"
  run_logged extension-build bash -c "cd '$ATOM_ROOT' && node extension/build.mjs"
}
