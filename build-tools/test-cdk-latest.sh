#!/usr/bin/env bash
# Runs the suites that depend on aws-cdk-lib's behaviour (the guard, the constructs, the
# end-to-end provider tests and the example app) against the newest aws-cdk-lib the registry
# serves, installed without saving, then puts the pinned minimum back. Users install the
# newest release in the declared peer range, so CI must prove both ends of it.
set -uo pipefail
cd "$(dirname "$0")/.."
pinned=$(node -p "require('./package.json').devDependencies['aws-cdk-lib']")
echo "== aws-cdk-lib: pinned minimum ${pinned}; installing the newest release (not saved)"
npm i --no-save --no-audit --no-fund aws-cdk-lib@latest >/dev/null || exit 1
latest=$(node -p "require('aws-cdk-lib/package.json').version")
echo "== running the guard, construct, end-to-end and example suites against aws-cdk-lib ${latest}"
status=0
npx jest --coverage=false --ci test/replacement test/custom-resource test/e2e test/examples.test.ts || status=$?
echo "== restoring aws-cdk-lib ${pinned}"
npm i --no-save --no-audit --no-fund "aws-cdk-lib@${pinned}" >/dev/null || status=1
echo "aws-cdk-lib ${latest}: suites $([ "$status" -eq 0 ] && echo passed || echo FAILED)"
exit "$status"
