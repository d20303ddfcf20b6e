import { ReplacementGuard } from '../../src';

test.each([
  [{ includeResourceTypes: ['AWS::S3'] }, /ReplacementGuard: includeResourceTypes entry "AWS::S3" matches no resource type/],
  [{ includeResourceTypes: [] }, /ReplacementGuard: includeResourceTypes must list at least one resource type pattern/],
  [{ excludeResourceTypes: [] }, /ReplacementGuard: excludeResourceTypes must list at least one resource type pattern/],
])('GIVEN options %j WHEN the guard is created THEN it throws before any synth', (props, message) => {
  expect(() => new ReplacementGuard(props)).toThrow(message);
});

test('GIVEN valid filters WHEN the guard is created THEN it does not throw', () => {
  expect(() => new ReplacementGuard({ includeResourceTypes: ['AWS::S3::*', 'Custom::Database'], excludeResourceTypes: ['AWS::S3::BucketPolicy'] })).not.toThrow();
});

describe('suggestions for a type that matches nothing', () => {
  test.each<[string, string]>([
    ['AWS::DynamoDB::Tabel', 'did you mean "AWS::DynamoDB::Table"?'],
    ['AWS::S3::Buckett', 'did you mean "AWS::S3::Bucket"?'],
    ['aws::sqs::queue', 'did you mean "AWS::SQS::Queue"?'],
    ['AWS::S3', 'did you mean "AWS::S3::*"?'],
    ['AWS::DynamoDB::Nothing', 'did you mean "AWS::DynamoDB::*"?'],
  ])('GIVEN includeResourceTypes ["%s"] WHEN the guard is created THEN it says what was meant', (pattern, hint) => {
    expect(() => new ReplacementGuard({ includeResourceTypes: [pattern] })).toThrow(hint);
  });

  test('GIVEN a glob that matches no known type WHEN the guard is created THEN it is refused too (it would check nothing)', () => {
    expect(() => new ReplacementGuard({ includeResourceTypes: ['AWS::DynamoDB::Tabel::*'] })).toThrow('entry "AWS::DynamoDB::Tabel::*" matches no resource type: it matches no known CloudFormation resource type');
    expect(() => new ReplacementGuard({ excludeResourceTypes: ['AWS::Nope::*'] })).toThrow('excludeResourceTypes entry "AWS::Nope::*" matches no resource type');
  });

  test('GIVEN every suggestion the guard makes WHEN used as the pattern THEN the guard accepts it (following a hint never checks nothing)', () => {
    const tried = ['AWS::DynamoDB::Tabel', 'AWS::S3', 'AWS::Lambda::Funtion', 'AWS::IAM::Rol', 'AWS::EC2::Nothing', 'AWS::SNS::Topik'];
    for (const pattern of tried) {
      const message = (() => { try { new ReplacementGuard({ includeResourceTypes: [pattern] }); return ''; } catch (e) { return (e as Error).message; } })();
      const suggested = [...message.matchAll(/"([^"]+)"(?= or |\?)/g)].map((m) => m[1]);
      expect(suggested.length).toBeGreaterThan(0);
      for (const suggestion of suggested) expect(() => new ReplacementGuard({ includeResourceTypes: [suggestion] })).not.toThrow();
    }
  });

  test('GIVEN custom resource patterns WHEN the guard is created THEN they are accepted whatever their name', () => {
    expect(() => new ReplacementGuard({ includeResourceTypes: ['Custom::*', 'Custom::MyThing', 'AWS::CloudFormation::CustomResource'] })).not.toThrow();
  });
});
