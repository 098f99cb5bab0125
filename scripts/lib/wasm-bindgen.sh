# Sourced by setup.sh and build-wasm.sh (from the repo root): which wasm-bindgen CLI to use.
# The CLI must be exactly the version of the wasm-bindgen crate the bindings link against.

WASM_BINDGEN_DEFAULT_VERSION=0.2.130
TOOLS_DIR=.tools
# Where setup.sh installs it: one folder per version in the user's cache, shared by every
# clone of the project on this machine (as cargo's registry and npm's cache are), so a fresh
# clone links it instead of compiling it again (~2 minutes of a clean `npm test`, issue 38 #2).
# CACHESIM_TOOLS_CACHE moves it; the project-local .tools/ still wins when it has the version.
TOOLS_CACHE=${CACHESIM_TOOLS_CACHE:-${XDG_CACHE_HOME:-$HOME/.cache}/cachesim-tools}

# The version the crate uses: Cargo.lock when present, else the `=X.Y.Z` pin in
# bindings/Cargo.toml, else the default above.
wasm_bindgen_version() {
  local v=""
  if [[ -f wasm-core/Cargo.lock ]]; then
    v=$(awk '/^name = "wasm-bindgen"$/ { getline; gsub(/version = |"/, ""); print; exit }' \
      wasm-core/Cargo.lock)
  fi
  if [[ -z "$v" && -f wasm-core/bindings/Cargo.toml ]]; then
    v=$(sed -n 's/^wasm-bindgen *= *"=\([0-9.]*\)".*/\1/p' wasm-core/bindings/Cargo.toml | head -n 1)
  fi
  echo "${v:-$WASM_BINDGEN_DEFAULT_VERSION}"
}

# The folder setup.sh installs version $1 of the CLI into.
wasm_bindgen_root() {
  echo "$TOOLS_CACHE/wasm-bindgen-cli-$1"
}

# Prints the path of a wasm-bindgen whose `--version` is exactly "wasm-bindgen $1":
# the project-local one in .tools/bin first, then the user's cache, then one on PATH. Prints
# nothing if none fits.
find_wasm_bindgen() {
  local want="wasm-bindgen $1" candidate
  for candidate in "$TOOLS_DIR/bin/wasm-bindgen" "$(wasm_bindgen_root "$1")/bin/wasm-bindgen" \
    "$(command -v wasm-bindgen || true)"; do
    if [[ -n "$candidate" && -x "$candidate" ]] \
      && [[ "$("$candidate" --version 2>/dev/null)" == "$want" ]]; then
      echo "$candidate"
      return 0
    fi
  done
}
