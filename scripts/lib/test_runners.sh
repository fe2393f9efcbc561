# shellcheck shell=bash
# Runs each test runner, shows its own output, and adds its counts to the totals.
# Source after common.sh.
# shellcheck source=fuzz.sh
source "$ATOM_ROOT/scripts/lib/fuzz.sh"

ATOM_RESULTS_DIR="$ATOM_BUILD/test-results"
ATOM_SUITE_TIMEOUT="${ATOM_SUITE_TIMEOUT:-1800}"   # seconds; a hung suite counts as failed
TOTAL_PASSED=0 TOTAL_FAILED=0 TOTAL_SKIPPED=0

add_counts() {
  local suite="$1" passed="$2" failed="$3" skipped="$4"
  TOTAL_PASSED=$((TOTAL_PASSED + passed))
  TOTAL_FAILED=$((TOTAL_FAILED + failed))
  TOTAL_SKIPPED=$((TOTAL_SKIPPED + skipped))
  note "$suite: $passed passed, $failed failed, $skipped skipped"
}

# Prints the value of attribute $2 on the first <testsuite> element of the JUnit file $1.
junit_attribute() {
  tr '\n\t' '  ' <"$1" | grep -o '<testsuite [^>]*' | head -n 1 | grep -o " $2=\"[0-9]*\"" | grep -o '[0-9]\+' || echo 0
}

run_ctest_suite() {
  step "C++ tests (ctest, build/native)"
  mkdir -p "$ATOM_RESULTS_DIR"
  local junit="$ATOM_RESULTS_DIR/ctest.xml" status=0
  rm -f "$junit"
  timeout -k 10 "$ATOM_SUITE_TIMEOUT" ctest --test-dir "$ATOM_NATIVE_BUILD" --output-on-failure \
    -j "$ATOM_JOBS" --output-junit "$junit" || status=$?
  if [[ ! -s "$junit" ]]; then
    warn "ctest wrote no results (exit $status)"
    add_counts ctest 0 1 0
    return 0
  fi
  local tests failures skipped disabled
  tests="$(junit_attribute "$junit" tests)"
  failures="$(junit_attribute "$junit" failures)"
  skipped="$(junit_attribute "$junit" skipped)"
  disabled="$(junit_attribute "$junit" disabled)"
  if ((status != 0 && failures == 0)); then
    warn "ctest exited $status with no failed test recorded"
    failures=1
  fi
  add_counts ctest "$((tests - failures - skipped - disabled))" "$failures" "$((skipped + disabled))"
}

# Test files as `node --test DIR` would pick them (*.test.mjs and the other default name patterns).
node_test_files() {
  find "$1" -type d -name node_modules -prune -o -type f \
    \( -name '*.test.mjs' -o -name '*.test.js' -o -name '*.test.cjs' \
       -o -name '*-test.mjs' -o -name '*_test.mjs' -o -name 'test-*.mjs' \) -print | sort
}

# Prints the number after "# NAME " in a node TAP summary, 0 when absent.
tap_count() {
  grep -E "^# $2 [0-9]+$" "$1" | tail -n 1 | grep -o '[0-9]\+$' || echo 0
}

run_node_suite() {
  local suite="$1" dir="$2" files
  mapfile -t files < <(node_test_files "$dir")
  ((${#files[@]} > 0)) || return 0
  step "Node tests: $suite (${dir#"$ATOM_ROOT"/}, ${#files[@]} files)"
  mkdir -p "$ATOM_RESULTS_DIR"
  local tap="$ATOM_RESULTS_DIR/$suite.tap" status=0
  rm -f "$tap"
  (cd "$ATOM_ROOT" && timeout -k 10 "$ATOM_SUITE_TIMEOUT" node --test \
    --test-reporter=spec --test-reporter-destination=stdout \
    --test-reporter=tap --test-reporter-destination="$tap" "${files[@]}") || status=$?
  if [[ ! -s "$tap" ]] || ! grep -qE '^# pass [0-9]+$' "$tap"; then
    warn "node --test for $suite reported no summary (exit $status)"
    add_counts "$suite" 0 1 0
    return 0
  fi
  local passed failed cancelled skipped todo
  passed="$(tap_count "$tap" pass)"
  failed="$(tap_count "$tap" fail)"
  cancelled="$(tap_count "$tap" cancelled)"
  skipped="$(tap_count "$tap" skipped)"
  todo="$(tap_count "$tap" todo)"
  failed=$((failed + cancelled))
  if ((status != 0 && failed == 0)); then
    warn "node --test for $suite exited $status with no failed test recorded"
    failed=1
  fi
  add_counts "$suite" "$passed" "$failed" "$((skipped + todo))"
}

# Every folder under tests/ with Node test files is a suite: wasm first, e2e (the slowest) last.
run_all_node_suites() {
  local dir name ordered=("$ATOM_ROOT/tests/wasm")
  for dir in "$ATOM_ROOT"/tests/*/; do
    name="$(basename "$dir")"
    [[ "$name" == wasm || "$name" == e2e || "$name" == cpp ]] || ordered+=("${dir%/}")
  done
  ordered+=("$ATOM_ROOT/tests/e2e")
  for dir in "${ordered[@]}"; do
    [[ -d "$dir" ]] && run_node_suite "$(basename "$dir")" "$dir"
  done
  return 0
}

# The WebAssembly engine's fuzzing (scripts/lib/fuzz-wasm.mjs), two tests (suite wasm-fuzz): its
# regression inputs (tests/fuzz/wasm/) replayed, and a smoke of ATOM_FUZZ_SMOKE_SECONDS with a fixed
# seed on the rule fixtures. It needs only build/wasm.
run_wasm_fuzz() {
  step "Fuzz: the WebAssembly engine (scripts/lib/fuzz-wasm.mjs)"
  local passed=0 failed=0 log out seconds="${ATOM_FUZZ_SMOKE_SECONDS:-12}"
  log="$ATOM_LOG_DIR/fuzz-wasm-replay.log"
  if (cd "$ATOM_ROOT" && node scripts/lib/fuzz-wasm.mjs --replay tests/fuzz/wasm) >"$log" 2>&1; then
    passed=$((passed + 1)); note "ok   replay wasm ($(tail -n 1 "$log"))"
  else
    failed=$((failed + 1)); warn "replay wasm failed: $(grep -m 1 '^failed:' "$log" || tail -n 1 "$log"); see ${log#"$ATOM_ROOT"/}"
  fi
  log="$ATOM_LOG_DIR/fuzz-wasm-smoke.log"
  if (cd "$ATOM_ROOT" && node scripts/lib/fuzz-wasm.mjs --seconds "$seconds" --seed 20261202) >"$log" 2>&1; then
    passed=$((passed + 1)); note "ok   smoke wasm ($(tail -n 1 "$log"))"
  else
    failed=$((failed + 1)); out="$(grep -m 1 '^failed:' "$log" || tail -n 1 "$log")"; warn "smoke wasm failed: $out; see ${log#"$ATOM_ROOT"/}"
  fi
  add_counts wasm-fuzz "$passed" "$failed" 0
}

# The fuzz suite: each libFuzzer target (build/fuzz) replays its committed regression inputs
# (tests/fuzz/<target>/) and runs a smoke of ATOM_FUZZ_SMOKE_SECONDS (12: under 60 s for the four) on
# seeds from the fixtures; each replay and smoke is a test. Then the sanitize suite: the ASan+UBSan
# CLI reviews the whole corpus (scripts/lib/sanitize-corpus.mjs), one test: every
# ATOM_SANITIZE_WHOLE_EVERY-th diff (8; 1 for all) with its whole files, the others from their hunks. Without clang/libFuzzer
# every one is skipped, without ../shared the sanitize one, each with the reason.
run_fuzz_suites() {
  run_wasm_fuzz
  step "Fuzz: regression inputs and a smoke per target (build/fuzz)"
  local missing tests=$((2 * ${#ATOM_FUZZ_TARGETS[@]}))
  missing="$(fuzz_toolchain_missing)"
  if [[ -n "$missing" ]]; then
    note "skipped: $missing"
    add_counts fuzz 0 0 "$tests"
    add_counts sanitize 0 0 1
    return 0
  fi
  if ! build_fuzz; then
    add_counts fuzz 0 "$tests" 0
    add_counts sanitize 0 1 0
    return 0
  fi
  local seconds="${ATOM_FUZZ_SMOKE_SECONDS:-12}" seeds target passed=0 failed=0 log execs
  seeds="$(mktemp -d)"
  for target in "${ATOM_FUZZ_TARGETS[@]}"; do
    log="$ATOM_LOG_DIR/fuzz-replay-$target.log"
    if fuzz_replay "$target" "$log"; then
      passed=$((passed + 1)); note "ok   replay $target ($(find "$(fuzz_regressions_dir "$target")" -maxdepth 1 -type f | wc -l) inputs)"
    else
      failed=$((failed + 1)); warn "replay $target failed: $(grep -m 1 -E 'ERROR: |runtime error:|Timeout' "$log"); see ${log#"$ATOM_ROOT"/}"
    fi
    log="$ATOM_LOG_DIR/fuzz-smoke-$target.log"
    fuzz_seeds "$target" "$seeds/$target" fixtures
    if execs="$(fuzz_run "$target" "$seconds" "$seeds/$target" "$ATOM_FUZZ_BUILD/artifacts/$target" "$log")"; then
      passed=$((passed + 1)); note "ok   smoke $target ($execs execs in $seconds s)"
    else
      failed=$((failed + 1)); warn "smoke $target failed: $(grep -m 1 -E 'ERROR: |runtime error:|Timeout' "$log"); input kept in ${ATOM_FUZZ_BUILD#"$ATOM_ROOT"/}/artifacts/$target; see ${log#"$ATOM_ROOT"/}"
    fi
  done
  rm -rf "$seeds"
  add_counts fuzz "$passed" "$failed" 0

  step "Sanitize: the ASan+UBSan CLI (build/fuzz) reviews the corpus"
  if [[ ! -d "$ATOM_FUZZ_SHARED/corpus" ]]; then
    note "skipped: no $ATOM_FUZZ_SHARED/corpus"
    add_counts sanitize 0 0 1
    return 0
  fi
  local trees=() dir
  dir="$("$ATOM_ROOT/scripts/corpus-trees" 2>/dev/null)" && trees=(--trees "$dir")
  ((${#trees[@]})) || note "no corpus trees: every diff from its hunks"
  if (cd "$ATOM_ROOT" && timeout -k 10 "$ATOM_SUITE_TIMEOUT" node scripts/lib/sanitize-corpus.mjs \
        --cli "$ATOM_FUZZ_BUILD/atom-review" --corpus "$ATOM_FUZZ_SHARED/corpus" "${trees[@]}" --jobs "$ATOM_JOBS" \
        --whole-every "${ATOM_SANITIZE_WHOLE_EVERY:-8}"); then
    add_counts sanitize 1 0 0
  else
    add_counts sanitize 0 1 0
  fi
}

# The one closing line; returns non-zero when anything failed.
print_totals() {
  local line="$TOTAL_PASSED passed, $TOTAL_FAILED failed"
  ((TOTAL_SKIPPED > 0)) && line+=", $TOTAL_SKIPPED skipped"
  printf '%s\n' "$line"
  ((TOTAL_FAILED == 0))
}
