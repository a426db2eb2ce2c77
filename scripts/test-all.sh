#!/usr/bin/env bash
# The one command that runs every test of Atrium (README "Tests"): the linter, the SDK's generated types, unit and integration
# tests against a fresh database, the production build and its function sizes, the Playwright contract specs
# and browser flows, then the reliability and production-mode suites when present.
# Each test stage writes a JSON report; the last line sums them as "N passed, N failed".
# The run fails when any stage exits non-zero, any report counts a failed test, or a
# stage that should have written a report wrote none (scripts/sum-reports.mjs).
set -uo pipefail
cd "$(dirname "$0")/.."
# What the browser stages need, checked (or installed, as root) before anything runs.
CHROMIUM_PATH=$(bash scripts/ensure-chromium.sh) || exit 1
export CHROMIUM_PATH
mkdir -p .data/reports
rm -f .data/reports/*.json
status=0
# Stages that exited non-zero, named at the end: a stage can fail with every test passed
# (vitest's unhandled rejections, a crashed web server), which no report counts.
failed_stages=()
# The reports the stages that ran must leave behind; a missing one fails the run.
expected_reports=()
# Each stage prints how long it took, so a slow stage shows in CI's log.
timed() {
  local started=$SECONDS
  "$@"
  local code=$?
  echo "--- $((SECONDS - started)) s"
  return $code
}
stage() {
  echo
  echo "=== $1"
  local name=$1
  shift
  timed "$@" || { status=1; failed_stages+=("$name"); }
}

stage "lint (eslint: typescript-eslint, Next, drizzle, import boundaries)" npx eslint .
# Every file in Prettier's layout (.prettierrc.json; npm run format writes it).
stage "format (prettier --check)" npx prettier --check --log-level warn .
stage "type check (tsc)" npx tsc --noEmit
# The SDK's generated types match the OpenAPI document (packages/sdk; npm run sdk:generate).
stage "SDK types up to date (openapi-typescript)" npx tsx scripts/generate-sdk.ts --check
expected_reports+=(vitest)
stage "unit and integration tests (vitest)" npx vitest run --reporter=default --reporter=json --outputFile.json=.data/reports/vitest.json
stage "production build" npx next build
# Each serverless function within its size budget, from the build's trace files (docs/deploy.md).
expected_reports+=(function-sizes)
stage "function sizes (traced files per serverless function)" npx tsx scripts/check-function-sizes.ts .data/reports/function-sizes.json
# A fresh embedded database for the production server under test (unless DATABASE_URL
# names one): its own data folder and port, shared with the specs' admin commands.
rm -rf .data/e2e
expected_reports+=(playwright)
stage "contract specs and browser flows (playwright)" env DATA_DIR=.data/e2e \
  EMBEDDED_PG_PORT=$((55000 + RANDOM % 2000)) PLAYWRIGHT_JSON_OUTPUT_NAME=.data/reports/playwright.json \
  npx playwright test --retries=1 --reporter=list,json
# These suites end with a plain "N passed, N failed" line; it is kept as their report.
suite() {
  local name=$1 script=$2
  echo
  echo "=== $name"
  # A suite whose script is gone fails the run rather than vanishing from it. Read from
  # package.json itself: `npm run | grep -q` closed npm's pipe early and npm logged an EPIPE error.
  if ! node -e 'process.exit(require("./package.json").scripts?.[process.argv[1]] ? 0 : 1)' "$script"; then
    echo "package.json has no \"$script\" script"
    status=1
    failed_stages+=("$name")
    return
  fi
  expected_reports+=("$script")
  local started=$SECONDS
  npm run -s "$script" 2>&1 | tee ".data/reports/$script.log"
  [ "${PIPESTATUS[0]}" -eq 0 ] || { status=1; failed_stages+=("$name"); }
  echo "--- $((SECONDS - started)) s"
  grep -E '^[0-9]+ passed, [0-9]+ failed' ".data/reports/$script.log" | tail -1 |
    sed -E 's/^([0-9]+) passed, ([0-9]+) failed.*/{"passed":\1,"failed":\2}/' > ".data/reports/$script.json"
  [ -s ".data/reports/$script.json" ] || { echo "$name printed no summary line"; status=1; rm -f ".data/reports/$script.json"; }
}
suite "reliability suite" test:reliability
suite "production-mode smoke suite" test:production

node scripts/sum-reports.mjs .data/reports "${expected_reports[@]}" || status=1
[ ${#failed_stages[@]} -eq 0 ] || printf 'stage exited non-zero: %s\n' "${failed_stages[@]}"
exit $status
