#!/usr/bin/env bash
# Builds the Rust engine to WebAssembly and generates its JS bindings into web/src/wasm/pkg/.
# Skips all work when the output is newer than every input under wasm-core/.
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/lib/wasm-bindgen.sh

out_dir=web/src/wasm/pkg
stamp=$out_dir/cachesim_bg.wasm
target_dir=${CARGO_TARGET_DIR:-wasm-core/target}
wasm=$target_dir/wasm32-unknown-unknown/release/cachesim_wasm.wasm

# Everything that can change the .wasm: manifests, lock file, toolchain file, sources, build
# scripts, and this script itself.
inputs=(wasm-core/Cargo.toml wasm-core/Cargo.lock wasm-core/rust-toolchain.toml
  wasm-core/rust-toolchain .cargo scripts/build-wasm.sh node_modules/binaryen/package.json)
inputs+=(wasm-core/*/Cargo.toml wasm-core/*/src wasm-core/*/build.rs)
existing=()
for p in "${inputs[@]}"; do [[ -e "$p" ]] && existing+=("$p"); done

if [[ -f "$stamp" && -f "$out_dir/cachesim.js" ]] \
  && [[ -z "$(find "${existing[@]}" -newer "$stamp" -print -quit)" ]]; then
  echo "build-wasm: $out_dir is up to date"
  exit 0
fi

wb_version=$(wasm_bindgen_version)
wasm_bindgen=$(find_wasm_bindgen "$wb_version")
[[ -n "$wasm_bindgen" ]] || {
  echo "build-wasm: ERROR: wasm-bindgen $wb_version not found: run 'bash scripts/setup.sh'" >&2
  exit 1
}

echo "build-wasm: cargo build (wasm32-unknown-unknown, release)"
cargo build --release --target wasm32-unknown-unknown -p cachesim-wasm \
  --manifest-path wasm-core/Cargo.toml

echo "build-wasm: $wasm_bindgen --target web -> $out_dir"
rm -rf "$out_dir"
"$wasm_bindgen" --target web --out-dir "$out_dir" --out-name cachesim "$wasm"
# Binaryen's optimiser from the npm package `binaryen` (exact version in package.json; not
# Debian's, whose version differs): it drops the name section and shrinks the code. -O3, not
# -Oz: both give the same gzip size within 0.1 % here, and -O3 keeps the engine's speed.
wasm_opt=node_modules/.bin/wasm-opt
[[ -x "$wasm_opt" ]] || {
  echo "build-wasm: ERROR: $wasm_opt not found: run 'npm ci' (devDependency binaryen)" >&2
  exit 1
}
echo "build-wasm: $wasm_opt -O3 ($("$wasm_opt" --version))"
"$wasm_opt" -O3 "$stamp" -o "$stamp.opt"
mv "$stamp.opt" "$stamp"
echo "build-wasm: done ($(du -k "$stamp" | cut -f1) KiB wasm)"
