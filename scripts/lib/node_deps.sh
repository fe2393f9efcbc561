# shellcheck shell=bash
# The repository's npm dependencies: the extension's, and the tree-sitter runtime and grammars that
# the core compiles as C sources (CMakeLists.txt). Source after common.sh.

# Runs `npm ci` when the lock file changed since the last install, or node_modules is missing.
# --ignore-scripts: the tree-sitter packages' install step would build Node bindings with node-gyp
# (downloading Node's headers); we only read their C sources. esbuild works without its install
# step (its launcher finds the platform package).
ensure_node_modules() {
  local lock="$ATOM_ROOT/package-lock.json" manifest="$ATOM_ROOT/package.json"
  if [[ ! -f "$manifest" ]]; then
    note "no package.json: npm install skipped"
    return 0
  fi
  [[ -f "$lock" ]] || die "package.json has no package-lock.json beside it: run 'npm install' once and commit the lock file"
  local stamp="$ATOM_ROOT/node_modules/.atom-review-installed" wanted
  wanted="$(cat "$manifest" "$lock" | sha256sum | cut -d' ' -f1)"
  if [[ -f "$stamp" && "$(cat "$stamp")" == "$wanted" ]]; then
    note "node_modules up to date"
    return 0
  fi
  step "Installing npm dependencies (npm ci --ignore-scripts)"
  run_logged npm-ci npm ci --prefix "$ATOM_ROOT" --ignore-scripts --no-audit --no-fund
  printf '%s\n' "$wanted" >"$stamp"
}
