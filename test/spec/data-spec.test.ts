/**
 * The data-bearing types and stack refactoring's limits: the committed generated file is what
 * the generator writes from the curated tables, the tables agree with the pinned spec, and
 * the look-ups read them.
 */
import * as fs from 'fs';
import { loadAwsServiceSpecSync } from '@aws-cdk/aws-service-spec';
import { DATA_BEARING_TYPES } from '../../build-tools/data-bearing-types';
import { checkAgainstSpec, DATA_OUTPUT, LISTED_BUT_NOT_IN_SPEC, renderDataSpec } from '../../build-tools/generate-data-spec';
import { specPackageVersion } from '../../build-tools/generate-replacement-spec';
import { REFACTOR_UNSUPPORTED_TYPES } from '../../build-tools/refactor-support';
import { dataBearingType, MAX_REFACTOR_STACKS, refactorSupports } from '../../src/spec/data-spec';

test('GIVEN the curated tables WHEN rendered THEN the committed data-spec.generated.ts is the same text (run `npx projen generate:spec`)', () => {
  expect(fs.readFileSync(DATA_OUTPUT, 'utf8')).toBe(renderDataSpec(specPackageVersion()));
});

test('GIVEN the pinned spec WHEN the tables are checked against it THEN every type exists and every property an entry names is a property of its type', () => {
  expect(checkAgainstSpec(loadAwsServiceSpecSync())).toEqual([]);
  expect(LISTED_BUT_NOT_IN_SPEC).toEqual(['AWS::Maester::DocumentType']);
});

test('GIVEN every data-bearing entry WHEN read THEN it has a noun, its data, a reason and a source', () => {
  for (const [type, entry] of Object.entries(DATA_BEARING_TYPES)) {
    expect([type, entry.noun.length > 0, entry.data.length > 0, entry.reason.endsWith('.'), entry.source.length > 10]).toEqual([type, true, true, true, true]);
  }
});

test.each([
  ['AWS::DynamoDB::Table', true],
  ['AWS::S3::Bucket', true],
  ['AWS::SNS::Topic', false],
  ['toString', false],
])('GIVEN %s WHEN looked up THEN it is data-bearing: %s', (type, bearing) => {
  expect(dataBearingType(type) !== undefined).toBe(bearing);
});

test.each([
  ['AWS::Route53::RecordSet', false],
  ['AWS::WAFv2::WebACL', false],
  ['AWS::CloudFormation::CustomResource', false],
  ['Custom::Anything', false],
  ['AWS::SageMaker::InferenceComponent', false],
  ['AWS::DynamoDB::Table', true],
])('GIVEN %s WHEN asked whether stack refactoring supports it THEN %s', (type, supported) => {
  expect(refactorSupports(type)).toBe(supported);
});

test('GIVEN the User Guide\'s limits WHEN read THEN at most 5 stacks, and its list has 132 types', () => {
  expect(MAX_REFACTOR_STACKS).toBe(5);
  expect(REFACTOR_UNSUPPORTED_TYPES).toHaveLength(132);
});
