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
