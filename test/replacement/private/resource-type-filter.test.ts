import { ResourceTypeFilter } from '../../../src/replacement/private/resource-type-filter';

describe('ResourceTypeFilter', () => {
  test.each([
    ['includeResourceTypes', [], /includeResourceTypes must list at least one resource type pattern .* would check nothing/],
    ['excludeResourceTypes', [], /excludeResourceTypes must list at least one resource type pattern .* would exclude nothing/],
    ['includeResourceTypes', ['AWS::S3'], /includeResourceTypes entry "AWS::S3" matches no resource type.*such as "AWS::S3::\*"/],
    ['excludeResourceTypes', ['AWS::S3::Bucket', 'AWS::SQS::Queues'], /excludeResourceTypes entry "AWS::SQS::Queues" matches no resource type/],
    ['includeResourceTypes', [''], /includeResourceTypes entry "" is not a resource type pattern/],
  ])('GIVEN %s %j WHEN the guard is created THEN it throws naming the option and the pattern', (option, patterns, message) => {
    const make = () => (option === 'includeResourceTypes' ? ResourceTypeFilter.of(patterns, undefined) : ResourceTypeFilter.of(undefined, patterns));
    expect(make).toThrow(message);
  });

  test('GIVEN known types, custom types and wildcards WHEN matched THEN include and exclude apply as globs', () => {
    const filter = ResourceTypeFilter.of(['AWS::S3::*', 'AWS::SQS::Queue', 'Custom::Database', '*::Table'], ['AWS::S3::BucketPolicy']);
    expect(['AWS::S3::Bucket', 'AWS::SQS::Queue', 'Custom::Database', 'AWS::DynamoDB::Table'].every((t) => filter.accepts(t))).toBe(true);
    expect(['AWS::S3::BucketPolicy', 'AWS::SQS::QueuePolicy', 'AWS::SNS::Topic', 'Custom::Other', 'AWS::S3Express::DirectoryBucket'].some((t) => filter.accepts(t))).toBe(false);
  });

  test('GIVEN no include list WHEN matched THEN every type not excluded is accepted, and a dot in a pattern is literal', () => {
    const filter = ResourceTypeFilter.of(undefined, ['AWS::CloudFormation::CustomResource', 'AWS::EC2::*']);
    expect(filter.accepts('AWS::S3::Bucket')).toBe(true);
    expect(filter.accepts('AWS::EC2::Instance')).toBe(false);
    expect(filter.accepts('AWS::CloudFormation::CustomResource')).toBe(false);
    expect(ResourceTypeFilter.of(['AWS::S3::*'], undefined).accepts('AWS::S3xBucket')).toBe(false);
  });
});
