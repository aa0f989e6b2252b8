#!/usr/bin/env bash
# Builds the web app and the server into DIR (not apps/*/dist), so several people can build and run
# browser tests in one checkout at once: E2E_BUILD_DIR=DIR npx playwright test -c e2e/playwright.config.ts
set -euo pipefail
dir="$(realpath -m "${1:?usage: scripts/build-isolated.sh DIR}")"
root="$(cd "$(dirname "$0")/.." && pwd)"
(cd "$root/apps/web" && npx vite build --outDir "$dir/web" --emptyOutDir --logLevel warn)
(cd "$root/apps/api" && npx vite build --outDir "$dir/api" --emptyOutDir --logLevel warn)
echo "built into $dir"
