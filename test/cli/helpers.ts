/** Running the command in-process with recorded I/O, the fixture paths, and apps synthesized for a test file. */
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { CliIo } from '../../src/cli/cli-io';
import { main } from '../../src/cli/main';

export const FIXTURES = path.join(__dirname, 'fixtures');

/** What one run printed and returned. */
export interface RunResult {
  readonly code: number;
  readonly stdout: string;
  readonly stderr: string;
}

/** Runs `cdk-lifecycle <argv>` in-process; paths are relative to the fixtures folder unless `cwd` says otherwise. */
export async function run(argv: readonly string[], io: Partial<Pick<CliIo, 'isTTY' | 'stderrIsTTY' | 'env' | 'cwd'>> = {}): Promise<RunResult> {
  let stdout = '';
  let stderr = '';
  const code = await main(argv, {
    stdout: (text) => { stdout += text; },
    stderr: (text) => { stderr += text; },
    isTTY: io.isTTY ?? false,
    stderrIsTTY: io.stderrIsTTY ?? false,
    env: io.env ?? {},
    cwd: io.cwd ?? FIXTURES,
  });
  return { code, stdout, stderr };
}

/** Runs `diff --json` and parses what it printed. */
export async function runJson(argv: readonly string[]): Promise<{ code: number; json: any }> {
  const result = await run(['diff', '--json', ...argv]);
  if (result.stderr !== '') throw new Error(`unexpected stderr: ${result.stderr}`);
  return { code: result.code, json: JSON.parse(result.stdout) };
}

/** The `ResourceChange` of a logical id in a `Changes` array. */
export function changeOf(changes: any[], logicalId: string): any {
  return changes.map((change) => change.ResourceChange).find((change) => change.LogicalResourceId === logicalId);
}

/**
 * Synthesizes a test file's apps once, before its tests, into a new temporary folder (with
 * aws-cdk-lib's own validation off, as the file's apps are built to be wrong), and removes the
 * folder and restores CDK_VALIDATION after them.
 *
 * @param prefix the temporary folder's name prefix
 * @param synthesize writes the apps under the folder it is given
 * @returns a path in that folder, for the tests
 */
export function synthesizeBeforeAll(prefix: string, synthesize: (folder: string) => void): (...parts: string[]) => string {
  let folder = '';
  const validation = process.env.CDK_VALIDATION;
  beforeAll(() => {
    process.env.CDK_VALIDATION = 'false';
    folder = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
    synthesize(folder);
  });
  afterAll(() => {
    fs.rmSync(folder, { recursive: true, force: true });
    if (validation === undefined) delete process.env.CDK_VALIDATION;
    else process.env.CDK_VALIDATION = validation;
  });
  return (...parts) => path.join(folder, ...parts);
}
