#!/usr/bin/env bash
# `npm test`: every check the project has, in order, stopping at the first failure.
set -euo pipefail
cd "$(dirname "$0")/.."
export PATH="$PWD/node_modules/.bin:$PATH"

manifest=wasm-core/Cargo.toml
current_step="(start)"
started=$SECONDS
step_started=$SECONDS

step() {
  [[ "$current_step" == "(start)" ]] || printf '    (%s: %ds)\n' "$current_step" "$((SECONDS - step_started))"
  current_step=$1
  step_started=$SECONDS
  printf '\n\033[1m==> %s\033[0m\n' "$current_step"
}

on_exit() {
  local rc=$?
  if (( rc != 0 )); then
    printf '\n\033[1;31mnpm test FAILED at step "%s" (exit %d, after %ds)\033[0m\n' \
      "$current_step" "$rc" "$((SECONDS - started))" >&2
  fi
}
trap on_exit EXIT

step "setup"
bash scripts/setup.sh --with-browser

step "cargo fmt --check"
cargo fmt --manifest-path "$manifest" --all -- --check

step "cargo clippy"
cargo clippy --manifest-path "$manifest" --workspace --all-targets -- -D warnings

step "cargo test"
# The engine's tests, optimised (wasm-core/Cargo.toml's dev and test profiles). The bindings
# have none of their own: clippy checks them above, the wasm build compiles them below, and
# the Vitest and Playwright tests run them.
cargo test --manifest-path "$manifest" -p cachesim

step "generated TS types are committed"
# ts-rs writes web/src/sim/generated/ during `cargo test`; a diff means the committed copy is stale.
if git rev-parse --is-inside-work-tree >/dev/null 2>&1; then
  untracked=$(git ls-files --others --exclude-standard -- web/src/sim/generated)
  if ! git diff --exit-code --stat -- web/src/sim/generated || [[ -n "$untracked" ]]; then
    [[ -z "$untracked" ]] || printf 'untracked:\n%s\n' "$untracked"
    echo "generated TS types are stale: commit web/src/sim/generated" >&2
    echo "  (cargo test rewrote the files listed above: git add and commit them)" >&2
    exit 1
  fi
  echo "web/src/sim/generated matches git"
else
  echo "not a git checkout: skipped"
fi

step "wasm build"
bash scripts/build-wasm.sh

step "tsc --noEmit"
tsc --noEmit -p .

step "eslint"
eslint . --max-warnings 0

step "no import cycles"
# Every module of the page, its workers, the dev harness, the scripts and the specs: a runtime
# import cycle fails (type-only imports are ignored: --transform drops them first).
npm run -s cycles

step "vitest"
vitest run

step "vite build"
vite build

step "playwright"
playwright test

printf '    (%s: %ds)\n' "$current_step" "$((SECONDS - step_started))"
printf '\n\033[1;32mnpm test: all steps passed (%ds)\033[0m\n' "$((SECONDS - started))"
