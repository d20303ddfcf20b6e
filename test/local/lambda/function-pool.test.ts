/** The local Lambda service's asynchronous invocations, as Lambda's Event invoke: answered before they run. */
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { FunctionPool } from '../../../src/local/lambda/function-pool';
import { openAssembly } from '../../../src/local/local-cloudformation';

const ASSEMBLY = path.join(__dirname, '..', '..', 'fixtures', 'providers', 'assembly');

test('GIVEN an Event invocation WHEN it is queued THEN the call returns before any container starts, counted as in flight until it ran', async () => {
  const { functions } = openAssembly(ASSEMBLY);
  const fn = functions.all().find((candidate) => candidate.logicalId === 'ThrowsFn')!;
  const workDir = fs.mkdtempSync(path.join(os.tmpdir(), 'cdk-lifecycle-pool-'));
  const pool = new FunctionPool(functions, { workDir, environment: () => ({ PATH: process.env.PATH ?? '' }) });
  try {
    pool.invokeAsync(fn, '{}');
    // Nothing of the function exists yet: its code copy is made when its first container starts.
    expect(fs.existsSync(path.join(workDir, 'task'))).toBe(false);
    expect(pool.inFlight).toBe(1);
    expect(pool.records).toEqual([]);
    await pool.drained(60_000);
    // Lambda's retries of a failed Event invocation ran too (2 by default).
    expect(pool.records.map((record) => [record.type, record.attempt, record.end.kind])).toEqual([['Event', 1, 'error'], ['Event', 2, 'error'], ['Event', 3, 'error']]);
    expect(pool.inFlight).toBe(0);
  } finally {
    pool.close();
    fs.rmSync(workDir, { recursive: true, force: true });
  }
}, 90_000);
