/**
 * The same app in TypeScript, Python, Go and Java (test/languages/<language>/), each using
 * the package built for its language (the Python wheel, the Go module, the jar) and aws-cdk-lib
 * from its own registry, synthesized with the real cdk CLI: the templates, the guard's findings (the
 * Aspect's annotations and the plugin's validation report) and what the synthesized provider
 * answers through `cdk-lifecycle invoke` must be the TypeScript app's. A binding that drifts
 * (a prop dropped from a struct, a static method renamed, a value changed on its way through
 * jsii) fails here.
 *
 * Not part of `npm test`: `npx projen test:languages` builds the packages and runs it
 * (CDK_LIFECYCLE_LANGUAGES=python,go,java picks the languages; all three by default).
 */
import { annotations, comparableTemplate, Language, pluginViolations, ROOT, stackIds, synthesize, Synthesized } from './language-apps';
import { run } from '../cli/helpers';

const LANGUAGES = (process.env.CDK_LIFECYCLE_LANGUAGES ?? 'python,go,java').split(',').map((l) => l.trim()).filter(Boolean) as Language[];

/** The properties the Greeting resource's handler receives, exactly (nulls and JSON types kept). */
const RECEIVED = {
  greetingName: 'cdk-lifecycle',
  region: 'eu-west-1',
  count: 3,
  ratio: 0.25,
  enabled: true,
  verbose: false,
  nothing: null,
  tags: ['a', 1, false, null],
  settings: { depth: 2, nested: { on: true, label: 'x' } },
};

/** Plays the Greeting resource's lifecycle (a region change replaces it) with `cdk-lifecycle invoke --json`. */
async function playGreeting(outdir: string) {
  const result = await run(['invoke', outdir, '--stack', 'Providers', '--resource', 'Greeting', '--request', 'lifecycle', '--properties', '{"region":"us-east-1"}', '--json', '--timeout', '120'], { cwd: ROOT });
  return { code: result.code, stderr: result.stderr, play: JSON.parse(result.stdout) };
}

/**
 * A play as the languages must agree on it: ids and times aside, and the received properties
 * as JSON values (a Go map has no key order, so the handler sees Go's keys in another order).
 */
function comparablePlay(play: any) {
  return play.steps.map((step: any) => {
    const data = step.response?.Data;
    const received = data?.received === undefined ? {} : { received: JSON.parse(data.received) };
    return { label: step.label, status: step.status, violations: step.violations, data: data === undefined ? undefined : { ...data, ...received } };
  });
}

let reference: Synthesized;
let referencePlay: Awaited<ReturnType<typeof playGreeting>>;
beforeAll(async () => {
  reference = synthesize('typescript');
  referencePlay = await playGreeting(reference.outdir);
}, 1_500_000);

describe('the TypeScript app (the reference)', () => {
  test('GIVEN the app WHEN synthesized with cdk synth THEN it stops on the baseline error only, having written both stacks', () => {
    const output = `${reference.result.stdout}${reference.result.stderr}`;
    expect(reference.result.status).toBe(1);
    expect(output).toContain('Synthesis finished with errors');
    expect(stackIds(reference.outdir)).toEqual(['Providers', 'Storage']);
    expect(annotations(reference.outdir).filter((a) => a.level === 'error').map((a) => [a.path, a.message.replace(/: .*\[/, ': ... [')])).toEqual([
      ['/Storage/Reports/Resource', 'AWS::DynamoDB::Table Reports65402A0A: ... [cdk-lifecycle:replacement-will-fail]'],
    ]);
  });

  test('GIVEN the guard as an Aspect and as a plugin WHEN synthesized THEN the named custom resource and table are reported, and the acknowledged queue is not', () => {
    expect(annotations(reference.outdir).map((a) => [a.level, a.path])).toEqual([
      ['warning', '/Providers/Greeting/Default'],
      ['error', '/Storage/Reports/Resource'],
    ]);
    expect(pluginViolations(reference.outdir).map((v) => [v.rule, v.severity, v.constructPath, v.propertyPaths])).toEqual([
      ['cdk-lifecycle:named-resource-replacement', 'warning', 'Providers/Greeting/Default', ['Properties/greetingName', 'Properties/region']],
      ['cdk-lifecycle:named-resource-replacement', 'warning', 'Storage/Reports/Resource', ['Properties/TableName', 'Properties/ImportSourceSpecification', 'Properties/KeySchema']],
    ]);
  });

  test('GIVEN the synthesized provider WHEN cdk-lifecycle invoke plays its lifecycle THEN the handler gets every JSON type as written and the replacement gets a new id', () => {
    expect(referencePlay.code).toBe(0);
    expect(comparablePlay(referencePlay.play).map((s: any) => [s.label, s.status])).toEqual([
      ['Create', 'SUCCESS'], ['Update', 'SUCCESS'], ['Delete (old id)', 'SUCCESS'], ['Delete', 'SUCCESS'],
    ]);
    const [create, update] = referencePlay.play.steps;
    expect(JSON.parse(create.response.Data.received)).toEqual(RECEIVED);
    expect(JSON.parse(update.response.Data.received)).toEqual({ ...RECEIVED, region: 'us-east-1' });
    expect(update.physicalResourceId).not.toBe(create.physicalResourceId);
  });
});

describe.each(LANGUAGES.map((language) => [language]))('the %s app', (language) => {
  let app: Synthesized;
  beforeAll(() => { app = synthesize(language); }, 1_500_000);

  test('GIVEN the app WHEN synthesized with cdk synth THEN it ends as the TypeScript app does (the baseline error), not with a crash', () => {
    const output = `${app.result.stdout}${app.result.stderr}`;
    expect(output).not.toMatch(/Traceback|panic:|Exception in thread|jsii\.errors|ConstructPropsError|cannot use|undefined: /);
    expect(app.result.status).toBe(reference.result.status);
    expect(output).toContain('Synthesis finished with errors');
    expect(stackIds(app.outdir)).toEqual(stackIds(reference.outdir));
  });

  test('GIVEN each stack WHEN compared with the TypeScript app\'s THEN the templates are the same (asset hashes and aws-cdk-lib\'s analytics aside)', () => {
    for (const stack of stackIds(reference.outdir)) {
      expect({ stack, template: comparableTemplate(app.outdir, stack) }).toEqual({ stack, template: comparableTemplate(reference.outdir, stack) });
    }
  });

  test('GIVEN the guard WHEN compared with the TypeScript app\'s THEN the Aspect\'s annotations and the plugin\'s report are the same', () => {
    expect(annotations(app.outdir)).toEqual(annotations(reference.outdir));
    expect(pluginViolations(app.outdir)).toEqual(pluginViolations(reference.outdir));
  });

  test('GIVEN the synthesized provider WHEN cdk-lifecycle invoke plays its lifecycle THEN the answers are the TypeScript app\'s', async () => {
    const played = await playGreeting(app.outdir);
    expect(played.stderr).toBe('');
    expect(played.code).toBe(0);
    expect(comparablePlay(played.play)).toEqual(comparablePlay(referencePlay.play));
    expect(JSON.parse(played.play.steps[0].response.Data.received)).toEqual(RECEIVED);
  }, 300_000);
});
