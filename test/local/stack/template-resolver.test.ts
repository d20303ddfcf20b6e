/**
 * Property values as CloudFormation would send them: every intrinsic the resolver evaluates,
 * and the placeholders (with their notes) for what only a deployment knows.
 */
import { AssemblyStack } from '../../../src/assembly/read-assembly';
import { Template } from '../../../src/change-set/input/read-template';
import { deploymentOf } from '../../../src/local/stack/deployment';
import { FunctionRegistry } from '../../../src/local/stack/lambda-functions';
import { Placeholders } from '../../../src/local/stack/placeholders';
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
    Table: { Type: 'AWS::DynamoDB::Table' },
    Other: { Type: 'Custom::Other' },
    NamedBucket: { Type: 'AWS::S3::Bucket', Properties: { BucketName: { 'Fn::Sub': 'uploads-${Env}' } } },
    NamedTable: { Type: 'AWS::DynamoDB::Table', Properties: { TableName: 'orders-dev' } },
    NamedRole: { Type: 'AWS::IAM::Role', Properties: { RoleName: 'app-role' } },
    NamedQueue: { Type: 'AWS::SQS::Queue', Properties: { QueueName: 'jobs' } },
    SelfNamed: { Type: 'AWS::S3::Bucket', Properties: { BucketName: { Ref: 'SelfNamed' } } },
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
  readonly placeholders?: Placeholders;
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
  expect(r.notes).toEqual(['parameter Size has no Default: give its value with the placeholder Size=<value>; "<Size>" is sent instead']);
});

test.each<[string, unknown, string | RegExp, RegExp]>([
  ['Ref of a table', { Ref: 'Table' }, /^Main-Table-[0-9A-F]{12}$/, /^Ref Table is the placeholder "Main-Table-[0-9A-F]{12}": CloudFormation sends the deployed resource's id \(another with the placeholder Table=<value>\)$/],
  ['Ref of a bucket (its generated name is in lower case, as bucket names must be)', { Ref: 'Bucket' }, /^main-bucket-[0-9a-f]{12}$/, /^Ref Bucket is the placeholder "main-bucket-[0-9a-f]{12}"/],
  ['an ARN attribute of a bucket', { 'Fn::GetAtt': ['Bucket', 'Arn'] }, /^arn:aws:s3:eu-west-1:111122223333:main-bucket-[0-9a-f]{12}$/, /^Bucket\.Arn is the placeholder "arn:aws:s3:.*": CloudFormation sends the deployed value \(another with the placeholder Bucket\.Arn=<value>\)$/],
  ['Ref of a named queue (its Ref is its URL, not its name)', { Ref: 'NamedQueue' }, /^Main-NamedQueue-[0-9A-F]{12}$/, /^Ref NamedQueue is the placeholder/],
  ['Ref of a bucket whose name is its own Ref (no name)', { Ref: 'SelfNamed' }, /^main-selfnamed-[0-9a-f]{12}$/, /^Ref SelfNamed is the placeholder/],
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

test('GIVEN resources the template names WHEN their Ref is resolved THEN it is the name, as CloudFormation returns it for these types, with no placeholder', () => {
  const r = resolver();

  expect(r.resolve([{ Ref: 'NamedBucket' }, { Ref: 'NamedTable' }, { Ref: 'NamedRole' }, { 'Fn::Sub': 'table/${NamedTable}' }])).toEqual(['uploads-dev', 'orders-dev', 'app-role', 'table/orders-dev']);
  expect(r.resolve({ 'Fn::GetAtt': ['NamedTable', 'Arn'] })).toBe('arn:aws:dynamodb:eu-west-1:111122223333:orders-dev');
  expect(r.notes).toEqual([expect.stringMatching(/^NamedTable\.Arn is the placeholder/)]);
});

test('GIVEN the user\'s placeholders WHEN resolved THEN they stand in for Ref and Fn::GetAtt (in Fn::Sub too), for a parameter, one for the stack winning, each noted', () => {
  const placeholders = Placeholders.of({ 'Db.Endpoint.Address': '127.0.0.1', 'Main:Db.Endpoint.Address': 'localhost', 'Other:Db.Endpoint.Port': '1', 'Bucket': 'my-bucket', 'Size': 3, 'NamedTable': 'orders-test' });
  const r = resolver({ placeholders });

  expect(r.resolve([{ 'Fn::GetAtt': ['Db', 'Endpoint.Address'] }, { 'Fn::Sub': 's3://${Bucket}/${Db.Endpoint.Address}' }, { Ref: 'Size' }, { 'Fn::GetAtt': 'Db.Endpoint.Port' }, { Ref: 'NamedTable' }]))
    .toEqual(['localhost', 's3://my-bucket/localhost', 3, '<Db.Endpoint.Port>', 'orders-test']);
  expect(r.notes).toEqual([
    'Fn::GetAtt Db.Endpoint.Address is "localhost", as the placeholder Main:Db.Endpoint.Address gives it',
    'Ref Bucket is "my-bucket", as the placeholder Bucket gives it',
    'Ref Size is 3, as the placeholder Size gives it',
    expect.stringMatching(/^Db\.Endpoint\.Port is the placeholder "<Db\.Endpoint\.Port>"/),
    'Ref NamedTable is "orders-test", as the placeholder NamedTable gives it',
  ]);
});

test('GIVEN a placeholder for a played custom resource WHEN referenced THEN what it answered wins', () => {
  const r = resolver({ played: new Map([['Other', { physicalResourceId: 'other-1', data: { Url: 'https://x' } }]]), placeholders: Placeholders.of({ 'Other': 'x', 'Other.Url': 'y' }) });

  expect(r.resolve([{ Ref: 'Other' }, { 'Fn::GetAtt': ['Other', 'Url'] }])).toEqual(['other-1', 'https://x']);
  expect(r.notes).toEqual([]);
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
  expect(r.notes[0]).toMatch(/\(of its replacement\) \(another with the placeholder Bucket=<value>\)$/);
});
