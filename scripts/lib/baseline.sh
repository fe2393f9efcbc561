# shellcheck shell=bash
# The native CLI of another commit (the baseline scripts/corpus-diff compares against), built once
# per commit. Source after common.sh and build.sh (node_deps.sh is sourced here).
#   build/baseline/src            a detached git worktree, moved to each baseline commit in turn
#                                 (so a new baseline rebuilds only what changed)
#   build/baseline/native         its CMake build
#   build/baseline/<commit>/atom-review   the CLI of that commit, kept

# shellcheck source=node_deps.sh
source "$ATOM_ROOT/scripts/lib/node_deps.sh"

ATOM_BASELINE_DIR="$ATOM_BUILD/baseline"

# baseline_cli REV: prints the path of REV's atom-review, building it when it is not cached.
# Progress goes to standard error.
baseline_cli() {
  local commit
  commit="$(git -C "$ATOM_ROOT" rev-parse --verify -q "$1^{commit}")" || die "corpus-diff: '$1' is not a commit"
  local cached="$ATOM_BASELINE_DIR/$commit/atom-review"
  if [[ ! -x "$cached" ]]; then
    build_baseline "$commit" >&2
    mkdir -p "$(dirname "$cached")"
    cp "$ATOM_BASELINE_DIR/native/atom-review" "$cached.partial"
    mv "$cached.partial" "$cached"
  fi
  printf '%s\n' "$cached"
}

build_baseline() {
  local commit="$1" src="$ATOM_BASELINE_DIR/src"
  step "Baseline: atom-review at ${commit:0:10}"
  if [[ -e "$src/.git" ]]; then
    git -C "$src" checkout -q --detach "$commit"
  else
    git -C "$ATOM_ROOT" worktree prune
    git -C "$ATOM_ROOT" worktree add -q --detach "$src" "$commit"
  fi
  (
    ATOM_ROOT="$src"
    ATOM_NATIVE_BUILD="$ATOM_BASELINE_DIR/native"
    ATOM_LOG_DIR="$ATOM_BASELINE_DIR/logs"
    ensure_node_modules  # the tree-sitter sources the core compiles come from npm
    build_native atom-review
  )
}
