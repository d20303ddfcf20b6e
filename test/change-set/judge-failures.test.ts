/**
 * The failure verdicts of named resources (judge-failures.ts), on the cases where the name's
 * value is known on one side only, is picked out of a value that changes, or is not known
 * offline on either side. Run with the real replacement table.
 */
import { deepFreeze, template } from './helpers';
import { ChangeSetPredictor, PredictedChangeSet, PredictOptions } from '../../src/change-set';

function predict(before: unknown, after: unknown, options?: PredictOptions): PredictedChangeSet {
  return ChangeSetPredictor.predict(deepFreeze(before), deepFreeze(after), options);
}

/** A named table; its key schema replaces it. */
const table = (name: unknown, key: string) => ({
  Type: 'AWS::DynamoDB::Table',
  Properties: { TableName: name, KeySchema: [{ AttributeName: key, KeyType: 'HASH' }] },
});
const outcome = (changeSet: PredictedChangeSet) => Object.fromEntries(changeSet.changes.map((change) => [
  change.logicalResourceId, `${change.replacement ?? change.action}${change.failure ? ` ${change.failure.certainty}` : ''}`,
]));
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
