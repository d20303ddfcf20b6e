/** CDK's version-reporting resource (AWS::CDK::Metadata) is never counted or listed as a change to review. */
import { resource, reviewTemplates } from './helpers';
import { renderMarkdown } from '../../src/review/render-markdown';

test('GIVEN a stack whose CDKMetadata Analytics string changes (new library versions) beside a queue change WHEN reviewed THEN only the queue is a change', () => {
  const metadata = (analytics: string) => resource('AWS::CDK::Metadata', { Analytics: analytics }, { Condition: 'CDKMetadataAvailable' });
  const stack = (analytics: string, delay: number) => ({
    Conditions: { CDKMetadataAvailable: { 'Fn::Equals': [{ Ref: 'AWS::Region' }, 'eu-west-1'] } },
    Resources: { CDKMetadata: metadata(analytics), Queue: resource('AWS::SQS::Queue', { DelaySeconds: delay }) },
  });
  const review = reviewTemplates({ App: [stack('v2:deflate64:H4sIAAAAAAAA/1WOQQ6C', 1), stack('v2:deflate64:H4sIAAAAAAAA/3WPQW7C', 2)] });
  expect(review.changes.map((change) => change.logicalId)).toEqual(['Queue']);
  expect(review.counts.modified).toBe(1);
  expect(renderMarkdown(review)).not.toContain('CDKMetadata');
});
