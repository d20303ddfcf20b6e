/**
 * The failure verdicts of named resources (judge-failures.ts), on the cases where the name's
 * value is known on one side only, is picked out of a value that changes, or is not known
 * offline on either side. Run with the real replacement table.
 */
import { deepFreeze, outcome, template } from './helpers';
import { ChangeSetPredictor, PredictedChangeSet, PredictOptions } from '../../src/change-set';

function predict(before: unknown, after: unknown, options?: PredictOptions): PredictedChangeSet {
  return ChangeSetPredictor.predict(deepFreeze(before), deepFreeze(after), options);
}

/** A named table; its key schema replaces it. */
const table = (name: unknown, key: string) => ({
  Type: 'AWS::DynamoDB::Table',
  Properties: { TableName: name, KeySchema: [{ AttributeName: key, KeyType: 'HASH' }] },
});
const reasonOf = (changeSet: PredictedChangeSet, id: string) => changeSet.failures.find((failure) => failure.logicalResourceId === id)?.reason;
const stage = (type: string) => ({ Parameters: { Stage: { Type: type, Default: 'prod' } } });

describe('a replaced resource whose name stays', () => {
  test('GIVEN a nested stack\'s name parameter known before and passed from a replaced bucket after WHEN its table is replaced THEN the failure is possible: the name may stay', () => {
    const nested = (key: string) => template({ T: table({ Ref: 'Stage' }, key) }, stage('String'));
    const parent = (value: unknown, bucketName: string) => template({
      Bucket: { Type: 'AWS::S3::Bucket', Properties: { BucketName: bucketName } },
      Nested: { Type: 'AWS::CloudFormation::Stack', Properties: { TemplateURL: 'u', Parameters: { Stage: value } } },
    });
    const changeSet = predict(parent('jobs', 'a'), parent({ 'Fn::GetAtt': ['Bucket', 'Arn'] }, 'b'), { nestedStacks: { Nested: { before: nested('id'), after: nested('pk') } } });
    const inner = changeSet.nestedChangeSets.Nested;
    expect(outcome(inner)).toEqual({ T: 'True Possible' });
    expect(reasonOf(inner, 'T')).toMatch(/^TableName \{"Ref":"Stage"\} may stay the same \(it depends on a value known only at deploy time\) and the resource is replaced/);
  });

  test('GIVEN a name picked by Fn::Select out of a list with a changing parameter WHEN the pick is the same on both sides THEN the failure is certain', () => {
    const name = { 'Fn::Select': [0, ['jobs', { Ref: 'Stage' }]] };
    const changeSet = predict(template({ T: table(name, 'id') }, stage('String')), template({ T: table(name, 'pk') }, stage('String')), {
      parameters: { before: { Stage: 'dev' }, after: { Stage: 'prod' } },
    });
    expect(outcome(changeSet)).toEqual({ T: 'True Certain' });
  });

  test('GIVEN a name not known offline on either side WHEN it is written differently and the table is replaced THEN nothing fails: the replacement has another name', () => {
    const name = (suffix: string) => ({ 'Fn::Sub': `\${AWS::Region}-${suffix}` });
    expect(outcome(predict(template({ T: table(name('a'), 'id') }), template({ T: table(name('b'), 'pk') })))).toEqual({ T: 'True' });
  });

  test('GIVEN a name not known offline, written the same on both sides WHEN the table is replaced THEN the failure is certain', () => {
    const name = { 'Fn::Sub': '${AWS::Region}-jobs' };
    expect(outcome(predict(template({ T: table(name, 'id') }), template({ T: table(name, 'pk') })))).toEqual({ T: 'True Certain' });
  });
});

describe('a named resource moved to a new logical id', () => {
  test('GIVEN a name not known offline that reads a parameter whose value changes WHEN the resource moves THEN nothing fails: the new one has the new name', () => {
    const name = { 'Fn::Join': ['-', [{ Ref: 'Stage' }, { 'Fn::GetAtt': ['Other', 'Arn'] }]] };
    const other = { Type: 'AWS::SNS::Topic', Properties: {} };
    const changeSet = predict(template({ Old: table(name, 'id'), Other: other }, stage('String')), template({ New: table(name, 'id'), Other: other }, stage('String')), {
      parameters: { before: { Stage: 'dev' }, after: { Stage: 'prod' } },
    });
    expect(outcome(changeSet)).toEqual({ Old: 'Remove', New: 'Add' });
  });

  test('GIVEN the same name not known offline and an unchanged parameter WHEN the resource moves THEN the name collides', () => {
    const name = { 'Fn::Join': ['-', [{ Ref: 'Stage' }, { 'Fn::GetAtt': ['Other', 'Arn'] }]] };
    const other = { Type: 'AWS::SNS::Topic', Properties: {} };
    const changeSet = predict(template({ Old: table(name, 'id'), Other: other }, stage('String')), template({ New: table(name, 'id'), Other: other }, stage('String')));
    expect(outcome(changeSet)).toEqual({ Old: 'Remove', New: 'Add Certain' });
    expect(reasonOf(changeSet, 'New')).toMatch(/is still held by Old, which this update removes/);
  });
});

describe('singletons: one resource per parent, or per account and Region', () => {
  const domain = (properties: Record<string, unknown>, extra: Record<string, unknown> = {}) => ({ Type: 'AWS::Cognito::UserPoolDomain', Properties: properties, ...extra });
  const pool = { Type: 'AWS::Cognito::UserPool', Properties: {} };
  const custom = { CertificateArn: 'arn:aws:acm:us-east-1:1:certificate/a' };

  test.each([
    ['its prefix changes', 'True Certain', { UserPoolId: { Ref: 'Pool' }, Domain: 'acme-auth' }, { Domain: 'acme-login' }],
    ['its custom domain changes', 'True Certain', { UserPoolId: { Ref: 'Pool' }, Domain: 'auth.acme.com', CustomDomainConfig: custom }, { Domain: 'login.acme.com' }],
    ['it moves to another pool under a new prefix', 'True', { UserPoolId: 'us-east-1_a', Domain: 'acme-auth' }, { UserPoolId: 'us-east-1_b', Domain: 'acme-login' }],
    ['it moves to another pool under the same prefix (the prefix is taken)', 'True Certain', { UserPoolId: 'us-east-1_a', Domain: 'acme-auth' }, { UserPoolId: 'us-east-1_b' }],
    ['the prefix domain becomes a custom domain (a domain of the other kind)', 'True', { UserPoolId: 'us-east-1_a', Domain: 'acme-auth' }, { Domain: 'auth.acme.com', CustomDomainConfig: custom }],
    ['the custom domain\'s certificate changes (in place)', 'False', { UserPoolId: 'us-east-1_a', Domain: 'auth.acme.com', CustomDomainConfig: custom }, { CustomDomainConfig: { CertificateArn: 'arn:aws:acm:us-east-1:1:certificate/b' } }],
  ])('GIVEN a user pool domain WHEN %s THEN it is %s', (_, expected, properties, changed) => {
    const changeSet = predict(template({ Pool: pool, D: domain(properties) }), template({ Pool: pool, D: domain({ ...properties, ...changed }) }));
    expect(outcome(changeSet).D).toBe(expected);
  });

  test('GIVEN a prefix change WHEN reported THEN the reason says a pool holds one domain of the kind and what to do', () => {
    const changeSet = predict(template({ Pool: pool, D: domain({ UserPoolId: { Ref: 'Pool' }, Domain: 'a' }) }), template({ Pool: pool, D: domain({ UserPoolId: { Ref: 'Pool' }, Domain: 'b' }) }));
    expect(reasonOf(changeSet, 'D')).toBe('only one AWS::Cognito::UserPoolDomain without CustomDomainConfig can exist per UserPoolId {"Ref":"Pool"}, and the replacement keeps it: '
      + 'CloudFormation creates the replacement before it deletes the old resource, so the create fails; remove the resource in one update and add the changed one in the next');
  });

  test('GIVEN a pool that may be replaced WHEN its domain\'s prefix changes THEN the failure is possible: the domain may land in a new pool', () => {
    const pools = (prefix: string, group: string) => template({ P: { Type: 'AWS::RDS::DBInstance', Properties: { DBParameterGroupName: group } }, D: domain({ UserPoolId: { Ref: 'P' }, Domain: prefix }) });
    const changeSet = predict(pools('a', 'g1'), pools('b', 'g2'));
    expect(outcome(changeSet)).toEqual({ P: 'Conditional', D: 'True Possible' });
    expect(reasonOf(changeSet, 'D')).toMatch(/^only one AWS::Cognito::UserPoolDomain without CustomDomainConfig can exist per UserPoolId \{"Ref":"P"\}, which may stay the same \(it depends on a value known only at deploy time\), and the resource is replaced/);
  });

  test.each([
    ['a user pool domain renamed in the same pool, its prefix changed', 'Add Certain', domain({ UserPoolId: 'p1', Domain: 'a' }), domain({ UserPoolId: 'p1', Domain: 'b' })],
    ['a user pool domain renamed into another pool', 'Add', domain({ UserPoolId: 'p1', Domain: 'a' }), domain({ UserPoolId: 'p2', Domain: 'b' })],
    ['a GuardDuty member renamed', 'Add Certain', { Type: 'AWS::GuardDuty::Member', Properties: { DetectorId: 'd1', MemberId: '111111111111', Email: 'a@b.c' } },
      { Type: 'AWS::GuardDuty::Member', Properties: { DetectorId: 'd1', MemberId: '111111111111', Email: 'a@b.c' } }],
    ['a GuardDuty member renamed for another account', 'Add', { Type: 'AWS::GuardDuty::Member', Properties: { DetectorId: 'd1', MemberId: '111111111111', Email: 'a@b.c' } },
      { Type: 'AWS::GuardDuty::Member', Properties: { DetectorId: 'd1', MemberId: '222222222222', Email: 'a@b.c' } }],
    ['a GuardDuty detector renamed (one per account and Region)', 'Add Certain', { Type: 'AWS::GuardDuty::Detector', Properties: { Enable: true } }, { Type: 'AWS::GuardDuty::Detector', Properties: { Enable: false } }],
    ['a Security Hub hub renamed', 'Add Certain', { Type: 'AWS::SecurityHub::Hub', Properties: {} }, { Type: 'AWS::SecurityHub::Hub', Properties: {} }],
    ['a bucket policy renamed', 'Add Certain', { Type: 'AWS::S3::BucketPolicy', Properties: { Bucket: 'b', PolicyDocument: {} } }, { Type: 'AWS::S3::BucketPolicy', Properties: { Bucket: 'b', PolicyDocument: {} } }],
    ['a bucket policy renamed onto another bucket', 'Add', { Type: 'AWS::S3::BucketPolicy', Properties: { Bucket: 'b', PolicyDocument: {} } }, { Type: 'AWS::S3::BucketPolicy', Properties: { Bucket: 'c', PolicyDocument: {} } }],
  ])('GIVEN %s WHEN predicted THEN the new one is %s', (_, expected, old, moved) => {
    expect(outcome(predict(template({ Old: old }), template({ New: moved })))).toEqual({ Old: 'Remove', New: expected });
  });

  test('GIVEN a renamed GuardDuty member WHEN reported THEN the reason names the parent and the removed resource', () => {
    const member = { Type: 'AWS::GuardDuty::Member', Properties: { DetectorId: 'd1', MemberId: '111111111111', Email: 'a@b.c' } };
    expect(reasonOf(predict(template({ Old: member }), template({ New: member })), 'New')).toBe('only one AWS::GuardDuty::Member can exist per DetectorId "d1", MemberId "111111111111", '
      + 'and Old, which this update removes, is it: CloudFormation creates New before it deletes Old, so the create fails; keep the old logical id');
    const detector = { Type: 'AWS::GuardDuty::Detector', Properties: { Enable: true } };
    expect(reasonOf(predict(template({ Old: detector }), template({ New: detector })), 'New')).toMatch(/^only one AWS::GuardDuty::Detector can exist per account and Region, and Old, which this update removes, is it/);
  });

  test('GIVEN a renamed detector whose existence rests on an unknown condition WHEN predicted THEN the failure is possible', () => {
    const detector = { Type: 'AWS::GuardDuty::Detector', Condition: 'On', Properties: { Enable: true } };
    const conditions = { Parameters: { Mode: { Type: 'String' } }, Conditions: { On: { 'Fn::Equals': [{ Ref: 'Mode' }, 'on'] } } };
    const changeSet = predict(template({ Old: detector }, conditions), template({ New: detector }, conditions));
    expect(outcome(changeSet)).toEqual({ Old: 'Remove', New: 'Add Possible' });
  });

  test('GIVEN a renamed member whose parent reads a parameter whose value changes WHEN predicted THEN nothing fails: it is the member of another detector', () => {
    const member = { Type: 'AWS::GuardDuty::Member', Properties: { DetectorId: { Ref: 'Detector' }, MemberId: '111111111111', Email: 'a@b.c' } };
    const parameters = { Parameters: { Detector: { Type: 'String' } } };
    const changeSet = predict(template({ Old: member }, parameters), template({ New: member }, parameters), { parameters: { before: { Detector: 'd1' }, after: { Detector: 'd2' } } });
    expect(outcome(changeSet)).toEqual({ Old: 'Remove', New: 'Add' });
  });

  test.each([
    ['a GuardDuty member whose email changes (a replacement for the same account)', 'True Certain', 'AWS::GuardDuty::Member', { DetectorId: 'd1', MemberId: '111111111111', Email: 'a@b.c' }, { Email: 'x@b.c' }],
    ['a GuardDuty member moved to another detector', 'True', 'AWS::GuardDuty::Member', { DetectorId: 'd1', MemberId: '111111111111', Email: 'a@b.c' }, { DetectorId: 'd2' }],
    ['an EKS access entry whose type changes', 'True Certain', 'AWS::EKS::AccessEntry', { ClusterName: 'c', PrincipalArn: 'arn:aws:iam::1:role/r', Type: 'STANDARD' }, { Type: 'EC2_LINUX' }],
    ['an EKS access entry whose groups change (in place)', 'False', 'AWS::EKS::AccessEntry', { ClusterName: 'c', PrincipalArn: 'arn:aws:iam::1:role/r', KubernetesGroups: ['a'] }, { KubernetesGroups: ['b'] }],
    ['an EKS access entry for another principal', 'True', 'AWS::EKS::AccessEntry', { ClusterName: 'c', PrincipalArn: 'arn:aws:iam::1:role/r' }, { PrincipalArn: 'arn:aws:iam::1:role/s' }],
  ])('GIVEN %s WHEN predicted THEN it is %s', (_, expected, type, properties, changed) => {
    const of = (values: Record<string, unknown>) => template({ R: { Type: type, Properties: values } });
    const changeSet = predict(of(properties), of({ ...properties, ...changed }));
    expect(outcome(changeSet).R).toBe(expected);
  });
});

describe('names in the reasons, resolved with the parameter values given', () => {
  const user = (attributes: string) => ({
    Type: 'AWS::Cognito::UserPoolUser',
    Properties: { UserPoolId: { Ref: 'PoolId' }, Username: { Ref: 'AdminUsername' }, UserAttributes: [{ Name: 'email', Value: attributes }] },
  });
  const parameters = (admin: Record<string, unknown> = {}) => ({ Parameters: { PoolId: { Type: 'String' }, AdminUsername: { Type: 'String', ...admin } } });
  const given = { parameters: { before: { PoolId: 'us-east-1_a', AdminUsername: 'admin' }, after: { PoolId: 'us-east-1_a', AdminUsername: 'admin' } } };

  test('GIVEN a user named by a parameter whose value is given WHEN its attributes change (a replacement) THEN the reason shows the value and where it comes from', () => {
    const changeSet = predict(template({ U: user('a@b.c') }, parameters()), template({ U: user('x@b.c') }, parameters()), given);
    expect(reasonOf(changeSet, 'U')).toMatch(/^Username "admin" \(from \{"Ref":"AdminUsername"\}\) stays the same while the resource is replaced/);
  });

  test('GIVEN the same user moved to a new logical id, its name from the parameter\'s default WHEN predicted THEN the reason shows the default\'s value', () => {
    const changeSet = predict(template({ Old: user('a@b.c') }, parameters({ Default: 'root' })), template({ New: user('a@b.c') }, parameters({ Default: 'root' })), {
      parameters: { before: { PoolId: 'us-east-1_a' }, after: { PoolId: 'us-east-1_a' } },
    });
    expect(reasonOf(changeSet, 'New')).toMatch(/^Username "root" \(from \{"Ref":"AdminUsername"\}\) is still held by Old/);
  });

  test.each([
    ['a NoEcho parameter (its value is masked, so the reason keeps the reference)', { NoEcho: true }, given],
    ['a parameter without a value', {}, {}],
  ])('GIVEN a name from %s WHEN reported THEN the reason shows it as written', (_, admin, options) => {
    const changeSet = predict(template({ U: user('a@b.c') }, parameters(admin)), template({ U: user('x@b.c') }, parameters(admin)), options);
    expect(reasonOf(changeSet, 'U')).toMatch(/^Username \{"Ref":"AdminUsername"\} stays the same while/);
  });

  test('GIVEN a singleton\'s parent from a parameter whose value is given WHEN reported THEN the reason shows the value', () => {
    const member = { Type: 'AWS::GuardDuty::Member', Properties: { DetectorId: { Ref: 'Detector' }, MemberId: '111111111111', Email: 'a@b.c' } };
    const detector = { Parameters: { Detector: { Type: 'String' } } };
    const changeSet = predict(template({ Old: member }, detector), template({ New: member }, detector), { parameters: { before: { Detector: 'd1' }, after: { Detector: 'd1' } } });
    expect(reasonOf(changeSet, 'New')).toMatch(/^only one AWS::GuardDuty::Member can exist per DetectorId "d1" \(from \{"Ref":"Detector"\}\), MemberId "111111111111", and Old/);
  });
});

describe('a resource moved to a new logical id whose identity reads a resource that is replaced', () => {
  const bucket = (name: string) => ({ Type: 'AWS::S3::Bucket', Properties: { BucketName: name } });

  test('GIVEN a bucket policy renamed while its bucket is replaced WHEN predicted THEN the failure is only possible: the new policy may go to the new bucket', () => {
    const policy = { Type: 'AWS::S3::BucketPolicy', Properties: { Bucket: { Ref: 'B' }, PolicyDocument: {} } };
    const changeSet = predict(template({ B: bucket('a'), Old: policy }), template({ B: bucket('b'), New: policy }));
    expect(outcome(changeSet)).toEqual({ B: 'True', Old: 'Remove', New: 'Add Possible' });
    expect(reasonOf(changeSet, 'New')).toMatch(/^only one AWS::S3::BucketPolicy can exist per Bucket \{"Ref":"B"\}, and Old, which this update removes, may be it \(it depends on a value known only at deploy time\): if so, CloudFormation creates New before it deletes Old, and the create fails$/);
  });

  test('GIVEN a queue renamed whose name reads a replaced bucket WHEN predicted THEN the failure is only possible: the name may change', () => {
    const queue = { Type: 'AWS::SQS::Queue', Properties: { QueueName: { 'Fn::Sub': '${B}-jobs' } } };
    const changeSet = predict(template({ B: bucket('a'), Old: queue }), template({ B: bucket('b'), New: queue }));
    expect(outcome(changeSet)).toEqual({ B: 'True', Old: 'Remove', New: 'Add Possible' });
    expect(reasonOf(changeSet, 'New')).toMatch(/^QueueName \{"Fn::Sub":"\$\{B\}-jobs"\} may still be held by Old, which this update removes \(it depends on a value known only at deploy time\): if so, CloudFormation creates New before it deletes Old, and the name is taken$/);
  });
});

describe('singletons and names: the cases that decide each part of a verdict', () => {
  const domain = (properties: Record<string, unknown>, extra: Record<string, unknown> = {}) => ({ Type: 'AWS::Cognito::UserPoolDomain', Properties: properties, ...extra });
  const custom = { CertificateArn: 'arn:aws:acm:us-east-1:1:certificate/a' };

  test('GIVEN a named table whose type changes to a global table under the same name WHEN predicted THEN the type change\'s failure stands', () => {
    const key = [{ AttributeName: 'id', KeyType: 'HASH' }];
    const changeSet = predict(template({ T: { Type: 'AWS::DynamoDB::Table', Properties: { TableName: 'orders', KeySchema: key } } }),
      template({ T: { Type: 'AWS::DynamoDB::GlobalTable', Properties: { TableName: 'orders', KeySchema: key } } }));
    expect(reasonOf(changeSet, 'T')).toMatch(/^the resource type changes from AWS::DynamoDB::Table to AWS::DynamoDB::GlobalTable/);
  });

  test('GIVEN an access entry whose type reads an attribute of a resource that may be replaced WHEN predicted THEN the failure is possible: the entry may be replaced', () => {
    const instance = (group: string) => ({ Type: 'AWS::RDS::DBInstance', Properties: { DBParameterGroupName: group } });
    const entry = { Type: 'AWS::EKS::AccessEntry', Properties: { ClusterName: 'c', PrincipalArn: 'arn:aws:iam::1:role/r', Type: { 'Fn::GetAtt': ['Db', 'Endpoint.Port'] } } };
    const changeSet = predict(template({ Db: instance('a'), E: entry }), template({ Db: instance('b'), E: entry }));
    expect(outcome(changeSet)).toEqual({ Db: 'Conditional', E: 'Conditional Possible' });
    expect(reasonOf(changeSet, 'E')).toBe('only one AWS::EKS::AccessEntry can exist per ClusterName "c", PrincipalArn "arn:aws:iam::1:role/r", which stays the same, and the resource may be replaced: '
      + 'if so, CloudFormation creates the replacement before it deletes the old resource, and the create fails');
  });

  test('GIVEN a domain whose existence rests on an unknown condition WHEN its prefix changes THEN the failure is possible', () => {
    const conditions = { Parameters: { Mode: { Type: 'String' } }, Conditions: { On: { 'Fn::Equals': [{ Ref: 'Mode' }, 'on'] } } };
    const changeSet = predict(template({ D: domain({ UserPoolId: 'p', Domain: 'a' }, { Condition: 'On' }) }, conditions), template({ D: domain({ UserPoolId: 'p', Domain: 'b' }, { Condition: 'On' }) }, conditions));
    expect(outcome(changeSet)).toEqual({ D: 'True Possible' });
  });

  test('GIVEN a custom domain WHEN its name changes THEN the reason names the kind: with CustomDomainConfig', () => {
    const changeSet = predict(template({ D: domain({ UserPoolId: 'p', Domain: 'auth.acme.com', CustomDomainConfig: custom }) }),
      template({ D: domain({ UserPoolId: 'p', Domain: 'login.acme.com', CustomDomainConfig: custom }) }));
    expect(reasonOf(changeSet, 'D')).toMatch(/^only one AWS::Cognito::UserPoolDomain with CustomDomainConfig can exist per UserPoolId "p", and the replacement keeps it/);
  });

  test.each([
    ['a prefix domain renamed into a custom domain of the same pool (another kind)', 'Add', domain({ UserPoolId: 'p', Domain: 'a' }), domain({ UserPoolId: 'p', Domain: 'auth.acme.com', CustomDomainConfig: custom })],
    ['a custom domain renamed under another custom domain name of the same pool', 'Add Certain', domain({ UserPoolId: 'p', Domain: 'auth.acme.com', CustomDomainConfig: custom }),
      domain({ UserPoolId: 'p', Domain: 'login.acme.com', CustomDomainConfig: custom })],
  ])('GIVEN %s WHEN predicted THEN the new one is %s', (_, expected, old, moved) => {
    expect(outcome(predict(template({ Old: old }), template({ New: moved })))).toEqual({ Old: 'Remove', New: expected });
  });

  test('GIVEN a name computed from a NoEcho parameter and a plain one WHEN reported THEN it is shown as written: any secret in it masks the whole', () => {
    const user = (email: string) => ({
      Type: 'AWS::Cognito::UserPoolUser',
      Properties: { UserPoolId: 'p', Username: { 'Fn::Join': ['-', [{ Ref: 'Secret' }, { Ref: 'Plain' }]] }, UserAttributes: [{ Name: 'email', Value: email }] },
    });
    const parameters = { Parameters: { Secret: { Type: 'String', NoEcho: true }, Plain: { Type: 'String' } } };
    const values = { Secret: 's3cret', Plain: 'admin' };
    const changeSet = predict(template({ U: user('a') }, parameters), template({ U: user('b') }, parameters), { parameters: { before: values, after: values } });
    expect(reasonOf(changeSet, 'U')).toMatch(/^Username \{"Fn::Join":\["-",\[\{"Ref":"Secret"\},\{"Ref":"Plain"\}\]\]\} stays the same/);
    expect(reasonOf(changeSet, 'U')).not.toContain('s3cret');
  });
});
