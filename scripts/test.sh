#!/usr/bin/env bash
# `npm test`: lint, format, types and the web build as checks, then every test (unit, integration,
# sdk against the real server, browser journeys) in one Vitest run. Closes with `N passed, N failed`.
set -u
cd "$(dirname "$0")/.."

bash scripts/ensure-chromium.sh

passed_checks=0
failed_checks=0
check() {
  local name=$1
  shift
  echo "== $name: $*"
  if "$@"; then
    passed_checks=$((passed_checks + 1))
  else
    echo "FAILED check: $name"
    failed_checks=$((failed_checks + 1))
  fi
}

check lint eslint .
check format prettier --check . --log-level warn
check typecheck npm run --silent typecheck
check build npm run --silent build:web

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
