/**
 * Property values as CloudFormation would send them: every intrinsic the resolver evaluates,
 * and the placeholders (with their notes) for what only a deployment knows.
 */
import { AssemblyStack } from '../../../src/assembly/read-assembly';
import { Template } from '../../../src/change-set/input/read-template';
import { deploymentOf } from '../../../src/local/stack/deployment';
import { FunctionRegistry } from '../../../src/local/stack/lambda-functions';
import { PlayedResource, TemplateResolver } from '../../../src/local/stack/template-resolver';

function stack(name: string, template: Partial<Template>, environment: { account?: string; region?: string } = {}): AssemblyStack {
  const base = { name, artifactId: name, displayName: name, nestedTemplates: new Map(), directory: '/tmp', shown: '/tmp', assets: new Map() };
  return { ...base, template: { Resources: {}, ...template } as Template, ...environment };
}

const main = stack('Main', {
  Parameters: { Env: { Type: 'String', Default: 'dev' }, Size: { Type: 'Number' } },
  Mappings: { Regions: { 'eu-west-1': { Ami: 'ami-123' } } },
  Conditions: { IsProd: { 'Fn::Equals': [{ Ref: 'Env' }, 'prod'] }, IsDev: { 'Fn::Not': [{ Condition: 'IsProd' }] } },
  Resources: {
    Fn: { Type: 'AWS::Lambda::Function', Properties: { FunctionName: 'my-fn', Runtime: 'nodejs22.x', Handler: 'index.handler' } },
    Topic: { Type: 'AWS::SNS::Topic', Properties: { TopicName: 'my-topic' } },
    Bucket: { Type: 'AWS::S3::Bucket' },
    Other: { Type: 'Custom::Other' },
  },
}, { account: '111122223333', region: 'eu-west-1' });
const exported = { Value: { 'Fn::Join': ['-', ['shared', { Ref: 'AWS::Region' }]] }, Export: { Name: 'SharedName' } };
const ENVIRONMENT = { account: '111122223333', region: 'eu-west-1' };
const exporter = stack('Exporter', { Resources: {}, Outputs: { Out: exported } }, ENVIRONMENT);
const functions = new FunctionRegistry([main, exporter]);

interface Extra {
  readonly played?: Map<string, PlayedResource>;
  readonly replaced?: Set<string>;
  readonly parameters?: Record<string, string>;
}

function resolver(extra: Extra = {}): TemplateResolver {
  return new TemplateResolver({ stack: main, deployment: deploymentOf(main), functions, stacks: [main, exporter], ...extra });
}

test.each<[string, unknown, unknown]>([
  ['a parameter\'s default', { Ref: 'Env' }, 'dev'],
  ['pseudo parameters', ['AWS::AccountId', 'AWS::Region', 'AWS::Partition', 'AWS::URLSuffix', 'AWS::StackName'].map((Ref) => ({ Ref })), ['111122223333', 'eu-west-1', 'aws', 'amazonaws.com', 'Main']],
  ['AWS::NoValue in an object and a list', { a: { Ref: 'AWS::NoValue' }, b: [1, { Ref: 'AWS::NoValue' }, 2] }, { b: [1, 2] }],
  ['a Lambda function\'s name and ARN', [{ Ref: 'Fn' }, { 'Fn::GetAtt': ['Fn', 'Arn'] }, { 'Fn::GetAtt': 'Fn.Arn' }], ['my-fn', 'arn:aws:lambda:eu-west-1:111122223333:function:my-fn', 'arn:aws:lambda:eu-west-1:111122223333:function:my-fn']],
  ['an SNS topic\'s ARN and name', [{ Ref: 'Topic' }, { 'Fn::GetAtt': ['Topic', 'TopicName'] }], ['arn:aws:sns:eu-west-1:111122223333:my-topic', 'my-topic']],
  ['Fn::Sub with pseudo parameters, variables, attributes and an escape', { 'Fn::Sub': ['${AWS::Region}/${Name}/${Fn.Arn}/${!Literal}', { Name: { Ref: 'Env' } }] }, 'eu-west-1/dev/arn:aws:lambda:eu-west-1:111122223333:function:my-fn/${Literal}'],
  ['Fn::Join, Fn::Select and Fn::Split', { 'Fn::Select': [1, { 'Fn::Split': [',', { 'Fn::Join': [',', ['a', 'b', 'c']] }] }] }, 'b'],
  ['Fn::Base64', { 'Fn::Base64': 'hello' }, 'aGVsbG8='],
  ['Fn::GetAZs', { 'Fn::GetAZs': '' }, ['eu-west-1a', 'eu-west-1b', 'eu-west-1c']],
  ['Fn::FindInMap', { 'Fn::FindInMap': ['Regions', { Ref: 'AWS::Region' }, 'Ami'] }, 'ami-123'],
  ['Fn::If on conditions built from Fn::Equals, Fn::Not and Condition', { 'Fn::If': ['IsDev', 'small', 'large'] }, 'small'],
  ['Fn::And and Fn::Or', [{ 'Fn::And': [{ Condition: 'IsDev' }, { Condition: 'IsDev' }] }, { 'Fn::Or': [{ Condition: 'IsProd' }, { Condition: 'IsProd' }] }], [true, false]],
  ['Fn::And with a false member, Fn::Or with a true one, Fn::Not', [{ 'Fn::And': [true, { Condition: 'IsProd' }] }, { 'Fn::Or': [false, { Condition: 'IsDev' }] }, { 'Fn::Not': [{ Condition: 'IsDev' }] }], [false, true, false]],
  ['AWS::StackId and AWS::NotificationARNs', [{ Ref: 'AWS::StackId' }, { Ref: 'AWS::NotificationARNs' }], [expect.stringMatching(/^arn:aws:cloudformation:eu-west-1:111122223333:stack\/Main\//), []]],
  ['Fn::Join of numbers, booleans and AWS::NoValue', { 'Fn::Join': ['|', [1, true, 'a', { Ref: 'AWS::NoValue' }]] }, '1|true|a'],
  ['Fn::Equals of a number and its text (as CloudFormation compares)', { 'Fn::Equals': [1, '1'] }, true],
  ['a value that is AWS::NoValue', { Ref: 'AWS::NoValue' }, undefined],
  ['an SNS topic\'s ARN through Fn::Sub', { 'Fn::Sub': '${Topic.TopicArn}' }, 'arn:aws:sns:eu-west-1:111122223333:my-topic'],
  ['Fn::ImportValue of another stack\'s export', { 'Fn::ImportValue': 'SharedName' }, 'shared-eu-west-1'],
  ['Fn::ToJsonString and Fn::Length', [{ 'Fn::ToJsonString': { a: [1] } }, { 'Fn::Length': [1, 2, 3] }], ['{"a":[1]}', 3]],
])('GIVEN %s WHEN resolved THEN the value is CloudFormation\'s, with no placeholder', (_, value, expected) => {
  const r = resolver();

  expect(r.resolve(value)).toEqual(expected);
  expect(r.notes).toEqual([]);
});

test('GIVEN a given parameter value WHEN resolved THEN it wins over the default; a parameter without either is a noted placeholder', () => {
  const r = resolver({ parameters: { Env: 'prod' } });

  expect(r.resolve({ 'Fn::If': ['IsProd', { Ref: 'Env' }, 'no'] })).toBe('prod');
  expect(r.resolve({ Ref: 'Size' })).toBe('<Size>');
  expect(r.notes).toEqual(['parameter Size has no Default: pass its value; "<Size>" is sent instead']);
});

test.each<[string, unknown, string | RegExp, RegExp]>([
  ['Ref of a bucket', { Ref: 'Bucket' }, /^Main-Bucket-[0-9A-F]{12}$/, /^Ref Bucket is the placeholder "Main-Bucket-[0-9A-F]{12}": CloudFormation sends the deployed resource's id$/],
  ['an ARN attribute of a bucket', { 'Fn::GetAtt': ['Bucket', 'Arn'] }, /^arn:aws:s3:eu-west-1:111122223333:main-bucket-[0-9a-f]{12}$/, /^Bucket\.Arn is the placeholder "arn:aws:s3:.*": CloudFormation sends the deployed value$/],
  ['another attribute', { 'Fn::GetAtt': ['Bucket', 'DomainName'] }, '<Bucket.DomainName>', /^Bucket\.DomainName is the placeholder "<Bucket\.DomainName>"/],
  ['a missing mapping', { 'Fn::FindInMap': ['Regions', 'us-east-1', 'Ami'] }, '<Regions.us-east-1.Ami>', /^Fn::FindInMap Regions\.us-east-1\.Ami is not in the template's Mappings/],
  ['an export no stack has', { 'Fn::ImportValue': 'Nope' }, '<Nope>', /^Fn::ImportValue Nope: no stack of the assembly exports it/],
  ['an intrinsic the runner does not evaluate', { 'Fn::Cidr': ['10.0.0.0/16', 2, 8] }, '<Fn::Cidr>', /^Fn::Cidr is not evaluated locally/],
  ['Fn::Join over an object (CloudFormation takes strings only)', { 'Fn::Join': ['|', ['a', { b: 1 }]] }, '<Fn::Join>', /^Fn::Join has operands it does not take; "<Fn::Join>" is sent instead$/],
])('GIVEN %s WHEN resolved THEN a placeholder is sent and noted', (_, value, expected, note) => {
  const r = resolver();

  expect(r.resolve(value)).toEqual(typeof expected === 'string' ? expected : expect.stringMatching(expected));
  expect(r.notes).toEqual([expect.stringMatching(note)]);
});

test('GIVEN the same placeholder twice WHEN resolved THEN it is noted once, and it is the same value in every run', () => {
  const r = resolver();
  const first = r.resolve({ a: { Ref: 'Bucket' }, b: { Ref: 'Bucket' } }) as Record<string, string>;

  expect(first.a).toBe(first.b);
  expect(r.notes).toHaveLength(1);
  expect(resolver().resolve({ Ref: 'Bucket' })).toBe(first.a);
});

test('GIVEN a played custom resource WHEN referenced THEN its answered id and Data are used; a Data key it lacks is a noted placeholder', () => {
  const r = resolver({ played: new Map([['Other', { physicalResourceId: 'other-1', data: { Url: 'https://x' } }]]) });

  expect(r.resolve([{ Ref: 'Other' }, { 'Fn::GetAtt': ['Other', 'Url'] }, { 'Fn::GetAtt': ['Other', 'Missing'] }])).toEqual(['other-1', 'https://x', '<Other.Missing>']);
  expect(r.notes).toEqual([expect.stringMatching(/^Fn::GetAtt Other\.Missing: the played resource answered no Data key Missing; CloudFormation would fail the stack/)]);
});

test('GIVEN a resource the change set replaces WHEN referenced THEN its placeholder differs from the deployed one and says so', () => {
  const before = resolver().resolve({ Ref: 'Bucket' });
  const r = resolver({ replaced: new Set(['Bucket']) });

  expect(r.resolve({ Ref: 'Bucket' })).not.toBe(before);
  expect(r.notes[0]).toMatch(/\(of its replacement\)$/);
});
