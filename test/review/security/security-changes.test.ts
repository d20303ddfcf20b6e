/**
 * Security changes of template pairs synthesized by the real aws-cdk-lib: what is listed as
 * added and removed, which additions and removals broaden permissions and why. (The verdicts of
 * the pairs against the CDK CLI's are in cdk-cli-comparison.test.ts.)
 */
import { Stack } from 'aws-cdk-lib';
import * as iam from 'aws-cdk-lib/aws-iam';
import * as lambda from 'aws-cdk-lib/aws-lambda';
import * as s3 from 'aws-cdk-lib/aws-s3';
import * as fc from 'fast-check';
import { fn, PAIRS, synth } from './cdk-pairs';
import { securityChanges, statementText } from '../../../src/review/security/security-changes';

const pair = (name: string) => {
  const found = PAIRS.find((candidate) => candidate.name === name);
  if (found === undefined) throw new Error(`no pair named ${name}`);
  return securityChanges(synth(found.before), synth(found.after));
};
const rowsOf = (changes: ReturnType<typeof securityChanges>) =>
  [...changes.statements, ...changes.managedPolicies, ...changes.rules, ...changes.settings];

test('GIVEN a policy that goes from s3:GetObject to * THEN the table has the removed and the added statement, and the reason says it is a wildcard and what becomes allowed', () => {
  const changes = pair('a policy goes from s3:GetObject to *');
  expect(changes.statements.map(({ change, item, broadening }) => [change, item.actions.join(','), item.resources.join(','), item.principals.join(','), broadening])).toEqual([
    ['-', 's3:GetObject', '*', 'AWS:${FnServiceRoleB9001A96}', false],
    ['+', '*', '*', 'AWS:${FnServiceRoleB9001A96}', true],
  ]);
  const policy = [...changes.byResource.entries()].find(([id]) => id.startsWith('FnServiceRoleDefaultPolicy'))!;
  expect(policy[1].reasons).toEqual([expect.stringMatching(
    /^adds Allow \* on \* for AWS:\$\{FnServiceRoleB9001A96\} \(FnServiceRoleDefaultPolicy\w+ PolicyDocument\): wildcard action \*, every resource; newly allows \* on \* for AWS:\$\{FnServiceRoleB9001A96\}$/,
  )]);
});

test('GIVEN grantReadWriteData narrowed to grantReadData THEN the narrower statement is listed as added but broadens nothing', () => {
  const changes = pair('grantReadWriteData narrowed to grantReadData on a table');
  expect(changes.statements.some(({ change }) => change === '+')).toBe(true);
  expect(rowsOf(changes).filter(({ broadening }) => broadening)).toEqual([]);
});

test('GIVEN grantRead widened to grantReadWrite on a bucket THEN the reason names an action that was not allowed before', () => {
  const reasons = [...pair('grantRead becomes grantReadWrite on a bucket').byResource.values()].flatMap((resource) => resource.reasons);
  expect(reasons.join('\n')).toMatch(/newly allows s3:(Abort|DeleteObject|PutObject)\S* on \$\{B\w+\.Arn\}(\/\*)? for AWS:\$\{FnServiceRole\w+\}/);
});

test('GIVEN a role renamed with its policies THEN its statements are listed as removed and added, and none broadens', () => {
  const changes = pair('a role\'s construct id renamed with its policies');
  expect(changes.statements.map(({ change }) => change).sort()).toEqual(['+', '+', '-', '-']);
  expect(rowsOf(changes).filter(({ broadening }) => broadening)).toEqual([]);
});

test('GIVEN a condition added to a grant THEN it is no broadening; the condition removed again THEN it broadens under looser conditions', () => {
  const found = PAIRS.find((candidate) => candidate.name === 'a condition added to a grant')!;
  const [plain, conditioned] = [synth(found.before), synth(found.after)];
  expect(rowsOf(securityChanges(plain, conditioned)).some(({ broadening }) => broadening)).toBe(false);
  const back = securityChanges(conditioned, plain).statements.find(({ change }) => change === '+')!;
  expect([back.broadening, back.why]).toEqual([true, 'allows s3:GetObject on * for AWS:${FnServiceRoleB9001A96} under looser conditions than before']);
});

test('GIVEN a security group opened on 22 THEN the rule is added and said to be open to every IPv4 address', () => {
  const changes = pair('a security group opened on 22 to the internet');
  expect(changes.rules.map(({ change, item }) => [change, item.direction, item.protocol, item.ports, item.peer])).toEqual([['+', 'ingress', 'tcp', '22', '0.0.0.0/0']]);
  expect([...changes.byResource.values()][0].reasons).toEqual([expect.stringMatching(/^adds the ingress rule tcp 22 from 0\.0\.0\.0\/0 \(\$\{Sg\w+\.GroupId\}\) \(open to every IPv4 address\)$/)]);
});

test('GIVEN a stack on one side only THEN its statements are all added or all removed', () => {
  const template = synth(PAIRS[0].after);
  expect(securityChanges(undefined, template).statements.every(({ change }) => change === '+')).toBe(true);
  expect(securityChanges(template, undefined).statements.every(({ change }) => change === '-')).toBe(true);
  expect(securityChanges(template, template).statements).toEqual([]);
});

test('GIVEN a Lambda permission THEN it reads as an Allow statement with its source as the condition', () => {
  const [added] = pair('a Lambda invoke permission for S3').statements;
  expect(statementText(added.item)).toMatch(/^Allow lambda:InvokeFunction on \$\{Fn\w+\.Arn\} for Service:s3\.amazonaws\.com when SourceAccount 123456789012 \(FnS3\w+ Lambda permission\)$/);
});

test.each([
  { name: 'EventSourceToken removed', before: { EventSourceToken: 'amzn1.ask.skill.1' }, after: {}, expected: true },
  { name: 'SourceAccount removed', before: { SourceAccount: '123456789012' }, after: {}, expected: true },
  { name: 'SourceAccount changed', before: { SourceAccount: '123456789012' }, after: { SourceAccount: '210987654321' }, expected: true },
  { name: 'SourceArn widened', before: { SourceArn: 'arn:aws:s3:::uploads' }, after: { SourceArn: 'arn:aws:s3:::*' }, expected: true },
  { name: 'SourceArn narrowed', before: { SourceArn: 'arn:aws:s3:::*' }, after: { SourceArn: 'arn:aws:s3:::uploads' }, expected: false },
  { name: 'PrincipalOrgID removed', before: { PrincipalOrgID: 'o-abcdefghij1' }, after: {}, expected: true },
  { name: 'FunctionUrlAuthType AWS_IAM to NONE', before: { FunctionUrlAuthType: 'AWS_IAM' }, after: { FunctionUrlAuthType: 'NONE' }, expected: true },
  { name: 'FunctionUrlAuthType NONE to AWS_IAM', before: { FunctionUrlAuthType: 'NONE' }, after: { FunctionUrlAuthType: 'AWS_IAM' }, expected: false },
  { name: 'InvokedViaFunctionUrl removed', before: { InvokedViaFunctionUrl: true }, after: {}, expected: true },
  { name: 'SourceAccount added', before: {}, after: { SourceAccount: '123456789012' }, expected: false },
])('GIVEN a Lambda permission whose $name THEN broadening is $expected', ({ before, after, expected }) => {
  const template = (fields: object) => ({ Resources: { P: { Type: 'AWS::Lambda::Permission', Properties: { Action: 'lambda:InvokeFunction', FunctionName: { 'Fn::GetAtt': ['Fn', 'Arn'] }, Principal: '*', ...fields } } } });
  expect(securityChanges(template(before), template(after)).byResource.get('P')?.broadening ?? false).toBe(expected);
});

test('GIVEN a permissions boundary removed from a role that stays THEN it broadens; the role removed with it THEN it does not', () => {
  const found = PAIRS.find((candidate) => candidate.name === 'a permissions boundary removed')!;
  const [bounded, free] = [synth(found.before), synth(found.after)];
  const changes = securityChanges(bounded, free);
  expect(changes.settings.map(({ change, item, broadening }) => [change, item.name, broadening])).toEqual([['-', 'permissions boundary', true]]);
  expect(securityChanges(bounded, synth((stack: Stack) => fn(stack))).settings.filter(({ broadening }) => broadening)).toEqual([]);
  expect(securityChanges(free, bounded).settings.filter(({ broadening }) => broadening)).toEqual([]);
});

test('GIVEN a function URL whose auth goes from AWS_IAM to NONE THEN the URL\'s IAM auth is a limit taken away, and the public permissions are new', () => {
  const changes = pair('a function URL\'s auth goes from AWS_IAM to NONE');
  expect(changes.settings.map(({ change, item, broadening }) => [change, item.name, item.value, broadening])).toEqual([['-', 'function URL auth', 'AWS_IAM', true]]);
  expect(changes.statements.filter(({ broadening }) => broadening).map(({ item }) => item.actions.join(','))).toEqual(['lambda:InvokeFunctionUrl', 'lambda:InvokeFunction']);
});

test('GIVEN a Deny removed and an equal Deny added in another policy of the same role THEN nothing broadens (a move)', () => {
  const deny = new iam.PolicyStatement({ effect: iam.Effect.DENY, actions: ['s3:DeleteBucket'], resources: ['*'] });
  const build = (id: string) => (stack: Stack) => new iam.Policy(stack, id, { roles: [new iam.Role(stack, 'R', { assumedBy: new iam.ServicePrincipal('lambda.amazonaws.com') })], statements: [deny] });
  const changes = securityChanges(synth(build('Guard')), synth(build('GuardPolicy')));
  expect(changes.statements.map(({ change }) => change)).toEqual(['-', '+']);
  expect(changes.statements.some(({ broadening }) => broadening)).toBe(false);
});

test('GIVEN a statement that is an Fn::If THEN it broadens when added, not when it stands on both sides', () => {
  const template = (statements: unknown[]) => ({ Resources: { P: { Type: 'AWS::IAM::Policy', Properties: { Roles: ['r'], PolicyDocument: { Statement: statements } } } } });
  const unread = { 'Fn::If': ['Admin', { Effect: 'Allow', Action: '*', Resource: '*' }, { Ref: 'AWS::NoValue' }] };
  const added = securityChanges(template([]), template([unread]));
  expect(added.statements.map(({ broadening, why }) => [broadening, why])).toEqual([[true, 'a statement that cannot be read is taken as allowing']]);
  expect(securityChanges(template([unread]), template([unread, { Effect: 'Deny', Action: 's3:*', Resource: '*' }])).statements.some(({ broadening }) => broadening)).toBe(false);
});

test('GIVEN hostile shapes (statements that are not objects, intrinsics as documents, missing properties) THEN nothing throws', () => {
  const hostile = {
    Resources: {
      A: { Type: 'AWS::IAM::Role', Properties: { AssumeRolePolicyDocument: { Statement: 'x' }, Policies: [null, { PolicyDocument: { 'Fn::If': ['c', {}, {}] } }], ManagedPolicyArns: { Ref: 'P' } } },
      B: { Type: 'AWS::IAM::Policy', Properties: { PolicyDocument: { Statement: [1, null, { Action: { 'Fn::Split': [',', 'a,b'] } }] } } },
      C: { Type: 'AWS::EC2::SecurityGroup', Properties: { SecurityGroupIngress: [null, 'x', { IpProtocol: -1, CidrIp: '0.0.0.0/0' }] } },
      D: null,
      E: { Type: 'AWS::Lambda::Permission' },
      F: { Type: 'AWS::S3::BucketPolicy', Properties: { Bucket: ['a', null], PolicyDocument: '{not json' } },
      G: { Type: 'AWS::Logs::ResourcePolicy', Properties: { PolicyDocument: { 'Fn::Join': ['', ['{"Statement":', { Ref: 'X' }, '}']] } } },
    },
  };
  expect(() => securityChanges({ Resources: 'x' }, hostile)).not.toThrow();
  expect(() => securityChanges(hostile, { Resources: { ...hostile.Resources, A: null } })).not.toThrow();
  expect(securityChanges(undefined, hostile).rules.map(({ item }) => `${item.protocol} ${item.peer}`)).toContain('all traffic 0.0.0.0/0');
});

test('GIVEN any JSON as the two templates THEN securityChanges never throws and never changes them', () => {
  const json = fc.jsonValue({ maxDepth: 6 });
  const type = fc.constantFrom('AWS::IAM::Role', 'AWS::IAM::Policy', 'AWS::Lambda::Permission', 'AWS::EC2::SecurityGroup', 'AWS::S3::BucketPolicy', 'AWS::ECR::Repository', 'AWS::SSO::PermissionSet', 'AWS::Lambda::Url', 'AWS::EFS::FileSystem');
  const template = fc.dictionary(fc.constantFrom('A', 'B', 'C'), fc.record({ Type: type, Properties: json }));
  fc.assert(fc.property(template, template, (resourcesBefore, resourcesAfter) => {
    const before = { Resources: resourcesBefore };
    const after = { Resources: resourcesAfter };
    const copies = JSON.stringify([before, after]);
    securityChanges(before, after);
    expect(JSON.stringify([before, after])).toBe(copies);
  }), { numRuns: 300 });
});

test('GIVEN a new function with an EventSourceToken permission THEN its stack on one side is all additions (the raw CfnPermission shape reads too)', () => {
  const template = synth((stack) => new lambda.CfnPermission(stack, 'P', { action: 'lambda:InvokeFunction', functionName: 'f', principal: 'alexa-appkit.amazon.com', eventSourceToken: 't' }));
  const [row] = securityChanges(undefined, template).statements;
  expect([row.change, row.broadening, statementText(row.item)]).toEqual(['+', true, 'Allow lambda:InvokeFunction on f for Service:alexa-appkit.amazon.com when EventSourceToken t (P Lambda permission)']);
});

test('GIVEN a bucket that enforces TLS removed with its policy, or a role removed with its Deny THEN removing the Deny broadens nothing (what it governed is gone)', () => {
  const bucket = synth((stack) => { fn(stack); new s3.Bucket(stack, 'B', { enforceSSL: true }); });
  const denied = synth((stack) => { fn(stack); fn(stack, 'Other').addToRolePolicy(new iam.PolicyStatement({ effect: iam.Effect.DENY, actions: ['s3:*'], resources: ['*'] })); });
  const plain = synth((stack) => fn(stack));
  expect(rowsOf(securityChanges(bucket, plain)).filter(({ broadening }) => broadening)).toEqual([]);
  expect(rowsOf(securityChanges(denied, plain)).filter(({ broadening }) => broadening)).toEqual([]);
});

test('GIVEN a bucket policy on a bucket named by a parameter WHEN its Deny is removed THEN it broadens (the parameter stays)', () => {
  const template = (statements: unknown[]) => ({
    Parameters: { BucketName: { Type: 'String' } },
    Resources: { P: { Type: 'AWS::S3::BucketPolicy', Properties: { Bucket: { Ref: 'BucketName' }, PolicyDocument: { Statement: statements } } } },
  });
  const deny = { Effect: 'Deny', Principal: '*', Action: 's3:*', Resource: '*', Condition: { Bool: { 'aws:SecureTransport': 'false' } } };
  expect(securityChanges(template([deny]), template([])).byResource.get('P')?.broadening).toBe(true);
});

test('GIVEN a new VPC endpoint or EFS file system without a policy THEN what AWS allows by default is no new grant; the policy removed from one that stays THEN it is', () => {
  const endpoint = (policy?: object) => ({ Resources: { E: { Type: 'AWS::EC2::VPCEndpoint', Properties: { ServiceName: 's3', VpcId: 'v', ...(policy === undefined ? {} : { PolicyDocument: policy }) } } } });
  const fileSystem = { Resources: { F: { Type: 'AWS::EFS::FileSystem', Properties: {} } } };
  expect(securityChanges({ Resources: {} }, endpoint()).statements).toEqual([]);
  expect(securityChanges({ Resources: {} }, fileSystem).statements).toEqual([]);
  const restricted = endpoint({ Statement: [{ Effect: 'Allow', Principal: '*', Action: 's3:GetObject', Resource: 'arn:aws:s3:::b/*' }] });
  expect(securityChanges(endpoint(), restricted).byResource.get('E')?.broadening).toBe(false);
  const opened = securityChanges(restricted, endpoint()).statements.find(({ change }) => change === '+')!;
  expect([opened.broadening, opened.item.source]).toEqual([true, 'no PolicyDocument: an endpoint without a policy allows full access to the service through it']);
});

test('GIVEN managed policies attached by ARN THEN one from elsewhere broadens when attached, one of the app by what it grants, and detaching one of the app takes its Deny away', () => {
  const template = (arns: unknown[], statements: unknown[]) => ({
    Resources: {
      Role: { Type: 'AWS::IAM::Role', Properties: { AssumeRolePolicyDocument: {}, ManagedPolicyArns: arns } },
      Guard: { Type: 'AWS::IAM::ManagedPolicy', Properties: { PolicyDocument: { Statement: statements } } },
    },
  });
  const deny = { Effect: 'Deny', Action: 's3:DeleteBucket', Resource: '*' };
  const verdicts = (before: unknown, after: unknown) =>
    securityChanges(before, after).managedPolicies.map(({ change, broadening }) => [change, broadening]);
  expect(verdicts(template([], []), template(['arn:aws:iam::aws:policy/ReadOnlyAccess'], []))).toEqual([['+', true]]);
  expect(verdicts(template([], [deny]), template([{ Ref: 'Guard' }], [deny]))).toEqual([['+', false]]);
  expect(verdicts(template([{ Ref: 'Guard' }], [deny]), template([], [deny]))).toEqual([['-', true]]);
  expect(verdicts(template(['arn:aws:iam::aws:policy/ReadOnlyAccess'], []), template([], []))).toEqual([['-', false]]);
});
