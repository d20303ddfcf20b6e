/**
 * Issue 36, item 4, plain text: the text report (as piped to a CI log) and every message on
 * standard error show a hostile value's control characters (ESC, BEL, CR, LF, C1, bidi
 * overrides) as escapes, and no line they print is a CI system's command (GitHub Actions'
 * `::error::`, `##[error]`, Azure Pipelines' `##vso[`), also through a deployed stack's
 * `StackStatusReason` in a snapshot folder. Normal values print as before (the README samples
 * and the report's tests check the exact text).
 */
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { run } from './helpers';
import { renderText } from '../../src/cli/commands/diff/render-text';
import { styleFor } from '../../src/cli/render/style';
import { visible } from '../../src/review/plain-text';
import { sarifProblems } from '../helpers/sarif-schema';
import { resource, reviewTemplates } from '../review/helpers';
import { HOSTILE, hostileReview, PAYLOAD } from '../review/hostile';

/** Characters a terminal or CI log acts on or that hide text, but the newline that ends a line. */
const HIDDEN = /(?![\n\u200C\u200D])[\p{Cc}\p{Cf}\p{Zl}\p{Zp}\p{Cs}]/u;

/** Lines GitHub Actions, Azure Pipelines or TeamCity would read as a command (GitHub's runner trims leading white space). */
function commandLines(text: string): string[] {
  return text.split(/\r\n|\r|\n/).filter((line) => /^\s*::/.test(line) || /##[A-Za-z]*\[/.test(line));
}

/** The characters of `text` that are hidden or act on a terminal, by code point. */
function hidden(text: string): string[] {
  return [...text].filter((character) => HIDDEN.test(character)).map((character) => `U+${character.codePointAt(0)!.toString(16).padStart(4, '0')}`);
}

describe('the text report', () => {
  test('GIVEN hostile values everywhere WHEN the report is rendered plain THEN it holds no control, bidi or separator character but its newlines, no CI command, and shows each value with escapes', () => {
    const text = renderText(hostileReview(), styleFor(false), { showLevels: true, groupBy: ['type'] });
    expect(hidden(text)).toEqual([]);
    expect(commandLines(text)).toEqual([]);
    expect(text).toContain(visible(HOSTILE.terminal));
    expect(text).toContain(visible(HOSTILE.bidi));
    expect(text).toContain('\\n::error::pwned\\r::warning::pwned');
    expect(text).toContain('\\x23#vso[task.setvariable');
    // The check can fail: the payload as it is would be caught.
    expect(hidden(PAYLOAD).length).toBeGreaterThan(5);
    expect(commandLines(PAYLOAD).length).toBeGreaterThan(1);
  });

  test('GIVEN hostile values WHEN the report is rendered in colour THEN the only escape sequences are the report\'s own colours', () => {
    const text = renderText(hostileReview(), styleFor(true));
    const sequences = new Set(text.match(/\u001b[^m]*m?/g));
    expect([...sequences].filter((sequence) => !/^\u001b\[(?:1|2|22|31|32|33|39)m$/.test(sequence))).toEqual([]);
    expect(hidden(text.replace(/\u001b\[(?:1|2|22|31|32|33|39)m/g, ''))).toEqual([]);
    expect(commandLines(text)).toEqual([]);
  });

  test('GIVEN logical ids that are CI commands WHEN a rename starts a line with one THEN the line is no command', () => {
    const queue = resource('AWS::SQS::Queue', { DelaySeconds: 5 });
    const review = reviewTemplates({ App: [{ Resources: { '::error::pwned': queue } }, { Resources: { '##vso[task.complete]x': queue } }] });
    const text = renderText(review, styleFor(false), { groupBy: ['type'] });
    expect(text).toContain('\\x3a:error::pwned → \\x23#vso[task.complete]x (AWS::SQS::Queue, similarity 1)');
    expect(commandLines(text)).toEqual([]);
  });
});

describe('through the command', () => {
  let tmp: string;
  const reason = `Resource update cancelled${HOSTILE.ghCommand}${HOSTILE.terminal}${HOSTILE.vso}${HOSTILE.bidi}`;

  /** A cloud assembly of one stack `App` with `template`, and a snapshot's deployed state when given. */
  const assembly = (name: string, template: unknown, deployed?: unknown): string => {
    const dir = path.join(tmp, name);
    fs.mkdirSync(dir, { recursive: true });
    fs.writeFileSync(path.join(dir, 'manifest.json'), JSON.stringify({
      version: '36.0.0',
      artifacts: { App: { type: 'aws:cloudformation:stack', environment: 'aws://unknown-account/unknown-region', properties: { templateFile: 'App.template.json' } } },
    }));
    fs.writeFileSync(path.join(dir, 'App.template.json'), JSON.stringify(template));
    if (deployed !== undefined) fs.writeFileSync(path.join(dir, 'cdk-lifecycle.deployed.json'), JSON.stringify(deployed));
    return name;
  };

  beforeAll(() => {
    tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'cdk-lifecycle-hostile-output-'));
    const topic = (name: string) => ({ Resources: { Topic: resource('AWS::SNS::Topic', { DisplayName: name }, { Metadata: { 'aws:cdk:path': `App/@octocat${HOSTILE.ghCommand}/Resource` } }) } });
    assembly('snapshot', topic('old'), {
      version: 1,
      takenAt: '2026-12-01T10:00:00.000Z',
      exports: [],
      stacks: { App: { status: 'UPDATE_ROLLBACK_FAILED', statusReason: reason, parameters: {} } },
    });
    assembly('app', topic(PAYLOAD));
    fs.mkdirSync(path.join(tmp, 'my templates'));
    const named = (name: string) => JSON.stringify({ Resources: { Topic: resource('AWS::SNS::Topic', { TopicName: name }) } }, null, 2);
    fs.writeFileSync(path.join(tmp, 'my templates', 'before.json'), named('old'));
    fs.writeFileSync(path.join(tmp, 'my templates', 'after #1.json'), named('new'));
  });

  test('GIVEN a snapshot whose StackStatusReason holds CI commands and terminal escapes WHEN diffed and piped THEN standard output shows them as escapes, and no line is a command', async () => {
    const result = await run(['diff', 'snapshot', 'app'], { cwd: tmp });
    expect(result.stdout).toContain(`App: UPDATE_ROLLBACK_FAILED (${visible(reason).replace(/##/g, '\\x23#')})`);
    expect(hidden(result.stdout)).toEqual([]);
    expect(commandLines(result.stdout)).toEqual([]);
    expect(result.code).toBe(1);
  });

  test('GIVEN the same WHEN diffed with --json THEN the JSON holds the values unchanged, writes the characters a log would act on as \\u escapes, and has no command line', async () => {
    const result = await run(['diff', '--json', 'snapshot', 'app'], { cwd: tmp });
    expect(JSON.parse(result.stdout).App.DeployedStack.StackStatusReason).toBe(reason);
    expect(hidden(result.stdout)).toEqual([]);
    expect(commandLines(result.stdout)).toEqual([]);
  });

  test('GIVEN template files in a folder with a space and a # WHEN written as SARIF THEN the artifact URI is encoded and the log is valid SARIF 2.1.0', async () => {
    await run(['diff', 'my templates/before.json', 'my templates/after #1.json', '--sarif', 'r.sarif'], { cwd: tmp });
    const log = JSON.parse(fs.readFileSync(path.join(tmp, 'r.sarif'), 'utf8'));
    expect(sarifProblems(log)).toEqual([]);
    expect(log.runs[0].results.map((result: any) => result.locations[0].physicalLocation?.artifactLocation.uri)).toContain('my%20templates/after%20%231.json');
  });

  test('GIVEN a path that holds terminal escapes and a CI command WHEN it cannot be read THEN standard error shows them as escapes, and no line is a command', async () => {
    const result = await run(['diff', `nope${HOSTILE.terminal}${HOSTILE.ghCommand}${HOSTILE.vso}.json`, 'app'], { cwd: tmp });
    expect(result.code).toBe(2);
    expect(result.stderr).toMatch(/^cdk-lifecycle: cannot read nope\\x1b\[2J/);
    expect(hidden(result.stderr.replace(/\n/g, ''))).toEqual([]);
    expect(commandLines(result.stderr)).toEqual([]);
  });
});
