#!/usr/bin/env bash
# Runs a Stryker configuration one source file at a time, inside a network namespace with only
# loopback, keeping each file's report and incremental file as soon as it is known (a run of the
# whole change-set engine takes hours; a stopped run keeps what it finished).
# Usage: build-tools/mutation-by-file.sh CONFIG FILE...   (reports in reports/mutation/by-file/)
# After adding tests, run with STRYKER_ARGS=--force: with the jest runner, incremental runs reuse
# "Survived" for mutants that the new tests kill (docs/change-set-prediction.md, Mutation testing).
set -uo pipefail
cd "$(dirname "$0")/.."
config=$1; shift
mkdir -p reports/mutation/by-file
json=$(node -p "require('./$config').jsonReporter.fileName")
for f in "$@"; do
  name=$(echo "$f" | tr '/' '_')
  unshare -n sh -c "ip link set lo up && exec npx stryker run '$config' --mutate '$f' --reporters json,clear-text ${STRYKER_ARGS:-} --incrementalFile 'reports/mutation/by-file/$name.incremental.json'" \
    > "reports/mutation/by-file/$name.log" 2>&1
  cp "$json" "reports/mutation/by-file/$name.json" 2>/dev/null
  echo "$(date +%T) $f: $(grep -E "^All files" "reports/mutation/by-file/$name.log" | head -1)"
done
