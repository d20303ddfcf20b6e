/**
 * The deployment after a refactor, checked for exports it removes while another stack still
 * imports them ("Export ... cannot be deleted as it is in use by ..."): a minimal pair for each
 * order CDK deploys the two stacks in.
 */
import { ChangeSetPredictor } from '../../../src/change-set/change-set-predictor';
import { RefactorStack } from '../../../src/change-set/refactor/refactor-types';
import { template } from '../helpers';

const queue = (name: string) => ({ Type: 'AWS::SQS::Queue', Properties: { QueueName: name } });
const topic = (name: string, extra: Record<string, unknown> = {}) => ({ Type: 'AWS::SNS::Topic', Properties: { TopicName: name, ...extra } });
const exported = (value: unknown, name: string) => ({ Value: value, Export: { Name: name } });
const bucketExport = { Outputs: { BucketName: exported({ Ref: 'Bucket' }, 'Data:BucketName') } };
const bucket = { Type: 'AWS::S3::Bucket', Properties: { VersioningConfiguration: { Status: 'Enabled' } } };

/** Data renames a queue (the refactor) and drops its bucket's export; Api imported it and, in the new templates, does not. */
type Resources = Record<string, unknown>;
function app(options: { apiAfter?: Resources; dataAfterExtra?: Resources; apiAfterOutputs?: Resources } = {}): RefactorStack[] {
  return [
    { stackName: 'Data', before: template({ Old: queue('jobs'), Bucket: bucket }, bucketExport), after: template({ New: queue('jobs'), Bucket: bucket, ...options.dataAfterExtra }) },
    {
      stackName: 'Api',
      before: template({ User: topic('user', { DisplayName: { 'Fn::ImportValue': 'Data:BucketName' } }) }),
      after: template(options.apiAfter ?? { User: topic('user') }, options.apiAfterOutputs ?? {}),
    },
  ];
}

describe('an export the update after the refactor removes', () => {
  test('GIVEN Api stops importing an export Data removes, and nothing orders them WHEN planned THEN the update is not safe: why, and what to do', () => {
    const steps = ChangeSetPredictor.planRefactor(app()).steps;
    expect(steps.map((step) => [step.kind, step.safe])).toEqual([['Refactor', true], ['Deploy', false]]);
    expect(steps[1].problems).toEqual([
      'deploying Data removes export Data:BucketName (output BucketName), which Api imports until it is deployed, and nothing makes Api deploy before Data: '
      + 'CloudFormation rejects it ("Export Data:BucketName cannot be deleted as it is in use by Api"). '
      + 'Keep the export one more deployment (Stack.exportValue in Data), deploy Api without the import, then remove it',
    ]);
  });

  test('GIVEN Api still imports another export of Data WHEN planned THEN the problem says Data deploys first', () => {
    const steps = ChangeSetPredictor.planRefactor(app({
      apiAfter: { User: topic('user', { DisplayName: { 'Fn::ImportValue': 'Data:QueueName' } }) },
    }).map((stack) => (stack.stackName === 'Data' ? { ...stack, after: { ...stack.after, Outputs: { QueueName: exported({ Ref: 'New' }, 'Data:QueueName') } } } : stack))).steps;
    expect(steps[1].problems).toEqual([expect.stringContaining('which Api imports until it is deployed, and Data deploys first (Api imports from it)')]);
  });

  test('GIVEN Data, in the new templates, imports from Api WHEN planned THEN Api deploys first, drops the import, and the update is safe', () => {
    const plan = ChangeSetPredictor.planRefactor(app({
      dataAfterExtra: { Reader: topic('reader', { DisplayName: { 'Fn::ImportValue': 'Api:UserArn' } }) },
      apiAfterOutputs: { Outputs: { UserArn: exported({ Ref: 'User' }, 'Api:UserArn') } },
    }));
    expect(plan.steps[1]).toMatchObject({ kind: 'Deploy', safe: true, problems: [] });
  });

  test('GIVEN Api still imports the export in the new templates WHEN planned THEN the update is not safe either', () => {
    const steps = ChangeSetPredictor.planRefactor(app({ apiAfter: { User: topic('user', { DisplayName: { 'Fn::ImportValue': 'Data:BucketName' } }) } })).steps;
    expect(steps[1].problems).toEqual([expect.stringContaining('which Api imports until it is deployed, and Api still imports it in the new templates')]);
  });

  test('GIVEN an export removed that no stack imports WHEN planned THEN the update is safe', () => {
    const stacks = app().map((stack) => (stack.stackName === 'Api' ? { ...stack, before: template({ User: topic('user') }) } : stack));
    expect(ChangeSetPredictor.planRefactor(stacks).steps[1]).toMatchObject({ safe: true, problems: [] });
  });
});
