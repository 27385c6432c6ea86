#!/usr/bin/env bash
# Lints the Dockerfile with Microsoft's dockerfile-utils (the linter of VS Code's Docker support; hadolint is
# not available from the registries here). Warnings fail the lint as errors do.
set -euo pipefail
cd "$(dirname "$0")/.."
out=$(node_modules/.bin/dockerfile-utils lint Dockerfile 2>&1) || { echo "$out"; exit 1; }
if [ -n "$out" ]; then echo "$out"; exit 1; fi
echo "Dockerfile: no findings"
