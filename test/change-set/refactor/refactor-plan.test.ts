/** The plan as its files and its JSON give it: environments, descriptions, moves and steps. */
import { ChangeSetPredictor } from '../../../src/change-set/change-set-predictor';
import { RefactorStack } from '../../../src/change-set/refactor/refactor-types';
import { template } from '../helpers';

const queue = (name: string, extra: Record<string, unknown> = {}) => ({ Type: 'AWS::SQS::Queue', Properties: { QueueName: name, ...extra } });
const topic = (name: string) => ({ Type: 'AWS::SNS::Topic', Properties: { TopicName: name } });
type Resources = Record<string, unknown>;
const stack = (stackName: string, before: Resources | undefined, after: Resources, extra: Partial<RefactorStack> = {}): RefactorStack => ({
  stackName, ...(before ? { before: template(before) } : {}), after: template(after), ...extra,
});
const plan = (...stacks: RefactorStack[]) => ChangeSetPredictor.planRefactor(stacks);

describe('toJson', () => {
  test('GIVEN one rename WHEN written as JSON THEN it holds the override environments, the refactor input, each move and each step', () => {
    const result = plan(stack('App', { Old: queue('jobs'), Keep: topic('t') }, { New: queue('jobs'), Keep: topic('t') }, { account: '123456789012', region: 'eu-west-1' }));
    const json = result.toJson();

    expect(json.environments).toEqual([{ account: '123456789012', region: 'eu-west-1', resources: { 'App.Old': 'App.New' } }]);
    expect(json.StackRefactors).toEqual(result.toCreateStackRefactorInputs());
    expect(json.StackRefactors[0].Description).toBe('cdk-lifecycle refactor plan: 1 resource moved or renamed in App');
    expect(json.Moves).toEqual([{
      Source: { StackName: 'App', LogicalResourceId: 'Old' },
      Destination: { StackName: 'App', LogicalResourceId: 'New' },
      ResourceType: 'AWS::SQS::Queue',
      MatchedBy: 'Name',
      Similarity: 1,
      Refactorable: true,
      Reasons: [],
      WithoutRefactor: 'CloudFormation creates New before it deletes Old: the name is still taken, so the update fails (a certain failure)',
    }]);
    expect(json.Steps).toEqual([{ Step: 1, Kind: 'Refactor', Stacks: ['App'], Actions: ['rename App.Old -> App.New (AWS::SQS::Queue)'], Safe: true, Problems: [] }]);
    expect(json.Ambiguities).toEqual([]);
    expect(json.TemplateUploads).toEqual([]);
  });

  test('GIVEN a rename and a move in one refactor WHEN described THEN the description counts both, and the step says which is which', () => {
    const result = plan(
      stack('A', { Old: queue('jobs'), Moved: queue('orders'), Keep: topic('a') }, { New: queue('jobs'), Keep: topic('a') }),
      stack('B', { Keep: topic('b') }, { Moved: queue('orders'), Keep: topic('b') }),
    );
    expect(result.toCreateStackRefactorInputs().map((input: any) => input.Description)).toEqual(['cdk-lifecycle refactor plan: 2 resources moved or renamed in A, B']);
    expect(result.steps[0].actions).toEqual(['move A.Moved -> B.Moved (AWS::SQS::Queue)', 'rename A.Old -> A.New (AWS::SQS::Queue)']);
  });
});

describe('environments', () => {
  test('GIVEN stacks without an account or Region WHEN planned THEN the override file says they are unknown', () => {
    expect(plan(stack('App', { Old: queue('jobs'), Keep: topic('t') }, { New: queue('jobs'), Keep: topic('t') })).toCdkRefactorOverrides())
      .toEqual({ environments: [{ account: 'unknown-account', region: 'unknown-region', resources: { 'App.Old': 'App.New' } }] });
  });

  test('GIVEN two refactors in one environment and one in another WHEN written THEN the first two share an entry', () => {
    const env = (account: string) => ({ account, region: 'eu-west-1' });
    const result = plan(
      stack('A', { Old: queue('a'), Keep: topic('a') }, { New: queue('a'), Keep: topic('a') }, env('111111111111')),
      stack('B', { Old: queue('b'), Keep: topic('b') }, { New: queue('b'), Keep: topic('b') }, env('111111111111')),
      stack('C', { Old: queue('c'), Keep: topic('c') }, { New: queue('c'), Keep: topic('c') }, env('222222222222')),
    );
    expect(result.toCdkRefactorOverrides().environments).toEqual([
      { account: '111111111111', region: 'eu-west-1', resources: { 'A.Old': 'A.New', 'B.Old': 'B.New' } },
      { account: '222222222222', region: 'eu-west-1', resources: { 'C.Old': 'C.New' } },
    ]);
    expect(result.toCreateStackRefactorInputs()).toHaveLength(3);
  });
});

describe('the rules of the whole refactor', () => {
  test('GIVEN moves that connect exactly five stacks WHEN planned THEN they are one refactor (five is the limit, not beyond it)', () => {
    const names = ['S1', 'S2', 'S3', 'S4', 'S5'];
    const stacks = names.map((name, index) => stack(name,
      { [`Q${index}`]: queue(`q${index}`), Keep: topic(name) },
      { [`Q${(index + 4) % 5}`]: queue(`q${(index + 4) % 5}`), Keep: topic(name) }));
    const result = plan(...stacks);
    expect(result.moves.map((move) => move.refactorable)).toEqual([true, true, true, true, true]);
    expect(result.toCreateStackRefactorInputs().map((input: any) => input.StackDefinitions.length)).toEqual([5]);
  });

  test('GIVEN one move that empties its stack and another into the same stack WHEN planned THEN only the first is refused, and the refactor is planned again without it', () => {
    const result = plan(
      stack('A', { Q: queue('a') }, {}),
      stack('B', { Keep: topic('b') }, { Q: queue('a'), R: queue('c'), Keep: topic('b') }),
      stack('C', { R: queue('c'), Keep: topic('c') }, { Keep: topic('c') }),
    );
    expect(result.moves.map((move) => [move.source.stackName, move.refactorable, move.reasons])).toEqual([
      ['A', false, ['it would leave A with no resources, and CloudFormation does not support empty stacks (add a resource to A first)']],
      ['C', true, []],
    ]);
    expect(result.toCreateStackRefactorInputs().map((input: any) => input.StackDefinitions.map((d: any) => d.StackName))).toEqual([['B', 'C']]);
    expect(result.steps[0]).toEqual({ step: 1, kind: 'Refactor', stackNames: ['B', 'C'], actions: ['move C.R -> B.R (AWS::SQS::Queue)'], safe: true, problems: [] });
  });
});

test('GIVEN a rename among other changes of every kind WHEN planned THEN the update step marks each as cdk diff does, and lists only the stacks it changes', () => {
  const db = (group: string) => ({ Type: 'AWS::RDS::DBInstance', DeletionPolicy: 'Retain', UpdateReplacePolicy: 'Retain', Properties: { DBInstanceClass: 'db.t3.micro', Engine: 'postgres', DBParameterGroupName: group } });
  const result = plan(
    stack('App', { Old: queue('jobs'), Gone: queue('gone'), Named: topic('a'), Db: db('one'), Plain: queue('plain', { DelaySeconds: 1 }) },
      { New: queue('jobs'), Extra: queue('extra'), Named: topic('b'), Db: db('two'), Plain: queue('plain', { DelaySeconds: 2 }) }),
    stack('Quiet', { Keep: topic('q') }, { Keep: topic('q') }),
  );
  expect(result.steps[1]).toEqual({
    step: 2,
    kind: 'Deploy',
    stackNames: ['App'],
    actions: ['App: [-/+?] AWS::RDS::DBInstance Db', 'App: [+] AWS::SQS::Queue Extra', 'App: [-] AWS::SQS::Queue Gone', 'App: [-/+] AWS::SNS::Topic Named', 'App: [~] AWS::SQS::Queue Plain'],
    safe: true,
    problems: [],
  });
});

test('GIVEN a rename whose resource also changes metadata and a property WHEN planned THEN the update is not metadata only', () => {
  const withPath = (path: string, delay: number) => ({ ...queue('jobs', { DelaySeconds: delay }), Metadata: { 'aws:cdk:path': path } });
  const result = plan(stack('App', { Old: withPath('App/Old/Resource', 1), Keep: topic('t') }, { New: withPath('App/New/Resource', 2), Keep: topic('t') }));
  expect(result.steps[1].actions).toEqual(['App: [~] AWS::SQS::Queue New']);
});

describe('the templates of the refactor', () => {
  const body = (result: ReturnType<typeof plan>, name: string) =>
    JSON.parse(result.toCreateStackRefactorInputs()[0].StackDefinitions.find((d: any) => d.StackName === name).TemplateBody);

  test('GIVEN a moved queue that references a parameter and a topic moving with it WHEN planned THEN it is a refactor and its references follow the topic', () => {
    const q = queue('jobs', { Tags: [{ Key: 'a', Value: { Ref: 'T' } }, { Key: 'b', Value: { Ref: 'Stage' } }] });
    const sections = { Parameters: { Stage: { Type: 'String', Default: 'x' } } };
    const result = plan(
      { stackName: 'A', before: template({ Q: q, T: topic('t'), Keep: topic('a') }, sections), after: template({ Keep: topic('a') }, sections) },
      { stackName: 'B', before: template({ Keep: topic('b') }, sections), after: template({ Q: q, T2: topic('t'), Keep: topic('b') }, sections) },
    );
    expect(result.moves.map((move) => move.refactorable)).toEqual([true, true]);
    expect(body(result, 'B').Resources.Q.Properties.Tags).toEqual([{ Key: 'a', Value: { Ref: 'T2' } }, { Key: 'b', Value: { Ref: 'Stage' } }]);
  });

  test('GIVEN outputs that reference a renamed resource WHEN planned THEN the refactor template\'s outputs point at the new id; junk resources are left out', () => {
    const before = { ...template({ Old: queue('jobs'), Keep: topic('t'), Junk: 'not a resource' }), Outputs: { Url: { Value: { Ref: 'Old' } } } };
    const result = plan({ stackName: 'App', before, after: template({ New: queue('jobs'), Keep: topic('t') }) });
    expect(body(result, 'App')).toEqual({ Resources: { Keep: topic('t'), New: queue('jobs') }, Outputs: { Url: { Value: { Ref: 'New' } } } });
  });

  test('GIVEN a stack name longer than a refactor description may be WHEN planned THEN the description is cut to CloudFormation\'s 1,024 characters', () => {
    const long = `S${'x'.repeat(1100)}`;
    const result = plan(stack(long, { Old: queue('jobs'), Keep: topic('t') }, { New: queue('jobs'), Keep: topic('t') }));
    expect(result.toCreateStackRefactorInputs()[0].Description).toHaveLength(1024);
  });

  test('GIVEN a move into a stack not deployed yet WHEN planned THEN its template holds only what moves in', () => {
    const result = plan(stack('A', { Q: queue('jobs'), Keep: topic('a') }, { Keep: topic('a') }), stack('New', undefined, { Q: queue('jobs') }));
    expect(body(result, 'New')).toEqual({ Resources: { Q: queue('jobs') } });
    expect(result.toCreateStackRefactorInputs()[0].EnableStackCreation).toBe(true);
  });
});
