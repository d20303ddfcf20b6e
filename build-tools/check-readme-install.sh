#!/usr/bin/env bash
# Runs the README's install command in a fresh clone of this repository, then installs the
# package it writes into a new app and checks what users import from it: cdk-lifecycle (the
# constructs), cdk-lifecycle/handler (the handler types) and cdk-lifecycle/testing.
# Used by .ci/run; takes about a minute (npm ci, jsii, jsii-pacmak).
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"

# The line of the README's "Install" block that builds the package, after `cd cdk-lifecycle &&`.
line=$(awk '/^## Install/{f=1} f && /^cd cdk-lifecycle && /{print; exit}' "$root/README.md")
[ -n "$line" ] || { echo "README.md has no 'cd cdk-lifecycle && ...' line under ## Install"; exit 1; }
install=$(echo "$line" | sed -e 's/^cd cdk-lifecycle && //' -e 's/ *#.*$//')
tarball=$(echo "$line" | grep -Eo 'dist/js/[^ ]+\.tgz' || true)
[ -n "$tarball" ] || { echo "README.md's install line names no dist/js/*.tgz"; exit 1; }

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
git clone -q "$root" "$work/cdk-lifecycle"
echo "== README install, in a fresh clone: $install"
(cd "$work/cdk-lifecycle" && bash -c "$install")
test -f "$work/cdk-lifecycle/$tarball" || { echo "the README's install did not write $tarball"; exit 1; }

echo "== the package in a new app"
mkdir "$work/app"
cd "$work/app"
npm init -y >/dev/null
# Peers (aws-cdk-lib, constructs) come from the clone: the registry copy is ~50 MB.
npm install --no-audit --no-fund --legacy-peer-deps "$work/cdk-lifecycle/$tarball" >/dev/null
for peer in aws-cdk-lib constructs typescript @types; do ln -s "$work/cdk-lifecycle/node_modules/$peer" "node_modules/$peer"; done
node -e "
const lib = require('cdk-lifecycle');
for (const name of ['ResourceProvider', 'ProvidedResource', 'ReplacementGuard', 'ChangeSetPredictor']) {
  if (typeof lib[name] !== 'function') throw new Error('cdk-lifecycle does not export ' + name);
}
if (typeof require('cdk-lifecycle/testing').LocalCloudFormation !== 'function') throw new Error('cdk-lifecycle/testing has no LocalCloudFormation');
require.resolve('cdk-lifecycle/handler');
JSON.parse(require('fs').readFileSync(require.resolve('cdk-lifecycle/schemas/review-rules.schema.json'), 'utf8'));
"
cat > handler.ts <<'TS'
import type { LifecycleEvent, LifecycleResult } from 'cdk-lifecycle/handler';
import { stepOk, type StepResult } from 'cdk-lifecycle/testing';

export async function onEvent(event: LifecycleEvent): Promise<LifecycleResult | void> {
  if (event.RequestType === 'Delete') return;
  return { PhysicalResourceId: event.LogicalResourceId, Data: { region: String(event.ResourceProperties.region) } };
}
export const ok = (step: StepResult): boolean => stepOk(step);
TS
node_modules/typescript/bin/tsc --noEmit --strict --module nodenext --moduleResolution nodenext --target es2022 --types node handler.ts
echo "README install: OK ($tarball installed; cdk-lifecycle, cdk-lifecycle/handler and cdk-lifecycle/testing resolve and type-check; the review rules' JSON schema is in the package)"
