/** Where the review locates a change: the construct's source, an ancestor's for constructs CDK made inside others, never a removed resource's old line. */
import { ChangeSetPredictor } from '../../../../src/change-set';
import { StackDiff } from '../../../../src/cli/commands/diff/predict-stacks';
import { reviewOf } from '../../../../src/cli/commands/diff/review-of';

const queue = (delay: number) => ({ Type: 'AWS::SQS::Queue', Properties: { DelaySeconds: delay } });
const policy = (action: string) => ({ Type: 'AWS::IAM::Policy', Properties: { PolicyName: 'p', Roles: ['r'], PolicyDocument: { Statement: [{ Effect: 'Allow', Action: action, Resource: '*' }] } } });

function review(): ReturnType<typeof reviewOf> {
  const diff: StackDiff = {
    name: 'App',
    changeSet: ChangeSetPredictor.predict(
      { Resources: { Role: queue(1), RolePolicy: policy('s3:GetObject'), Old: queue(1) } },
      { Resources: { Role: queue(2), RolePolicy: policy('*') } },
    ),
    constructPaths: new Map([['', new Map([['Role', 'Fn/ServiceRole'], ['RolePolicy', 'Fn/ServiceRole/DefaultPolicy'], ['Old', 'Old']])]]),
    sourceLocations: new Map([['Role', { file: '/repo/app.ts', line: 10 }], ['Old', { file: '/repo/app.ts', line: 20 }]]),
    security: new Map(),
    links: [],
  };
  return reviewOf([diff], [], 'failure', '/repo');
}

test('GIVEN a construct CDK recorded no creation stack for WHEN located THEN it is at its nearest ancestor\'s source, not at a template line', () => {
  const change = review().changes.find((candidate) => candidate.logicalId === 'RolePolicy')!;
  expect(change.source).toEqual({ file: 'app.ts', line: 10 });
});

test('GIVEN a removed resource WHEN located THEN it has no source (its old line may hold other code) and says where it was', () => {
  const change = review().changes.find((candidate) => candidate.logicalId === 'Old')!;
  expect([change.action, change.source, change.formerSource]).toEqual(['Remove', undefined, { file: 'app.ts', line: 20 }]);
});
