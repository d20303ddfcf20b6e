/**
 * Runs the real `cdk synth` (the CLI of the aws-cdk devDependency) on a TypeScript app of the
 * repository, transpiled by ts-node, into a fresh output directory: what the guard's tests check
 * against what users run in CI.
 */
import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';

const ROOT = path.join(__dirname, '..', '..');
const CDK = path.join(ROOT, 'node_modules', '.bin', 'cdk');

/** What one `cdk synth` run left. */
export interface CdkSynthResult {
  /** The exit code (null when the run timed out). */
  readonly status: number | null;
  readonly stdout: string;
  readonly stderr: string;
  /** The cloud assembly directory. */
  readonly outdir: string;
}

/**
 * `cdk synth --no-notices --quiet --app 'npx ts-node --transpile-only <app>' --output <fresh dir> ...args`,
 * from the repository root, with the CLI's telemetry and version check off.
 *
 * @param app the app's file, relative to the repository root
 * @param args more arguments: stack selectors, `--strict`, `-c key=value`...
 * @param env more environment variables for the CLI and the app
 */
export function cdkSynth(app: string, args: readonly string[] = [], env: Readonly<Record<string, string>> = {}): CdkSynthResult {
  const outdir = fs.mkdtempSync(path.join(os.tmpdir(), 'cdk-synth-'));
  const result = spawnSync(CDK, ['synth', '--no-notices', '--quiet', '--app', `npx ts-node --transpile-only ${app}`, '--output', outdir, ...args], {
    cwd: ROOT,
    encoding: 'utf8',
    timeout: 120_000,
    env: { ...process.env, CDK_DISABLE_CLI_TELEMETRY: 'true', CDK_DISABLE_VERSION_CHECK: '1', CI: 'true', ...env },
  });
  return { status: result.status, stdout: result.stdout, stderr: result.stderr, outdir };
}
