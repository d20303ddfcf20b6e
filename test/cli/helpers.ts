/** Running the command in-process with recorded I/O, and the fixture paths. */
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
