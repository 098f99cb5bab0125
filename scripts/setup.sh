#!/usr/bin/env bash
# Installs what the build needs; idempotent and quick when everything is already there.
#   bash scripts/setup.sh                 rust wasm target, wasm-bindgen CLI, node_modules
#   bash scripts/setup.sh --with-browser  ... and Debian's chromium for Playwright
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/lib/wasm-bindgen.sh

with_browser=0
for arg in "$@"; do
  case "$arg" in
    --with-browser) with_browser=1 ;;
    *) echo "setup.sh: unknown argument: $arg" >&2; exit 2 ;;
  esac
done

say() { printf 'setup: %s\n' "$*"; }
die() { printf 'setup: ERROR: %s\n' "$*" >&2; exit 1; }
started=$SECONDS

# --- toolchains that must already be there -------------------------------------------------
for tool in node npm cargo rustup; do
  command -v "$tool" >/dev/null || die "'$tool' is not on PATH (install Node.js >= 20.19 and Rust via rustup)"
done
node -e 'const [a,b]=process.versions.node.split(".").map(Number);process.exit(a>20||(a===20&&b>=19)?0:1)' \
  || die "Node.js $(node --version) is too old: Vite 8 needs >= 20.19"

# --- Rust target for WebAssembly ------------------------------------------------------------
if ! rustup target list --installed | grep -qx wasm32-unknown-unknown; then
  say "installing rust target wasm32-unknown-unknown"
  rustup target add wasm32-unknown-unknown
fi

# --- wasm-bindgen CLI, same version as the crate ----------------------------------------------
wb_version=$(wasm_bindgen_version)
if [[ -z "$(find_wasm_bindgen "$wb_version")" ]]; then
  wb_root=$(wasm_bindgen_root "$wb_version")
  say "installing wasm-bindgen-cli $wb_version into $wb_root/ (a few minutes, once a machine)"
  if ! cargo install --locked wasm-bindgen-cli --version "$wb_version" --root "$wb_root"; then
    say "'cargo install --locked' failed; retrying without --locked"
    cargo install wasm-bindgen-cli --version "$wb_version" --root "$wb_root"
  fi
  [[ -n "$(find_wasm_bindgen "$wb_version")" ]] \
    || die "wasm-bindgen $wb_version still not found after installing it"
fi

# --- node_modules -------------------------------------------------------------------------
# node_modules/.package-lock.json is rewritten by every npm install/ci: use it as the stamp.
if [[ -f package-lock.json ]]; then
  if [[ ! -f node_modules/.package-lock.json || package-lock.json -nt node_modules/.package-lock.json ]]; then
    say "installing node packages (npm ci)"
    npm ci --no-audit --no-fund
  fi
elif [[ ! -d node_modules ]]; then
  say "no package-lock.json: installing node packages (npm install)"
  npm install --no-audit --no-fund
fi

# --- Chromium for Playwright (Debian's; Playwright's own download cannot work here) ---------
if (( with_browser )) && [[ ! -x /usr/bin/chromium ]]; then
  say "installing chromium (apt-get)"
  sudo=""
  if (( EUID != 0 )); then
    command -v sudo >/dev/null || die "need root (or sudo) to apt-get install chromium"
    sudo="sudo"
  fi
  $sudo apt-get update
  DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y --no-install-recommends chromium
  [[ -x /usr/bin/chromium ]] || die "chromium installed but /usr/bin/chromium is missing"
fi

say "ready ($((SECONDS - started))s)"
