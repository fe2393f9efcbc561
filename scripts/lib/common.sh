# shellcheck shell=bash disable=SC2034  # the variables are for the scripts that source this
# Shared by every scripts/* command: paths, progress lines, and steps whose output goes to a log.
# Source it; it defines functions and variables only.

ATOM_ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
ATOM_BUILD="$ATOM_ROOT/build"
ATOM_NATIVE_BUILD="$ATOM_BUILD/native"
ATOM_WASM_BUILD="$ATOM_BUILD/wasm"
ATOM_LOG_DIR="$ATOM_BUILD/logs"
ATOM_CLI="$ATOM_NATIVE_BUILD/atom-review"
ATOM_JOBS="${ATOM_JOBS:-$(nproc 2>/dev/null || echo 2)}"

step() { printf '==> %s\n' "$*"; }
note() { printf '    %s\n' "$*"; }
warn() { printf 'warning: %s\n' "$*" >&2; }
die() { printf 'error: %s\n' "$*" >&2; exit 1; }

# run_logged NAME COMMAND...: runs COMMAND with its output in build/logs/NAME.log.
# On failure prints the log's tail and its path, and returns the command's status.
run_logged() {
  local name="$1"; shift
  local log="$ATOM_LOG_DIR/$name.log"
  mkdir -p "$ATOM_LOG_DIR"
  local started=$SECONDS status=0
  "$@" >"$log" 2>&1 || status=$?
  if ((status != 0)); then
    printf 'error: %s failed (exit %d); see %s\n' "$name" "$status" "$log" >&2
    if grep -q -i -E '\berror\b' "$log"; then
      printf 'first errors:\n' >&2
      grep -i -E '\berror\b' "$log" | head -n 15 | sed 's/^/    | /' >&2
    fi
    printf 'last lines:\n' >&2
    tail -n 30 "$log" | sed 's/^/    | /' >&2
    return "$status"
  fi
  note "$name done in $((SECONDS - started)) s (log: ${log#"$ATOM_ROOT"/})"
}

# Runs a command as root: directly when we are root, through sudo otherwise.
as_root() {
  if ((EUID == 0)); then
    "$@"
  elif command -v sudo >/dev/null; then
    sudo "$@"
  else
    die "'$*' needs root (run as root or install sudo)"
  fi
}

# Where long-lived build products (RE2 for WASM) are kept, outside the clone so CI reuses them.
atom_cache_dir() {
  if [[ -n "${ATOM_CACHE:-}" ]]; then
    printf '%s\n' "$ATOM_CACHE"
  elif mkdir -p /var/cache/atom-review 2>/dev/null && [[ -w /var/cache/atom-review ]]; then
    printf '%s\n' /var/cache/atom-review
  else
    printf '%s\n' "${XDG_CACHE_HOME:-$HOME/.cache}/atom-review"
  fi
}

# Prints a Debian package's installed version, nothing when it is not installed.
installed_version() {
  dpkg-query -W -f='${Status} ${Version}\n' "$1" 2>/dev/null |
    awk '$1 == "install" && $3 == "installed" { print $4 }'
}
