/** `diff` shows the paths of a value that changed, before and after, whole: in the text report and in `--property-values`. */
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { run } from './helpers';

const DIR = fs.mkdtempSync(path.join(os.tmpdir(), 'cdk-lifecycle-values-'));
const write = (name: string, template: unknown) => {
  const file = path.join(DIR, name);
  fs.writeFileSync(file, JSON.stringify(template));
  return file;
};

const template = (action: string, config: string) => ({
  Resources: {
    Policy: { Type: 'AWS::IAM::Policy', Properties: { PolicyName: 'p', Roles: ['r'], PolicyDocument: { Version: '2012-10-17', Statement: [{ Effect: 'Allow', Action: 'sqs:SendMessage', Resource: '*' }, { Effect: 'Allow', Action: action, Resource: '*' }] } } },
    Fn: { Type: 'AWS::Lambda::Function', Properties: { Role: 'arn:aws:iam::123456789012:role/r', Code: { ZipFile: 'x' }, Environment: { Variables: { CONFIG: config, STAGE: 'prod' } } } },
  },
});
const long = `${'https://example.com/service/endpoint?'.repeat(4)}`;
const before = write('before.json', template('s3:GetObject', `${long}a`));
const after = write('after.json', template('*', `${long}b`));

test('GIVEN a policy broadened and a long environment value changed WHEN diffed THEN each changed path is shown with both values, long ones whole on lines of their own', async () => {
  const { stdout } = await run(['diff', before, after]);
  expect(stdout).toContain([
    '[~] AWS::Lambda::Function Fn',
    ' └─ [~] Environment (Never, Static)',
    '       Environment.Variables.CONFIG:',
    `         - "${long}a"`,
    `         + "${long}b"`,
    '[~] AWS::IAM::Policy Policy',
    ' └─ [~] PolicyDocument (Never, Static)',
    '       PolicyDocument.Statement[1].Action: "s3:GetObject" → "*"',
  ].join('\n'));
});

test('GIVEN --property-values WHEN diffed THEN each change lists its ValueChanges among the predictor\'s additions', async () => {
  const json = JSON.parse((await run(['diff', before, after, '--property-values'])).stdout);
  const policy = json.Changes.find((change: any) => change.ResourceChange.LogicalResourceId === 'Policy').ResourceChange;
  expect(policy.PredictorAdditions.ValueChanges).toEqual([{ Path: 'PolicyDocument.Statement[1].Action', BeforeValue: '"s3:GetObject"', AfterValue: '"*"' }]);
  const plain = JSON.parse((await run(['diff', before, after, '--json'])).stdout);
  expect(plain.Changes[0].ResourceChange.PredictorAdditions?.ValueChanges).toBeUndefined();
});

test('GIVEN only the CDKMetadata of a stack changes WHEN diffed THEN the report lists no resource and counts nothing', async () => {
  const stack = (analytics: string) => write(`meta-${analytics}.json`, { Resources: { CDKMetadata: { Type: 'AWS::CDK::Metadata', Properties: { Analytics: analytics } } } });
  const { stdout } = await run(['diff', stack('v2:a'), stack('v2:b')]);
  expect(stdout).not.toContain('CDKMetadata');
  expect(stdout).toContain('Summary: 0 added, 0 modified in place, 0 replaced');
});
