/** The report's data verdicts section: one line per verdict, its label the data's fate. */
import { ChangeSetPredictor } from '../../../../src/change-set';
import { renderDataVerdicts } from '../../../../src/cli/commands/diff/render-data-verdicts';
import { styleFor } from '../../../../src/cli/render/style';
import { reviewTemplates } from '../../../review/helpers';

/** The review of two templates, compared as template files (a stack without a name). */
const review = (before: Record<string, unknown>, after: Record<string, unknown>) => reviewTemplates({ '': [{ Resources: before }, { Resources: after }] });

describe('the label of a data verdict', () => {
  test.each([
    ['a removed bucket, which S3 deletes only when empty', '[deletion fails if not empty] AWS::S3::Bucket B: removed, DeletionPolicy Delete (the type\'s default)',
      { B: { Type: 'AWS::S3::Bucket' } }, {}],
    ['a replaced bucket, whose old one is deleted only when empty', '[deletion fails if not empty] AWS::S3::Bucket B: replaced, UpdateReplacePolicy Delete (the type\'s default)',
      { B: { Type: 'AWS::S3::Bucket', Properties: { BucketName: 'a' } } }, { B: { Type: 'AWS::S3::Bucket', Properties: { BucketName: 'b' } } }],
    ['a removed repository emptied on delete', '[deleted] AWS::ECR::Repository R: removed, DeletionPolicy Delete (the type\'s default)',
      { R: { Type: 'AWS::ECR::Repository', Properties: { EmptyOnDelete: true } } }, {}],
    ['a removed table', '[deleted] AWS::DynamoDB::Table T: removed, DeletionPolicy Delete (the type\'s default)', { T: { Type: 'AWS::DynamoDB::Table' } }, {}],
    ['a removed retained bucket', '[retained] AWS::S3::Bucket B: removed, DeletionPolicy Retain', { B: { Type: 'AWS::S3::Bucket', DeletionPolicy: 'Retain' } }, {}],
    ['a removed custom resource, whose provider\'s Delete runs', '[provider\'s Delete runs] Custom::Db C: removed, DeletionPolicy Delete (the type\'s default)',
      { C: { Type: 'Custom::Db', Properties: { ServiceToken: 'arn:aws:lambda:us-east-1:1:function:f' } } }, {}],
    ['a removed custom resource with Retain', '[retained] Custom::Db C: removed, DeletionPolicy Retain',
      { C: { Type: 'Custom::Db', DeletionPolicy: 'Retain', Properties: { ServiceToken: 'arn:aws:lambda:us-east-1:1:function:f' } } }, {}],
  ])('GIVEN %s WHEN rendered THEN the line reads %j', (_, line, before, after) => {
    const lines = renderDataVerdicts(review(before, after), styleFor(false));
    expect(lines[1]).toBe(line);
  });

  test('GIVEN a removed bucket WHEN rendered THEN the review\'s fields still read the verdict as deleting data: the label alone changes', () => {
    const [verdict] = ChangeSetPredictor.predict({ Resources: { B: { Type: 'AWS::S3::Bucket' } } }, { Resources: {} }).dataVerdicts;
    expect(verdict).toMatchObject({ fate: 'Deleted', deletionFailsUnlessEmpty: true });
  });
});
