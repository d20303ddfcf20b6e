#!/usr/bin/env bash
# Sets up a language's app in test/languages/<language> with the package built for it, as
# a user of that language installs it: `build-tools/languages.sh setup python|go`.
# - python: a virtual environment in test/languages/python/.venv with aws-cdk-lib from PyPI
#   (requirements.txt: the newest release in the supported range) and the wheel in dist/python.
# - go: the app's modules (go.mod: aws-cdk-go from the Go module proxy, cdk-lifecycle replaced
#   by the module in dist/go/cdklifecycle), then a build of the app and the module.
# Prints the package's size. Used by the test:python and test:go tasks (and so by .ci/run).
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
[ "${1:-}" = setup ] || { echo "usage: $0 setup python|go" >&2; exit 2; }
language="${2:-}"
started=$(date +%s)

case "$language" in
  python)
    wheel=$(ls "$root"/dist/python/cdk_lifecycle-*.whl 2>/dev/null | head -1 || true)
    [ -n "$wheel" ] || { echo "no wheel in dist/python: run npx projen package:python first" >&2; exit 1; }
    echo "== the Python wheel: $(basename "$wheel"), $(du -k "$wheel" | cut -f1) KB"
    app="$root/test/languages/python"
    python3 -m venv --clear "$app/.venv"
    "$app/.venv/bin/pip" install --quiet --disable-pip-version-check -r "$app/requirements.txt" "$wheel"
    # The version stays 0.0.0 from build to build: install this build's wheel over any other.
    "$app/.venv/bin/pip" install --quiet --disable-pip-version-check --force-reinstall --no-deps "$wheel"
    "$app/.venv/bin/pip" list --disable-pip-version-check 2>/dev/null | grep -Ei '^(aws-cdk-lib|cdk-lifecycle|constructs|jsii) '
    ;;
  go)
    module="$root/dist/go/cdklifecycle"
    [ -f "$module/go.mod" ] || { echo "no Go module in dist/go/cdklifecycle: run npx projen package:go first" >&2; exit 1; }
    echo "== the Go module: dist/go/cdklifecycle, $(du -sk "$module" | cut -f1) KB"
    cd "$root/test/languages/go"
    go mod download
    go build -o /dev/null .
    go list -m github.com/aws/aws-cdk-go/awscdk/v2 github.com/aws/jsii-runtime-go
    ;;
  *)
    echo "unknown language '$language': expected python or go" >&2; exit 2 ;;
esac
echo "== $language set up in $(( $(date +%s) - started )) s"
