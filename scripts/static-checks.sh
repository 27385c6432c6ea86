#!/usr/bin/env bash
# The first half of `npm test`: the typecheck and the lint at once. Each is mostly one process on one core (the
# typecheck about 20 s, the lint about 15 s on CI's 2 cores), so together they take the longer one's time. Each
# one's output is printed whole when both have ended, and either failing fails the command.
set -uo pipefail
cd "$(dirname "$0")/.."
typecheck_log=$(mktemp)
lint_log=$(mktemp)
trap 'rm -f "$typecheck_log" "$lint_log"' EXIT
started=$SECONDS
npm run --silent typecheck >"$typecheck_log" 2>&1 &
typecheck_pid=$!
npm run --silent lint >"$lint_log" 2>&1 &
lint_pid=$!
wait "$typecheck_pid"; typecheck_status=$?
wait "$lint_pid"; lint_status=$?
verdict() { if [ "$1" = 0 ]; then echo ok; else echo "FAILED (exit $1)"; fi; }
echo "== npm run typecheck: $(verdict "$typecheck_status")"
cat "$typecheck_log"
echo "== npm run lint: $(verdict "$lint_status")"
cat "$lint_log"
echo "== typecheck and lint: $((SECONDS - started)) s"
[ "$typecheck_status" = 0 ] && [ "$lint_status" = 0 ]
