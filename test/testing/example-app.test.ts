/**
 * The example app (examples/app.ts), synthesized in-process, played through
 * `cdk-lifecycle/testing` with the test docs/invoke.md shows: the README handler survives its
 * whole lifecycle, the replacement its `region` change causes included.
 */
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { LocalCloudFormation } from '../../src/testing';

const ASSEMBLY = fs.mkdtempSync(path.join(os.tmpdir(), 'cdk-lifecycle-example-'));
const DOCS = path.join(__dirname, '..', '..', 'docs', 'invoke.md');

beforeAll(() => {
  // The example app synthesizes when loaded; CDK_OUTDIR tells its App where to.
  const outdir = process.env.CDK_OUTDIR;
  process.env.CDK_OUTDIR = ASSEMBLY;
  try {
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    require('../../examples/app');
  } finally {
    if (outdir === undefined) delete process.env.CDK_OUTDIR;
    else process.env.CDK_OUTDIR = outdir;
  }
});
afterAll(() => fs.rmSync(ASSEMBLY, { recursive: true, force: true }));

// docs/invoke.md: begin
let cfn: LocalCloudFormation;
beforeAll(async () => { cfn = await LocalCloudFormation.open(ASSEMBLY); });
afterAll(() => cfn.close());

test('the Selenium tester survives its whole lifecycle, a replacement included', async () => {
  const run = await cfn.lifecycle({
    stack: 'LifecycleExample',
    resource: 'MySeleniumTest',
    properties: { region: 'us-east-1' }, // replaceOnChange: a new test run, a new id
  });

  expect(run.steps.map((step) => [step.label, step.status])).toEqual([
    ['Create', 'SUCCESS'],
    ['Update', 'SUCCESS'],
    ['Delete (old id)', 'SUCCESS'], // CloudFormation deletes the replaced test run
    ['Delete', 'SUCCESS'],
  ]);
  expect(run.steps.flatMap((step) => step.violations)).toEqual([]);
  const [create, update] = run.steps;
  expect(update.physicalResourceId).not.toEqual(create.physicalResourceId);
  expect(update.response?.Data).toEqual({ resultsPage: `https://example.com/results/${update.physicalResourceId}` });
});
// docs/invoke.md: end

test('GIVEN the Create WHEN inspected THEN it carries the template\'s properties as CloudFormation sends them, and the README handler\'s ids', async () => {
  const step = await cfn.create({ stack: 'LifecycleExample', resource: 'MySeleniumTest' });

  expect(step.request.ResourceProperties).toMatchObject({ ServiceTimeout: '600', frequencyOfTestsPerHour: '3', endpoints: ['https://example.com'], region: 'eu-west-1' });
  expect(step.physicalResourceId).toBe(`selenium-eu-west-1-${step.request.RequestId.slice(0, 8)}`);
});

test('GIVEN docs/invoke.md WHEN its jest example is compared with the test above THEN it is the same code, importing cdk-lifecycle/testing', () => {
  const source = fs.readFileSync(__filename, 'utf8');
  const block = source.slice(source.indexOf('// docs/invoke.md: begin\n') + 25, source.indexOf('// docs/invoke.md: end'));
  const docs = fs.readFileSync(DOCS, 'utf8');
  const example = /```ts\n(import \{ LocalCloudFormation \} from 'cdk-lifecycle\/testing';\n\nconst ASSEMBLY = [^\n]+\n\n)([\s\S]*?)```/.exec(docs);

  expect(example).not.toBeNull();
  expect(example![2]).toBe(block);
});
