/**
 * The command as a real process (`node -r ts-node/register/transpile-only src/cli/main.ts`),
 * stdout a pipe: exit codes, the JSON on stdout, errors on stderr, no colours. Each start
 * costs ~2 s of CPU, so there are few of them (main.test.ts covers the rest in-process) and
 * they start together before the assertions.
 */
import { spawn } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { RunResult } from './helpers';

const ROOT = path.join(__dirname, '..', '..');
const MAIN = path.join('src', 'cli', 'main.ts');
const fixture = (name: string) => path.join('test', 'cli', 'fixtures', name);

function spawnCli(argv: string[]): Promise<RunResult & { ms: number }> {
  const started = Date.now();
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['-r', 'ts-node/register/transpile-only', MAIN, ...argv], {
      cwd: ROOT,
      env: { ...process.env, NO_COLOR: undefined, FORCE_COLOR: undefined },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk) => { stdout += chunk; });
    child.stderr.on('data', (chunk) => { stderr += chunk; });
    child.on('error', reject);
    child.on('close', (code) => resolve({ code: code ?? -1, stdout, stderr, ms: Date.now() - started }));
  });
}

const runs = {
  version: ['--version'],
  human: ['diff', fixture('templates/before.json'), fixture('templates/after.yaml')],
  json: ['diff', '--json', '--fail-on', 'none', fixture('templates/before.json'), fixture('templates/after.yaml')],
  usage: ['diff', fixture('templates/before.json'), '--frobnicate'],
  // A provider that hangs with a timer running: the command must end once its 1-second timeout kills it.
  invoke: ['invoke', path.join('test', 'fixtures', 'providers', 'assembly'), '--stack', 'Broken', '--resource', 'Hangs', '--json'],
};
const results: Partial<Record<keyof typeof runs, RunResult & { ms: number }>> = {};

beforeAll(async () => {
  const names = Object.keys(runs) as Array<keyof typeof runs>;
  const done = await Promise.all(names.map((name) => spawnCli(runs[name])));
  names.forEach((name, index) => { results[name] = done[index]; });
}, 90_000);

test('GIVEN a provider that hangs with a timer WHEN invoke runs as a process THEN it reports the missing answer, exits 1, and nothing keeps it alive afterwards', () => {
  const report = JSON.parse(results.invoke!.stdout);

  expect(results.invoke!.code).toBe(1);
  expect(report.steps[0].violations[0].rule).toBe('no-response');
  // A container or server left running would keep the process alive until beforeAll's timeout.
  expect(results.invoke!.ms).toBeLessThan(50_000);
});

test('GIVEN the source of main WHEN read THEN it starts with the node shebang the bin entry needs', () => {
  expect(fs.readFileSync(path.join(ROOT, MAIN), 'utf8').startsWith('#!/usr/bin/env node\n')).toBe(true);
});

test('GIVEN --version WHEN run as a process THEN it prints the package version and exits 0', () => {
  const { version } = JSON.parse(fs.readFileSync(path.join(ROOT, 'package.json'), 'utf8'));

  expect(results.version).toMatchObject({ code: 0, stdout: `${version}\n`, stderr: '' });
});

test('GIVEN certain failures and the default --fail-on WHEN run as a process THEN it exits 1 with an uncoloured report', () => {
  expect(results.human!.code).toBe(1);
  expect(results.human!.stdout.startsWith('Certain failures:')).toBe(true);
  expect(results.human!.stdout).toMatch(/\nSummary: .*; 2 certain failures, .*\n$/);
  expect(results.human!.stdout).not.toContain('\u001b[');
  expect(results.human!.stderr).toBe('');
});

test('GIVEN --json and --fail-on none WHEN run as a process THEN stdout is the Changes JSON and it exits 0', () => {
  const json = JSON.parse(results.json!.stdout);

  expect(results.json!.code).toBe(0);
  expect(json.Changes.map((change: any) => change.ResourceChange.LogicalResourceId)).toEqual([
    'Audit', 'Events', 'Legacy', 'OrdersQueue', 'OrdersQueueV2', 'Scaling', 'Subscription', 'Table', 'Topic',
  ]);
  expect(json.Changes[7]).toMatchObject({ Type: 'Resource', ResourceChange: { Action: 'Modify', LogicalResourceId: 'Table', Replacement: 'True' } });
});

test('GIVEN an unknown flag WHEN run as a process THEN stderr says so, stdout is empty and it exits 2', () => {
  expect(results.usage).toMatchObject({ code: 2, stdout: '', stderr: 'cdk-lifecycle: unknown option --frobnicate\n  run `cdk-lifecycle --help` for usage\n' });
});
