/**
 * Refactor plans: a minimal pair for every rule of CloudFormation's stack refactoring (the
 * User Guide's "Stack refactoring considerations" and "Resource limitations"), the two-step
 * plan, and what each move does without a refactor.
 */
import { ChangeSetPredictor } from '../../../src/change-set/change-set-predictor';
import { RefactorStack } from '../../../src/change-set/refactor/refactor-types';
import { template } from '../helpers';

const queue = (name: string, extra: Record<string, unknown> = {}) => ({ Type: 'AWS::SQS::Queue', Properties: { QueueName: name, ...extra } });
const topic = (name: string) => ({ Type: 'AWS::SNS::Topic', Properties: { TopicName: name } });
type Resources = Record<string, unknown> | undefined;
const stack = (stackName: string, before: Resources, after: Resources, extra: Partial<RefactorStack> = {}): RefactorStack => ({
  stackName, ...(before ? { before: template(before) } : {}), ...(after ? { after: template(after) } : {}), ...extra,
});
const plan = (...stacks: RefactorStack[]) => ChangeSetPredictor.planRefactor(stacks);
const verdicts = (...stacks: RefactorStack[]) => plan(...stacks).moves.map((move) =>
  `${move.source.stackName}.${move.source.logicalResourceId} -> ${move.destination.stackName}.${move.destination.logicalResourceId} ${move.matchedBy} ${move.refactorable ? 'refactor' : `no: ${move.reasons.join('; ')}`}`);

describe('what is a move', () => {
  test('GIVEN a named queue under a new logical id WHEN planned THEN it is a rename by name, and a refactor alone does it', () => {
    const result = plan(stack('App', { Old: queue('jobs'), Keep: topic('t') }, { New: queue('jobs'), Keep: topic('t') }));
    expect(result.moves.map((m) => [m.matchedBy, m.refactorable])).toEqual([['Name', true]]);
    expect(result.steps).toEqual([{ step: 1, kind: 'Refactor', stackNames: ['App'], actions: ['rename App.Old -> App.New (AWS::SQS::Queue)'], safe: true, problems: [] }]);
  });

  test('GIVEN an unnamed resource under a new logical id with similar properties WHEN planned THEN it is a probable rename', () => {
    const before = { Old: { Type: 'AWS::SQS::Queue', Properties: { VisibilityTimeout: 30, DelaySeconds: 5, MaximumMessageSize: 1024 } }, Keep: topic('t') };
    const after = { New: { Type: 'AWS::SQS::Queue', Properties: { VisibilityTimeout: 30, DelaySeconds: 5, MaximumMessageSize: 1024, ReceiveMessageWaitTimeSeconds: 2 } }, Keep: topic('t') };
    expect(verdicts(stack('App', before, after))).toEqual(['App.Old -> App.New Similarity refactor']);
  });

  test('GIVEN an unnamed resource with identical properties in another stack WHEN planned THEN it is a move; two such candidates are ambiguous', () => {
    const bucket = { Type: 'AWS::S3::Bucket', Properties: { VersioningConfiguration: { Status: 'Enabled' } } };
    expect(verdicts(stack('A', { Logs: bucket, Keep: topic('a') }, { Keep: topic('a') }), stack('B', { Keep: topic('b') }, { Logs: bucket, Keep: topic('b') })))
      .toEqual(['A.Logs -> B.Logs IdenticalProperties refactor']);
    expect(verdicts(
      stack('A', { Logs: bucket, Keep: topic('a') }, { Keep: topic('a') }),
      stack('B', { Keep: topic('b') }, { Logs: bucket, Other: bucket, Keep: topic('b') }),
    )).toEqual([]);
  });

  test('GIVEN two stacks of different environments WHEN a named resource leaves one and appears in the other THEN it is no move', () => {
    expect(verdicts(
      stack('A', { Q: queue('jobs'), Keep: topic('a') }, { Keep: topic('a') }, { account: '111111111111', region: 'eu-west-1' }),
      stack('B', { Keep: topic('b') }, { Q: queue('jobs'), Keep: topic('b') }, { account: '111111111111', region: 'us-east-1' }),
    )).toEqual([]);
  });
});

describe('the rules', () => {
  test('GIVEN a cross-stack move of a named table WHEN planned THEN it is a refactor, with each stack\'s template for the refactor', () => {
    const table = { Type: 'AWS::DynamoDB::Table', DeletionPolicy: 'Retain', Properties: { TableName: 'orders' } };
    const result = plan(stack('Data', { Orders: table, Keep: topic('a') }, { Keep: topic('a') }), stack('Api', { Keep: topic('b') }, { Orders: table, Keep: topic('b') }));
    expect(result.moves.map((m) => m.refactorable)).toEqual([true]);
    const [input] = result.toCreateStackRefactorInputs();
    expect(input.ResourceMappings).toEqual([{ Source: { StackName: 'Data', LogicalResourceId: 'Orders' }, Destination: { StackName: 'Api', LogicalResourceId: 'Orders' } }]);
    expect(input.StackDefinitions.map((d: any) => [d.StackName, Object.keys(JSON.parse(d.TemplateBody).Resources)])).toEqual([['Api', ['Keep', 'Orders']], ['Data', ['Keep']]]);
    expect(input.EnableStackCreation).toBeUndefined();
    expect(result.steps.map((s) => s.kind)).toEqual(['Refactor']);
  });

  test.each([
    ['AWS::Route53::RecordSet', 'AWS::Route53::RecordSet is not supported by stack refactoring (the User Guide\'s list of resource limitations)'],
    ['AWS::CertificateManager::Certificate', 'AWS::CertificateManager::Certificate is not supported by stack refactoring (the User Guide\'s list of resource limitations)'],
    ['Custom::Thing', 'custom resources are not supported by stack refactoring'],
  ])('GIVEN a renamed %s WHEN planned THEN it is no refactor', (type, reason) => {
    const resource = { Type: type, Properties: { A: 1, B: 2, C: 3, D: 4 } };
    expect(plan(stack('App', { Old: resource, Keep: topic('t') }, { New: resource, Keep: topic('t') })).moves.map((m) => m.reasons)).toEqual([[reason]]);
  });

  test('GIVEN a move that takes the last resource out of a stack WHEN planned THEN it is no refactor: the stack would be empty', () => {
    expect(verdicts(stack('A', { Q: queue('jobs') }, {}), stack('B', { Keep: topic('b') }, { Q: queue('jobs'), Keep: topic('b') }))).toEqual([
      'A.Q -> B.Q Name no: it would leave A with no resources, and CloudFormation does not support empty stacks (add a resource to A first)',
    ]);
  });

  test('GIVEN a stack removed from the app whose last resource moves WHEN planned THEN it is no refactor, and the hint fits a removed stack', () => {
    expect(verdicts(stack('A', { Q: queue('jobs') }, undefined), stack('B', { Keep: topic('b') }, { Q: queue('jobs'), Keep: topic('b') }))).toEqual([
      'A.Q -> B.Q Name no: it would leave A with no resources, and CloudFormation does not support empty stacks '
      + '(A is removed from the app: keep it in the app, with a resource that stays in it, until the refactor is done, then remove it and delete the stack)',
    ]);
  });

  test('GIVEN moves that connect six stacks WHEN planned THEN none is a refactor: one refactor takes at most five stacks', () => {
    const names = ['S1', 'S2', 'S3', 'S4', 'S5', 'S6'];
    const stacks = names.map((name, index) => stack(name,
      { [`Q${index}`]: queue(`q${index}`), Keep: topic(name) },
      { [`Q${(index + 5) % 6}`]: queue(`q${(index + 5) % 6}`), Keep: topic(name) }));
    const moves = plan(...stacks).moves;
    expect(moves).toHaveLength(6);
    expect(new Set(moves.flatMap((m) => m.reasons))).toEqual(new Set(['the moves connect 6 stacks (S1, S2, S3, S4, S5, S6); one stack refactor takes at most 5']));
  });

  test('GIVEN moves between two stacks of five WHEN planned THEN each pair is its own refactor', () => {
    const result = plan(
      stack('A', { Q: queue('a'), Keep: topic('a') }, { Keep: topic('a') }), stack('B', { Keep: topic('b') }, { Q: queue('a'), Keep: topic('b') }),
      stack('C', { Q: queue('c'), Keep: topic('c') }, { Keep: topic('c') }), stack('D', { Keep: topic('d') }, { Q: queue('c'), Keep: topic('d') }),
    );
    expect(result.toCreateStackRefactorInputs().map((input: any) => input.StackDefinitions.map((d: any) => d.StackName))).toEqual([['A', 'B'], ['C', 'D']]);
  });

  test('GIVEN a moved resource that uses AWS::StackName WHEN planned THEN it is no refactor; within one stack it is', () => {
    const named = queue('jobs', { Tags: [{ Key: 'stack', Value: { Ref: 'AWS::StackName' } }] });
    expect(plan(stack('A', { Q: named, Keep: topic('a') }, { Keep: topic('a') }), stack('B', { Keep: topic('b') }, { Q: named, Keep: topic('b') })).moves[0].reasons)
      .toEqual(['it refers to AWS::StackName, whose value differs between A and B']);
    expect(plan(stack('A', { Q: named, Keep: topic('a') }, { R: named, Keep: topic('a') })).moves[0].refactorable).toBe(true);
  });

  test('GIVEN a moved resource that uses a parameter, a condition and a mapping the destination lacks WHEN planned THEN it is no refactor', () => {
    const used = { ...queue('jobs', { DelaySeconds: { Ref: 'Delay' }, VisibilityTimeout: { 'Fn::If': ['Long', 60, 30] }, MessageRetentionPeriod: { 'Fn::FindInMap': ['Retention', 'x', 'y'] } }) };
    const sections = { Parameters: { Delay: { Type: 'Number', Default: 0 } }, Conditions: { Long: { 'Fn::Equals': ['a', 'a'] } }, Mappings: { Retention: { x: { y: 60 } } } };
    const result = plan(
      { stackName: 'A', before: template({ Q: used, Keep: topic('a') }, sections), after: template({ Keep: topic('a') }, sections) },
      stack('B', { Keep: topic('b') }, { Q: used, Keep: topic('b') }),
    );
    expect(result.moves[0].reasons).toEqual(['it uses parameter Delay, condition Long, mapping Retention, which B does not have: a refactor cannot add parameters, conditions or mappings (deploy them to B first)']);
  });

  test('GIVEN a moved resource whose parameter, conditions and mapping the destination has too WHEN planned THEN it is a refactor', () => {
    const used = { ...queue('jobs', { DelaySeconds: { Ref: 'Delay' }, VisibilityTimeout: { 'Fn::If': ['Long', 60, 30] }, MessageRetentionPeriod: { 'Fn::FindInMap': ['Retention', 'x', 'y'] } }), Condition: 'Wanted' };
    const sections = { Parameters: { Delay: { Type: 'Number', Default: 0 } }, Conditions: { Long: { 'Fn::Equals': ['a', 'a'] }, Wanted: { 'Fn::Equals': ['b', 'b'] } }, Mappings: { Retention: { x: { y: 60 } } } };
    const result = plan(
      { stackName: 'A', before: template({ Q: used, Keep: topic('a') }, sections), after: template({ Keep: topic('a') }, sections) },
      { stackName: 'B', before: template({ Keep: topic('b') }, sections), after: template({ Q: used, Keep: topic('b') }, sections) },
    );
    expect(result.moves.map((move) => [move.refactorable, move.reasons])).toEqual([[true, []]]);
  });

  test('GIVEN a moved resource with its own Condition the destination lacks WHEN planned THEN it is no refactor', () => {
    const conditioned = { ...queue('jobs'), Condition: 'Wanted' };
    const sections = { Conditions: { Wanted: { 'Fn::Equals': ['b', 'b'] } } };
    const result = plan(
      { stackName: 'A', before: template({ Q: conditioned, Keep: topic('a') }, sections), after: template({ Keep: topic('a') }, sections) },
      stack('B', { Keep: topic('b') }, { Q: { ...queue('jobs') }, Keep: topic('b') }),
    );
    expect(result.moves[0].reasons).toEqual(['it uses condition Wanted, which B does not have: a refactor cannot add parameters, conditions or mappings (deploy them to B first)']);
  });

  test('GIVEN a renamed AWS::CloudFormation::CustomResource WHEN planned THEN it is no refactor: custom resources are not supported', () => {
    const resource = { Type: 'AWS::CloudFormation::CustomResource', Properties: { ServiceToken: 'arn', A: 1, B: 2, C: 3 } };
    expect(plan(stack('App', { Old: resource, Keep: topic('t') }, { New: resource, Keep: topic('t') })).moves.map((m) => m.reasons)).toEqual([['custom resources are not supported by stack refactoring']]);
  });

  test('GIVEN a moved resource that a resource staying behind references WHEN planned THEN it is a refactor: the reference becomes an import of an export the destination gets', () => {
    const policy = { Type: 'AWS::SQS::QueuePolicy', Properties: { Queues: [{ Ref: 'Q' }], PolicyDocument: {} } };
    const result = plan(stack('A', { Q: queue('jobs'), Policy: policy }, { Policy: policy }), stack('B', { Keep: topic('b') }, { Q: queue('jobs'), Keep: topic('b') }));
    expect(result.moves[0].reasons).toEqual([]);
    const [input] = result.toCreateStackRefactorInputs();
    const bodies = Object.fromEntries(input.StackDefinitions.map((d: any) => [d.StackName, JSON.parse(d.TemplateBody)]));
    expect(bodies.A.Resources.Policy.Properties.Queues).toEqual([{ 'Fn::ImportValue': 'B:RefactorExportRefQ' }]);
    expect(bodies.B.Outputs).toEqual({ RefactorExportRefQ: { Value: { Ref: 'Q' }, Export: { Name: 'B:RefactorExportRefQ' } } });
  });

  test('GIVEN a renamed resource referenced by others of its stack WHEN planned THEN the refactor template points them at the new id', () => {
    const policy = (ref: string) => ({ Type: 'AWS::SQS::QueuePolicy', DependsOn: ref, Properties: { Queues: [{ Ref: ref }, { 'Fn::GetAtt': [ref, 'Arn'] }, { 'Fn::Sub': `\${${ref}.Arn}/\${${ref}}` }], PolicyDocument: {} } });
    const result = plan(stack('A', { Old: queue('jobs'), Policy: policy('Old') }, { New: queue('jobs'), Policy: policy('New') }));
    const body = JSON.parse(result.toCreateStackRefactorInputs()[0].StackDefinitions[0].TemplateBody);
    expect(body.Resources.Policy).toEqual(policy('New'));
    expect(result.steps.map((s) => s.kind)).toEqual(['Refactor']);
  });

  test('GIVEN a move into a stack that is not deployed yet WHEN planned THEN the refactor creates it (EnableStackCreation)', () => {
    const result = plan(stack('A', { Q: queue('jobs'), Keep: topic('a') }, { Keep: topic('a') }), stack('New', undefined, { Q: queue('jobs') }));
    expect(result.moves[0].refactorable).toBe(true);
    expect(result.toCreateStackRefactorInputs()[0].EnableStackCreation).toBe(true);
  });
});

describe('two steps when the same change edits the stacks', () => {
  test('GIVEN a rename together with an added queue and a changed topic WHEN planned THEN the refactor comes first, then the update, and each says what it does', () => {
    const result = plan(stack('App', { Old: queue('jobs'), Keep: topic('t') }, { New: queue('jobs', { DelaySeconds: 5 }), Keep: topic('t2'), Extra: queue('extra') }));
    expect(result.steps).toEqual([
      { step: 1, kind: 'Refactor', stackNames: ['App'], actions: ['rename App.Old -> App.New (AWS::SQS::Queue)'], safe: true, problems: [] },
      { step: 2, kind: 'Deploy', stackNames: ['App'], actions: ['App: [+] AWS::SQS::Queue Extra', 'App: [-/+] AWS::SNS::Topic Keep', 'App: [~] AWS::SQS::Queue New'], safe: true, problems: [] },
    ]);
  });

  test('GIVEN a rename together with a changed parameter WHEN planned THEN the refactor keeps the deployed parameters and the update changes them', () => {
    const result = plan({
      stackName: 'App',
      before: template({ Old: queue('jobs'), Keep: topic('t') }, { Parameters: { Env: { Type: 'String', Default: 'a' } } }),
      after: template({ New: queue('jobs'), Keep: topic('t') }, { Parameters: { Env: { Type: 'String', Default: 'b' } } }),
    });
    expect(JSON.parse(result.toCreateStackRefactorInputs()[0].StackDefinitions[0].TemplateBody).Parameters).toEqual({ Env: { Type: 'String', Default: 'a' } });
    expect(result.steps[1]).toEqual({ step: 2, kind: 'Deploy', stackNames: ['App'], actions: ['App: [~] Parameters'], safe: true, problems: [] });
  });

  test('GIVEN a CDK rename (only the construct path metadata differs) WHEN planned THEN the update after it only changes metadata', () => {
    const withPath = (path: string) => ({ ...queue('jobs'), Metadata: { 'aws:cdk:path': path } });
    const result = plan(stack('App', { Old: withPath('App/Old/Resource'), Keep: topic('t') }, { New: withPath('App/New/Resource'), Keep: topic('t') }));
    expect(result.steps[1].actions).toEqual(['App: [~] AWS::SQS::Queue New (metadata only)']);
  });

  test('GIVEN moves that cannot be refactors WHEN planned THEN there are no steps, and the override file is empty', () => {
    const record = { Type: 'AWS::Route53::RecordSet', Properties: { Name: 'a.example.com', Type: 'A', HostedZoneId: 'Z' } };
    const result = plan(stack('App', { Old: record, Keep: topic('t') }, { New: record, Keep: topic('t') }));
    expect(result.steps).toEqual([]);
    expect(result.toCdkRefactorOverrides()).toEqual({ environments: [] });
  });
});

describe('without a refactor', () => {
  const table = (policy?: string) => ({ Type: 'AWS::DynamoDB::Table', ...(policy ? { DeletionPolicy: policy } : {}), Properties: { TableName: 'orders' } });
  const moved = (policy?: string) => plan(stack('Data', { T: table(policy), Keep: topic('a') }, { Keep: topic('a') }), stack('Api', { Keep: topic('b') }, { T: table(policy), Keep: topic('b') })).moves[0].withoutRefactor;

  test('GIVEN a named table moved between stacks WHEN deployed without a refactor THEN the name collides or the data is deleted, depending on which stack deploys first', () => {
    expect(moved()).toBe('if Api deploys first, creating T fails: the name is still held by Data.T; if Data deploys first, it removes Data.T: the table and its items are deleted, and Api then creates a new, empty one');
  });

  test('GIVEN a retained named table moved between stacks WHEN deployed without a refactor THEN the name stays taken whichever stack deploys first', () => {
    expect(moved('Retain')).toBe('whichever stack deploys first, Api cannot create T: the name stays held by Data.T, which Data retains (DeletionPolicy Retain) when it removes it');
  });

  test('GIVEN a named table retained except on create WHEN moved without a refactor THEN the name stays taken, and the policy is named', () => {
    expect(moved('RetainExceptOnCreate')).toBe('whichever stack deploys first, Api cannot create T: the name stays held by Data.T, which Data retains (DeletionPolicy RetainExceptOnCreate) when it removes it');
  });

  test('GIVEN a retained named queue (a type without data) moved between stacks WHEN deployed without a refactor THEN the name stays taken', () => {
    const retained = { ...queue('jobs'), DeletionPolicy: 'Retain' };
    expect(plan(stack('A', { Q: retained, Keep: topic('a') }, { Keep: topic('a') }), stack('B', { Keep: topic('b') }, { Q: retained, Keep: topic('b') })).moves[0].withoutRefactor)
      .toBe('whichever stack deploys first, B cannot create Q: the name stays held by A.Q, which A retains (DeletionPolicy Retain) when it removes it');
  });

  test('GIVEN a retained named role (a type whose removal no data verdict describes) moved between stacks WHEN deployed without a refactor THEN the name stays taken', () => {
    const role = { Type: 'AWS::IAM::Role', DeletionPolicy: 'Retain', Properties: { RoleName: 'worker', AssumeRolePolicyDocument: {} } };
    expect(plan(stack('A', { R: role, Keep: topic('a') }, { Keep: topic('a') }), stack('B', { Keep: topic('b') }, { R: role, Keep: topic('b') })).moves[0].withoutRefactor)
      .toBe('whichever stack deploys first, B cannot create R: the name stays held by A.R, which A retains (DeletionPolicy Retain) when it removes it');
  });

  test('GIVEN a named table moved out of a stack the app no longer has WHEN deployed without a refactor THEN the old stack stays deployed, so the name stays taken', () => {
    const result = plan(stack('Old', { T: table(), Keep: topic('a') }, undefined), stack('New', { Keep: topic('b') }, { T: table(), Keep: topic('b') }));
    expect(result.moves[0].withoutRefactor).toBe('Old is no longer in the app and cdk deploy does not delete it: the name stays held by Old.T, so New cannot create T (a certain failure)');
  });

  test('GIVEN a move out of a stack the app no longer has WHEN planned THEN the deploy step leaves that stack alone and says so, nothing of it removed', () => {
    const bucket = { Type: 'AWS::S3::Bucket', Properties: { VersioningConfiguration: { Status: 'Enabled' } } };
    const result = plan(stack('Old', { Logs: bucket, Spare: topic('a') }, undefined), stack('New', { Keep: topic('b') }, { Logs: bucket, Keep: topic('b'), More: topic('c') }));
    expect(result.moves[0].withoutRefactor).toBe('Old is no longer in the app and cdk deploy does not delete it: Old.Logs stays there as it is; New creates a new AWS::S3::Bucket New.Logs');
    const deploy = result.steps.find((step) => step.kind === 'Deploy')!;
    expect(deploy.stackNames).toEqual(['New']);
    expect(deploy.actions.filter((action) => action.startsWith('Old:'))).toEqual([
      'Old: not deployed: it is no longer in the app, and cdk deploy does not delete it; what the refactor leaves in it stays until the stack is deleted (aws cloudformation delete-stack --stack-name Old)',
    ]);
  });

  const unnamed = { Type: 'AWS::SNS::Topic', Properties: { DisplayName: 'Orders', KmsMasterKeyId: 'alias/aws/sns', TracingConfig: 'Active', SignatureVersion: '2' } };
  const unnamedTable = { Type: 'AWS::DynamoDB::Table', Properties: { KeySchema: [{ AttributeName: 'id', KeyType: 'HASH' }], AttributeDefinitions: [{ AttributeName: 'id', AttributeType: 'S' }], BillingMode: 'PAY_PER_REQUEST' } };

  test('GIVEN unnamed resources renamed within a stack WHEN deployed without a refactor THEN a new one is created and the old one deleted, with its data', () => {
    const moves = plan(stack('App', { OldTopic: unnamed, OldTable: unnamedTable, Keep: topic('t') }, { NewTopic: unnamed, NewTable: unnamedTable, Keep: topic('t') })).moves;
    expect(moves.map((move) => move.withoutRefactor)).toEqual([
      'CloudFormation creates a new AWS::DynamoDB::Table NewTable and removes App.OldTable: the table and its items are deleted',
      'CloudFormation creates a new AWS::SNS::Topic NewTopic and deletes App.OldTopic',
    ]);
  });

  test('GIVEN an unnamed resource moved between stacks WHEN deployed without a refactor THEN one stack deletes it and the other creates a new one', () => {
    expect(plan(stack('A', { Q: unnamed, Keep: topic('a') }, { Keep: topic('a') }), stack('B', { Keep: topic('b') }, { Q: unnamed, Keep: topic('b') })).moves[0].withoutRefactor)
      .toBe('A deletes A.Q; B creates a new AWS::SNS::Topic B.Q');
  });

  test('GIVEN a named queue renamed within a stack WHEN deployed without a refactor THEN the update fails', () => {
    expect(plan(stack('App', { Old: queue('jobs'), Keep: topic('t') }, { New: queue('jobs'), Keep: topic('t') })).moves[0].withoutRefactor)
      .toBe('CloudFormation creates New before it deletes Old: the name is still taken, so the update fails (a certain failure)');
  });
});

test('GIVEN anything that is not a list of stacks WHEN planned THEN the plan is empty and nothing throws', () => {
  expect(ChangeSetPredictor.planRefactor(undefined as any).moves).toEqual([]);
  expect(ChangeSetPredictor.planRefactor([{ stackName: 'A', before: 42, after: 'x' }]).toJson()).toEqual({ environments: [], StackRefactors: [], TemplateUploads: [], Moves: [], Ambiguities: [], Steps: [] });
});

describe('the stacks compared (RefactorPlanOptions.stackNames: cdk refactor STACKS; issue 34 item 7)', () => {
  const bucket = { Type: 'AWS::S3::Bucket', Properties: { VersioningConfiguration: { Status: 'Enabled' } } };
  const picked = (stacks: RefactorStack[], names: string[]) => ChangeSetPredictor.planRefactor(stacks, { stackNames: names });
  const lines = (result: ReturnType<typeof plan>) => result.moves.map((move) => `${move.source.stackName}.${move.source.logicalResourceId} -> ${move.destination.stackName}.${move.destination.logicalResourceId}`);

  test('GIVEN a rename in A and an identical resource B drops WHEN only A is compared THEN the rename is found; with both THEN it is ambiguous', () => {
    const stacks = [stack('A', { Logs: bucket, Keep: topic('a') }, { Logs2: bucket, Keep: topic('a') }), stack('B', { Old: bucket, Keep: topic('b') }, { Keep: topic('b') })];
    expect(lines(picked(stacks, ['A']))).toEqual(['A.Logs -> A.Logs2']);
    expect(plan(...stacks).ambiguities).toHaveLength(1);
  });

  test('GIVEN a named queue moved from A to B WHEN only A is compared THEN it is no move: B is not compared', () => {
    const stacks = [stack('A', { Q: queue('jobs'), Keep: topic('a') }, { Keep: topic('a') }), stack('B', { Keep: topic('b') }, { Q: queue('jobs'), Keep: topic('b') })];
    expect(lines(picked(stacks, ['A']))).toEqual([]);
    expect(lines(picked(stacks, ['A', 'B']))).toEqual(['A.Q -> B.Q']);
  });

  test('GIVEN A drops an export B still imports WHEN only A is compared and renames a queue THEN step 2 deploys A only and still sees B\'s import', () => {
    const exporter = (extra: Record<string, unknown>) => ({ Resources: { Keep: topic('a'), ...extra }, Outputs: { Arn: { Value: { Ref: 'Keep' }, Export: { Name: 'topic-arn' } } } });
    const importer = { Resources: { Use: { Type: 'AWS::SSM::Parameter', Properties: { Type: 'String', Value: { 'Fn::ImportValue': 'topic-arn' } } } } };
    const result = picked([
      { stackName: 'A', before: exporter({ Old: queue('jobs') }), after: { Resources: { Keep: topic('a'), New: queue('jobs'), Extra: topic('x') } } },
      { stackName: 'B', before: importer, after: { Resources: { Other: topic('b') } } },
    ], ['A']);
    expect(lines(result)).toEqual(['A.Old -> A.New']);
    const deploy = result.steps.find((step) => step.kind === 'Deploy')!;
    expect(deploy.stackNames).toEqual(['A']);
    expect(deploy.problems).toEqual([expect.stringMatching(/^deploying A removes export topic-arn \(output Arn\), which B imports until it is deployed, and B still imports it in the new templates/)]);
  });
});
