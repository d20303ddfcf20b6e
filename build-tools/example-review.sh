#!/usr/bin/env bash
# `npm run example:review` (after example:diff): the example change as every review output, and a
# screenshot of its HTML report, in examples/review/ (git-ignored: an example changes no tracked
# file; `npm run docs:samples` copies the screenshot to docs/images/ for the README).
set -uo pipefail
cd "$(dirname "$0")/../examples"
npx ts-node --transpile-only ../src/cli/main.ts diff cdk.out.before cdk.out.after --fail-on none \
  --rules ../docs/review-rules/protect-data.yaml \
  --html review/review.html --markdown review/review.md --sarif review/review.sarif --junit review/review.xml > /dev/null
code=$?
# Exit code 1 is the review's verdict (a rule fails the change), not an error.
[ "$code" -le 1 ] || exit "$code"
cd ..
npx ts-node --transpile-only build-tools/screenshot-report.ts examples/review/review.html examples/review/review-report.png
