#!/usr/bin/env bash
# Sets up a language's app in test/languages/<language> with the package built for it, as
# a user of that language installs it: `build-tools/languages.sh setup python|go`.
# - python: a virtual environment in test/languages/python/.venv with aws-cdk-lib from PyPI
#   (requirements.txt: the newest release in the supported range) and the wheel in dist/python.
# - go: the app's modules (go.mod: aws-cdk-go from the Go module proxy, cdk-lifecycle replaced
#   by the module in dist/go/cdklifecycle), then a build of the app and the module.
# - java: the jar, built by Maven from the code jsii-pacmak generates, against the aws-cdk-lib
#   of the app's pom.xml (2.263.0, the newest this project's Maven Central serves, below the
#   2.270.0 the package's pom asks for: see docs/languages.md), installed into the local Maven
#   repository; then the app is compiled.
# Prints the package's size. Used by the test:python and test:go tasks (and so by .ci/run).
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
[ "${1:-}" = setup ] || { echo "usage: $0 setup python|go|java" >&2; exit 2; }
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
  java)
    cdk_version=$(sed -n 's:.*<cdk.version>\(.*\)</cdk.version>.*:\1:p' "$root/test/languages/java/pom.xml")
    rm -rf "$root/dist/java-local"
    (cd "$root" && npx jsii-pacmak --target java --code-only --outdir dist/java-local)
    cd "$root/dist/java-local/java"
    grep -q '<version>\[2\.' pom.xml || { echo "the generated pom.xml names no aws-cdk-lib range" >&2; exit 1; }
    sed -i "/<artifactId>aws-cdk-lib<\/artifactId>/{n;s:<version>.*</version>:<version>${cdk_version}</version>:}" pom.xml
    grep -A1 '<artifactId>aws-cdk-lib</artifactId>' pom.xml | grep -q "<version>${cdk_version}</version>" || { echo "could not set aws-cdk-lib ${cdk_version} in the generated pom.xml" >&2; exit 1; }
    mvn -q -B install -DskipTests -Dmaven.javadoc.skip=true
    echo "== the Java jar: $(ls target/cdk-lifecycle-*[0-9].jar), $(du -k target/cdk-lifecycle-*[0-9].jar | cut -f1) KB, built against aws-cdk-lib ${cdk_version}"
    cd "$root/test/languages/java"
    mvn -q -B compile
    ;;
  *)
    echo "unknown language '$language': expected python, go or java" >&2; exit 2 ;;
esac
echo "== $language set up in $(( $(date +%s) - started )) s"
