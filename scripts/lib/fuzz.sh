# shellcheck shell=bash
# The libFuzzer build (build/fuzz: clang-14, ATOM_FUZZ=ON, every target with ASan+UBSan), its seeds
# and its runs; used by scripts/fuzz and by the fuzz and sanitize suites of scripts/test.
# Source after common.sh.

ATOM_FUZZ_BUILD="$ATOM_BUILD/fuzz"
ATOM_FUZZ_TARGETS=(diff review pack tiers)
ATOM_FUZZ_CC="${ATOM_FUZZ_CC:-clang-14}"
ATOM_FUZZ_CXX="${ATOM_FUZZ_CXX:-clang++-14}"
ATOM_FUZZ_SHARED="${ATOM_SHARED_DIR:-$ATOM_ROOT/../shared}"

# Prints why the fuzz build cannot be made here (nothing when it can).
fuzz_toolchain_missing() {
  command -v "$ATOM_FUZZ_CXX" >/dev/null || { echo "$ATOM_FUZZ_CXX is not installed (Debian: clang-14)"; return 0; }
  local runtime
  runtime="$("$ATOM_FUZZ_CXX" -print-runtime-dir 2>/dev/null)"
  [[ -f "$runtime/libclang_rt.fuzzer-x86_64.a" ]] ||
    echo "libFuzzer is not installed (no libclang_rt.fuzzer-x86_64.a in '$runtime'; Debian: libclang-rt-14-dev)"
}

# build_fuzz [TARGET...]: the fuzz targets and the sanitized CLI (build/fuzz/atom-review).
build_fuzz() {
  step "Fuzz build (${ATOM_FUZZ_BUILD#"$ATOM_ROOT"/}, $ATOM_FUZZ_CXX, ASan+UBSan+libFuzzer)"
  run_logged fuzz-configure cmake -S "$ATOM_ROOT" -B "$ATOM_FUZZ_BUILD" -DCMAKE_BUILD_TYPE=RelWithDebInfo \
    -DCMAKE_C_COMPILER="$ATOM_FUZZ_CC" -DCMAKE_CXX_COMPILER="$ATOM_FUZZ_CXX" -DATOM_FUZZ=ON
  local targets=("$@")
  ((${#targets[@]})) || targets=("${ATOM_FUZZ_TARGETS[@]/#/fuzz_}" atom-review)
  run_logged fuzz-build cmake --build "$ATOM_FUZZ_BUILD" -j "$ATOM_JOBS" --target "${targets[@]}"
}

# The committed regression inputs of TARGET (tests/fuzz/TARGET/), the folder printed.
fuzz_regressions_dir() { printf '%s\n' "$ATOM_ROOT/tests/fuzz/$1"; }

# fuzz_seeds TARGET DIR: fills DIR with TARGET's seeds (copies, made at run time, never committed):
#   diff    every ../shared/corpus diff (without ../shared: the diffs under tests/fixtures)
#   review  each corpus diff + its meta + the PR's head files from scripts/corpus-trees, joined as
#           tests/fuzz/fuzz_input.h describes, the PRs that fit in fuzz_max_len (129 of 589 here;
#           without ../shared: the demo PR the same way)
#   pack    the built-in packs (core/packs/*.json)
#   tiers   ../shared/corpus/*-gitlog.txt (without ../shared: this clone's own git log)
# and, for every target, its committed regression inputs. A third argument "fixtures" takes the
# fixtures even when ../shared is there (the smoke, whose seeds must run in seconds).
fuzz_seeds() {
  local target="$1" dir="$2" corpus="$ATOM_FUZZ_SHARED/corpus" file
  [[ "${3:-}" == fixtures ]] && corpus=""   # -d "" is false: the fixtures branches below
  mkdir -p "$dir"
  case "$target" in
    diff)
      if [[ -d "$corpus" ]]; then
        for file in "$corpus"/*/*.diff; do cp "$file" "$dir/$(basename "$(dirname "$file")")-$(basename "$file")"; done
      else
        cp "$ATOM_ROOT"/tests/fixtures/diffs/* "$ATOM_ROOT"/tests/fixtures/demo/*.diff "$dir/"
      fi ;;
    review)
      if [[ -d "$corpus" ]]; then
        local trees=""
        trees="$("$ATOM_ROOT/scripts/corpus-trees" 2>/dev/null)" || trees=""
        for file in "$corpus"/*/*.diff; do
          local repo sha10
          repo="$(basename "$(dirname "$file")")" sha10="$(basename "$file" .diff)"
          fuzz_review_seed "$file" "${file%.diff}.meta.json" "${trees:+$trees/$repo/$sha10/head}" >"$dir/$repo-$sha10"
          # Cut to the largest input, a seed would lose its meta and files (and the first pass over
          # the seeds, which libFuzzer makes before its time limit counts, would take minutes).
          (($(stat -c %s "$dir/$repo-$sha10") <= $(fuzz_max_len review))) || rm "$dir/$repo-$sha10"
        done
      else
        fuzz_review_seed "$ATOM_ROOT/tests/fixtures/demo/demo-pr.diff" "$ATOM_ROOT/tests/fixtures/demo/demo-pr.meta.json" \
          "$ATOM_ROOT/tests/fixtures/demo/demo-pr-head" >"$dir/demo-pr"
      fi ;;
    pack)
      for file in "$ATOM_ROOT"/core/packs/*.json; do
        [[ "$file" == *.schema.json ]] || cp "$file" "$dir/"
      done ;;
    tiers)
      if compgen -G "$corpus/*-gitlog.txt" >/dev/null; then
        cp "$corpus"/*-gitlog.txt "$dir/"
      else
        git -C "$ATOM_ROOT" log --name-only --format='commit %H %aI %cI' >"$dir/own-gitlog.txt" 2>/dev/null || true
      fi ;;
  esac
  local regressions
  regressions="$(fuzz_regressions_dir "$target")"
  if [[ -d "$regressions" ]]; then
    for file in "$regressions"/*; do [[ -f "$file" ]] && cp "$file" "$dir/regression-$(basename "$file")"; done
  fi
  return 0
}

# fuzz_review_seed DIFF META HEAD_DIR: one review input on stdout (META and HEAD_DIR may be absent).
fuzz_review_seed() {
  local diff="$1" meta="$2" head="$3" path
  cat "$diff"
  if [[ -f "$meta" ]]; then printf '=== fuzz:meta ===\n'; cat "$meta"; fi
  [[ -n "$head" && -d "$head" ]] || return 0
  while IFS= read -r path; do
    printf '=== fuzz:file %s ===\n' "$path"
    cat "$head/$path"
  done < <(cd "$head" && find . -type f | sed 's|^\./||' | sort)
}

# The largest input libFuzzer makes for TARGET (longer seeds are cut to it).
fuzz_max_len() {
  case "$1" in
    tiers) echo 131072 ;;
    *) echo 65536 ;;
  esac
}

# The options every run of a target uses: a unit slower than 10 s counts as a hang (inputs must finish
# in time linear in their size), 2 GB RSS as a leak or blow-up.
fuzz_options() {
  printf '%s\n' -timeout=10 -rss_limit_mb=2048 -max_len="$(fuzz_max_len "$1")" -print_final_stats=1
}

# fuzz_run TARGET SECONDS SEEDS_DIR ARTIFACTS_DIR LOG: runs TARGET for SECONDS on a fresh working
# corpus seeded from SEEDS_DIR; a crash, hang or leak input is kept in ARTIFACTS_DIR. Prints the execs.
fuzz_run() {
  local target="$1" seconds="$2" seeds="$3" artifacts="$4" log="$5" work status=0
  work="$(mktemp -d)"
  mkdir -p "$artifacts"
  local options
  mapfile -t options < <(fuzz_options "$target")
  "$ATOM_FUZZ_BUILD/fuzz_$target" "${options[@]}" -max_total_time="$seconds" -artifact_prefix="$artifacts/" \
    "$work" "$seeds" >"$log" 2>&1 || status=$?
  rm -rf "$work"
  fuzz_execs "$log"
  return "$status"
}

# The number of executed units in a libFuzzer log (its -print_final_stats line), 0 when absent.
fuzz_execs() {
  grep -o 'stat::number_of_executed_units: [0-9]*' "$1" | tail -n 1 | grep -o '[0-9]*$' || echo 0
}

# fuzz_replay TARGET LOG: runs each committed regression input of TARGET once; fails on any report.
fuzz_replay() {
  local target="$1" log="$2" inputs=()
  mapfile -t inputs < <(find "$(fuzz_regressions_dir "$target")" -maxdepth 1 -type f 2>/dev/null | sort)
  if ((${#inputs[@]} == 0)); then
    echo "no regression inputs in tests/fuzz/$target" >"$log"
    return 0
  fi
  local options
  mapfile -t options < <(fuzz_options "$target")
  "$ATOM_FUZZ_BUILD/fuzz_$target" "${options[@]}" "${inputs[@]}" >"$log" 2>&1
}
