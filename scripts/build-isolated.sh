#!/usr/bin/env bash
# Builds the web app and the server into .builds/NAME (not apps/*/dist), so several people can build
# and run browser tests in one checkout at once:
#   scripts/build-isolated.sh NAME && E2E_BUILD_DIR=$PWD/.builds/NAME npx playwright test -c e2e/playwright.config.ts
# The folder sits inside the repo so the server bundle still resolves node_modules.
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
dir="$root/.builds/${1:?usage: scripts/build-isolated.sh NAME}"
(cd "$root/apps/web" && npx vite build --outDir "$dir/web" --emptyOutDir --logLevel warn)
(cd "$root/apps/api" && npx vite build --outDir "$dir/api" --emptyOutDir --logLevel warn)
echo "built into $dir"
