/**
 * Property-based: whatever the templates and options look like, the engine neither throws
 * nor writes to its inputs, and what it answers is consistent.
 */
import * as fc from 'fast-check';
import { deepFreeze } from './helpers';
import { ChangeSetPredictor } from '../../src/change-set';

/** 600 runs; the mutation run (stryker/jest.change-set.config.js) asks for fewer, since it repeats this test for most mutants. */
const RUNS = Number(process.env.CDK_LIFECYCLE_PROPERTY_RUNS ?? 600);

const ids = ['A', 'B', 'C', 'Param', 'AWS::Region', 'Missing'];
const types = ['AWS::S3::Bucket', 'AWS::EKS::Cluster', 'AWS::EC2::Instance', 'AWS::CloudFormation::Stack', 'Custom::Thing', 'AWS::CloudFormation::CustomResource', 'Vendor::Odd', '', 'Custom::'];
const properties = ['BucketName', 'ObjectLockEnabled', 'Name', 'ResourcesVpcConfig', 'SubnetIds', 'Tags', 'ServiceToken', 'CdkLifecycle', 'TemplateURL', 'Parameters', 'X'];

/** Values with intrinsics (well formed or not) referencing resources, parameters and unknown names, cycles included. */
const value = fc.letrec<{ value: unknown }>((tie) => ({
  value: fc.oneof(
    { depthSize: 'small' },
    fc.oneof(fc.string(), fc.integer(), fc.boolean(), fc.constant(null), fc.constantFrom('10', 'true', '${A}', '${!A}', '${A.Arn}', '${ Param }', '${')),
    fc.record({ Ref: fc.oneof(fc.constantFrom(...ids), tie('value')) }),
    fc.record({ 'Fn::GetAtt': fc.oneof(fc.constantFrom('A.Arn', 'B', 'C.X.Y', ''), fc.array(fc.oneof(fc.constantFrom(...ids), tie('value')), { maxLength: 3 })) }),
    fc.record({ 'Fn::Sub': fc.oneof(fc.string(), fc.constantFrom('x-${A}-${B.Arn}-${!C}'), fc.tuple(fc.constantFrom('${A}${V}'), fc.dictionary(fc.constantFrom('A', 'V'), tie('value'))), tie('value')) }),
    fc.record({ 'Fn::Join': fc.tuple(fc.string(), fc.array(tie('value'), { maxLength: 3 })) }),
    fc.record({ 'Fn::If': fc.array(tie('value'), { maxLength: 4 }) }),
    fc.record({ 'Fn::FindInMap': fc.tuple(fc.constantFrom('M', 'N'), fc.oneof(fc.constantFrom('a', 'b'), fc.constant({ Ref: 'AWS::Region' }), fc.constant({ Ref: 'Param' })), fc.constantFrom('k', 'v')) }),
    fc.dictionary(fc.constantFrom('Fn::Select', 'Fn::Split', 'Fn::Base64', 'Fn::FindInMap', 'Fn::Cidr', 'Fn::GetAZs', 'Fn::ImportValue', 'Fn::Length', 'Fn::ToJsonString', 'Fn::Unknown'), tie('value'), { minKeys: 1, maxKeys: 1 }),
    fc.array(tie('value'), { maxLength: 3 }),
    fc.dictionary(fc.constantFrom(...properties), tie('value'), { maxKeys: 3 }),
  ),
})).value;

const resource = fc.oneof(
  fc.anything(),
  fc.record({
    Type: fc.oneof(fc.constantFrom(...types), fc.anything()),
    Properties: fc.oneof(fc.dictionary(fc.constantFrom(...properties), value, { maxKeys: 5 }), fc.anything()),
    Metadata: fc.oneof(
      fc.constant(undefined),
      fc.record({ 'cdk-lifecycle': fc.oneof(fc.anything(), fc.record({ replaceOnChange: fc.anything(), nameProperty: fc.anything() })) }),
      fc.dictionary(fc.constantFrom('note', 'AWS::CloudFormation::Init'), value, { maxKeys: 2 }),
    ),
    DependsOn: fc.oneof(fc.constant(undefined), fc.constantFrom('A', ['B', 'C'])),
    DeletionPolicy: fc.oneof(fc.constant(undefined), fc.constantFrom('Retain', 'Delete'), fc.anything()),
  }, { requiredKeys: [] }),
);

const templateArb = fc.oneof(
  { weight: 1, arbitrary: fc.anything() },
  {
    weight: 6,
    arbitrary: fc.record({
      Resources: fc.oneof(fc.dictionary(fc.constantFrom('A', 'B', 'C', 'D', 'Fn::ForEach::X', '__proto__', 'constructor'), resource, { maxKeys: 5 }), fc.anything()),
      Parameters: fc.oneof(fc.dictionary(fc.constantFrom('Param', 'A', 'P2'), fc.oneof(fc.record({ Type: fc.constant('String'), Default: fc.anything(), NoEcho: fc.oneof(fc.boolean(), fc.anything()) }, { requiredKeys: ['Type'] }), fc.anything())), fc.anything()),
      Mappings: fc.oneof(fc.anything(), fc.dictionary(fc.constantFrom('M', 'N'), fc.dictionary(fc.constantFrom('a', 'b', 'us-east-1'), fc.dictionary(fc.constantFrom('k', 'v'), value, { maxKeys: 2 }), { maxKeys: 2 }), { maxKeys: 2 })),
    }, { requiredKeys: [] }),
  },
);

const optionsArb = fc.oneof(
  fc.constant(undefined),
  fc.anything(),
  fc.record({
    parameters: fc.oneof(fc.anything(), fc.record({ before: fc.dictionary(fc.constantFrom('Param', 'P2'), fc.anything()), after: fc.dictionary(fc.constantFrom('Param', 'P2'), fc.anything()) })),
    nestedStacks: fc.oneof(fc.anything(), fc.dictionary(fc.constantFrom('A', 'B', 'A/B'), fc.record({ before: templateArb, after: templateArb }, { requiredKeys: [] }))),
    renameThreshold: fc.oneof(fc.double(), fc.anything()),
    includePropertyValues: fc.oneof(fc.boolean(), fc.anything()),
    environment: fc.oneof(fc.anything(), fc.record({ region: fc.oneof(fc.constantFrom('us-east-1', 'cn-north-1', 'us-gov-west-1', ''), fc.anything()), account: fc.anything(), stackName: fc.string() }, { requiredKeys: [] })),
  }, { requiredKeys: [] }),
);

test('GIVEN arbitrary, odd templates and options WHEN predicted THEN it never throws, never writes to its inputs, and answers consistently', () => {
  fc.assert(fc.property(templateArb, templateArb, optionsArb, (before, after, options) => {
    const snapshot = JSON.stringify([before, after, options]);
    deepFreeze([before, after, options]);

    const changeSet = ChangeSetPredictor.predict(before, after, options as any);
    const json = changeSet.toJson();

    expect(JSON.stringify([before, after, options])).toBe(snapshot);
    expect(JSON.parse(JSON.stringify(json))).toEqual(json);
    for (const change of changeSet.changes) {
      if (change.action !== 'Modify') {
        expect(change.details).toEqual([]);
        expect(change.replacement).toBeUndefined();
      } else {
        expect(['True', 'Conditional', 'False']).toContain(change.replacement);
      }
    }
    expect(changeSet.failures.length).toBeLessThanOrEqual(changeSet.changes.length + changeSet.failures.filter((f) => f.nestedStackPath).length);
  }), { numRuns: RUNS, seed: 20261130 });
});

test('GIVEN JavaScript objects that contain themselves, twice over WHEN predicted THEN it ends, reading the cycles as null', () => {
  const cyclic: Record<string, unknown> = { Value: 'x' };
  cyclic.left = cyclic;
  cyclic.right = { back: cyclic, list: [cyclic] };
  const before = { Resources: { A: { Type: 'AWS::SSM::Parameter', Properties: { Value: cyclic }, Metadata: cyclic } } };
  const after = { Resources: { A: { Type: 'AWS::SSM::Parameter', Properties: { Value: { ...cyclic, Value: 'y' } } }, B: before.Resources.A } };
  const json = ChangeSetPredictor.predict(before, after).toJson();
  expect(json.map((c: any) => [c.ResourceChange.LogicalResourceId, c.ResourceChange.Action])).toEqual([['A', 'Modify'], ['B', 'Add']]);
});
