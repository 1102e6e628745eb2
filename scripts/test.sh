#!/usr/bin/env bash
# `npm test`: lint, format, types and the web build as checks, then every test (unit, integration,
# sdk against the real server, browser journeys) in one Vitest run. Closes with `N passed, N failed`.
set -u
cd "$(dirname "$0")/.."

bash scripts/ensure-chromium.sh

# The call tests relay through a real coturn: the one of TURN_URLS/TURN_SECRET (CI starts it), else one
# started here on loopback (installed with apt-get when missing and root) and stopped at the end.
if [ -z "${TURN_URLS:-}" ] || [ -z "${TURN_SECRET:-}" ]; then
  export COTURN_DIR
  COTURN_DIR=$(mktemp -d "${TMPDIR:-/tmp}/im-coturn.XXXXXX")
  # A port of its own, so that a coturn already running on 3478 is left alone.
  export COTURN_PORT=${COTURN_PORT:-$((40000 + RANDOM % 5000))}
  export COTURN_MIN_PORT=$((COTURN_PORT + 1)) COTURN_MAX_PORT=$((COTURN_PORT + 60))
  if turn_env=$(bash scripts/coturn.sh start); then
    while IFS= read -r line; do export "${line?}"; done <<<"$turn_env"
  fi
  trap 'bash scripts/coturn.sh stop; rm -rf "$COTURN_DIR"' EXIT
fi

# The four checks in two lanes side by side (each is one process on one core: lint alone takes as
# long as the other three), each check's output kept and printed in order once both lanes end.
checks_dir=$(mktemp -d)
check() {
  local name=$1
  shift
  { echo "== $name: $*"; "$@"; } >"$checks_dir/$name.log" 2>&1
  echo $? >"$checks_dir/$name.status"
}
check lint eslint . &
lint_lane=$!
{
  check format prettier --check . --log-level warn
  check typecheck npm run --silent typecheck
  check build npm run --silent build:web
} &
other_lane=$!
wait "$lint_lane" "$other_lane"

passed_checks=0
failed_checks=0
for name in lint format typecheck build; do
  cat "$checks_dir/$name.log"
  if [ "$(cat "$checks_dir/$name.status" 2>/dev/null)" = 0 ]; then
    passed_checks=$((passed_checks + 1))
  else
    echo "FAILED check: $name"
    failed_checks=$((failed_checks + 1))
  fi
done
rm -rf "$checks_dir"

summary=$(mktemp)
SUMMARY_FILE=$summary vitest run "$@"
vitest_status=$?

read -r passed failed < <(node -e "
  const fs = require('node:fs');
  let s = { passed: 0, failed: 1 };
  try { s = JSON.parse(fs.readFileSync(process.argv[1], 'utf8')); } catch {}
  console.log(s.passed, s.failed);
" "$summary")
rm -f "$summary"
if [ "$vitest_status" -ne 0 ] && [ "$failed" -eq 0 ]; then failed=1; fi

passed=$((passed + passed_checks))
failed=$((failed + failed_checks))
echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ]
