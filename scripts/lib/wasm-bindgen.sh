# Sourced by setup.sh and build-wasm.sh (from the repo root): which wasm-bindgen CLI to use.
# The CLI must be exactly the version of the wasm-bindgen crate the bindings link against.

WASM_BINDGEN_DEFAULT_VERSION=0.2.130
TOOLS_DIR=.tools

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

# Prints the path of a wasm-bindgen whose `--version` is exactly "wasm-bindgen $1":
# the project-local one in .tools/bin first, then one on PATH. Prints nothing if neither fits.
find_wasm_bindgen() {
  local want="wasm-bindgen $1" candidate
  for candidate in "$TOOLS_DIR/bin/wasm-bindgen" "$(command -v wasm-bindgen || true)"; do
    if [[ -n "$candidate" && -x "$candidate" ]] \
      && [[ "$("$candidate" --version 2>/dev/null)" == "$want" ]]; then
      echo "$candidate"
      return 0
    fi
  done
}
