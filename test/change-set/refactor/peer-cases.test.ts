/**
 * Refactor detection against the documented behaviour of the peer, `cdk refactor` (aws-cdk-cli,
 * @aws-cdk/toolkit-lib `api/refactoring`): cases shaped like its unit tests (resource digests,
 * the refactoring context, stack definitions), its toolkit tests (overrides) and its integration
 * tests (a referenced bucket moved to a new stack, ambiguities settled by an override file, a
 * template over 50 KiB), written here from what each documents, not copied.
 *
 * What the peer documents, and these cases check:
 * - a resource is the same one elsewhere when its type and properties are, with references
 *   compared through what they point at (a renamed dependency does not make its dependents
 *   differ; `Ref` and `Fn::GetAtt` differ; `DependsOn` counts; the construct path does not);
 * - an `Fn::ImportValue` of an export whose value is a `Ref`/`Fn::GetAtt` compares as that
 *   reference, and of a plain-value export as the value;
 * - identical resources are told apart by the resources that depend on them; where that does
 *   not settle it, the move is ambiguous, none is paired, and an override file decides (one
 *   override is enough for two candidates);
 * - an override file's destinations are unique, its locations `Stack.LogicalId` or construct
 *   paths that exist, a destination not already taken;
 * - the refactor's templates keep the deployed CDK metadata and construct paths; a stack the
 *   refactor creates has no `Parameters` or `Rules`; stacks no move touches are left out;
 * - templates over 50 KiB go to CloudFormation by `TemplateURL` (an S3 object in the
 *   bootstrap bucket), smaller ones by `TemplateBody`.
 *
 * Where the peer refuses any refactor whose app also adds, removes or changes a resource, this
 * planner plans a second deployment instead (docs/change-set-prediction.md): those cases are
 * not here.
 */
import { ChangeSetPredictor } from '../../../src/change-set/change-set-predictor';
import { RefactorMappingGroup, RefactorStack } from '../../../src/change-set/refactor/refactor-types';

const ACCOUNT = '123456789012';
const REGION = 'us-east-1';

type Resources = Record<string, unknown>;
type Template = { Resources: Resources; Outputs?: Record<string, unknown>; [section: string]: unknown };

interface PeerCase {
  /** The deployed templates, by stack name. */
  readonly deployed: Record<string, Template>;
  /** The app's templates, by stack name. */
  readonly local: Record<string, Template>;
  /** The override file's `resources`, when the case has one. */
  readonly overrides?: Record<string, string>;
  /** Stacks of another Region. */
  readonly elsewhere?: readonly string[];
  /** The moves found (refactorable or not), `Stack.Id -> Stack.Id`. */
  readonly moves?: readonly string[];
  /** Each ambiguity: its sources and its destinations. */
  readonly ambiguous?: readonly (readonly [readonly string[], readonly string[]])[];
  /** The error an override file gives. */
  readonly error?: RegExp;
}

const r = (Type: string, Properties?: Record<string, unknown>, extra: Record<string, unknown> = {}) => ({
  Type, ...(Properties ? { Properties } : {}), ...extra,
});
const t = (Resources: Resources, extra: Record<string, unknown> = {}): Template => ({ ...extra, Resources });
const bucket = (props: Record<string, unknown> = {}) => r('AWS::S3::Bucket', props);
const keep = (name: string) => r('AWS::SNS::Topic', { TopicName: `keep-${name}` });
const cdkPath = (path: string) => ({ Metadata: { 'aws:cdk:path': path } });
const retained = (path: string) => ({ UpdateReplacePolicy: 'Retain', DeletionPolicy: 'Retain', ...cdkPath(path) });

function planOf(peer: PeerCase) {
  const names = [...new Set([...Object.keys(peer.deployed), ...Object.keys(peer.local)])];
  const stacks: RefactorStack[] = names.map((stackName) => ({
    stackName,
    ...(peer.deployed[stackName] ? { before: peer.deployed[stackName] } : {}),
    ...(peer.local[stackName] ? { after: peer.local[stackName] } : {}),
    account: ACCOUNT,
    region: peer.elsewhere?.includes(stackName) ? 'eu-west-1' : REGION,
  }));
  const mappings: RefactorMappingGroup[] = peer.overrides ? [{ account: ACCOUNT, region: REGION, resources: peer.overrides }] : [];
  return ChangeSetPredictor.planRefactor(stacks, { mappings });
}

const at = (location: { stackName: string; logicalResourceId: string }) => `${location.stackName}.${location.logicalResourceId}`;

/** The first refactor's templates, by stack. */
const bodiesOf = (plan: ReturnType<typeof planOf>): Record<string, any> =>
  Object.fromEntries(plan.toCreateStackRefactorInputs()[0].StackDefinitions
    .map((definition: any) => [definition.StackName, JSON.parse(definition.TemplateBody)]));

/** The cases, by the peer's test they are shaped like. */
const CASES: Record<string, PeerCase> = {
  // --- resource digests and the refactoring context (toolkit-lib test/api/refactoring) ---
  'identical deployed and local stacks: nothing moves': {
    deployed: { Foo: t({ Bucket1: bucket({ Prop: 'XXXXXXXXX' }) }) },
    local: { Foo: t({ Bucket1: bucket({ Prop: 'XXXXXXXXX' }) }) },
    moves: [],
    ambiguous: [],
  },
  'a resource moved to another stack': {
    deployed: { Foo: t({ Bucket1: bucket({ Prop: 'XXXXXXXXX' }), K: keep('foo') }), Bar: t({ K: keep('bar') }) },
    local: { Foo: t({ K: keep('foo') }), Bar: t({ Bucket1: bucket({ Prop: 'XXXXXXXXX' }), K: keep('bar') }) },
    moves: ['Foo.Bucket1 -> Bar.Bucket1'],
  },
  'a resource renamed in its stack': {
    deployed: { Foo: t({ OldName: bucket({ Prop: 'XXXXXXXXX' }) }) },
    local: { Foo: t({ NewName: bucket({ Prop: 'XXXXXXXXX' }) }) },
    moves: ['Foo.OldName -> Foo.NewName'],
  },
  'a resource moved and renamed': {
    deployed: { Foo: t({ OldName: bucket({ Prop: 'XXXXXXXXX' }), K: keep('foo') }), Bar: t({ K: keep('bar') }) },
    local: { Foo: t({ K: keep('foo') }), Bar: t({ NewName: bucket({ Prop: 'XXXXXXXXX' }), K: keep('bar') }) },
    moves: ['Foo.OldName -> Bar.NewName'],
  },
  'the type is part of the contents: same properties, another type, no move': {
    deployed: { Foo: t({ OldName: bucket({ Xyz: 123 }), K: keep('foo') }), Bar: t({ K: keep('bar') }) },
    local: { Foo: t({ K: keep('foo') }), Bar: t({ NewName: r('AWS::EC2::Instance', { Xyz: 123 }), K: keep('bar') }) },
    moves: [],
    ambiguous: [],
  },
  'the order of properties does not matter': {
    deployed: { Foo: t({ Old: bucket({ Prop: 'example-bucket', AnotherProp: 'another-value' }) }) },
    local: { Foo: t({ New: bucket({ AnotherProp: 'another-value', Prop: 'example-bucket' }) }) },
    moves: ['Foo.Old -> Foo.New'],
  },
  'two identical buckets moved together: ambiguous, none paired': {
    deployed: { Foo: t({ Bucket1: bucket(), Bucket2: bucket(), K: keep('foo') }), Bar: t({ K: keep('bar') }) },
    local: { Foo: t({ K: keep('foo') }), Bar: t({ Bucket3: bucket(), Bucket4: bucket(), K: keep('bar') }) },
    moves: [],
    ambiguous: [[['Foo.Bucket1', 'Foo.Bucket2'], ['Bar.Bucket3', 'Bar.Bucket4']]],
  },
  'identical buckets told apart by the different resources that depend on them': {
    deployed: {
      Foo: t({ Bucket1: bucket(), Bucket2: bucket(), Depender1: r('AWS::Foo::Foo', { SomeProp: { Ref: 'Bucket1' } }), Depender2: r('AWS::Bar::Bar', { SomeProp: { Ref: 'Bucket2' } }), K: keep('foo') }),
      Bar: t({ K: keep('bar') }),
    },
    local: {
      Foo: t({ K: keep('foo') }),
      Bar: t({ Bucket3: bucket(), Bucket4: bucket(), Depender1: r('AWS::Foo::Foo', { SomeProp: { Ref: 'Bucket3' } }), Depender2: r('AWS::Bar::Bar', { SomeProp: { Ref: 'Bucket4' } }), K: keep('bar') }),
    },
    moves: ['Foo.Bucket1 -> Bar.Bucket3', 'Foo.Bucket2 -> Bar.Bucket4', 'Foo.Depender1 -> Bar.Depender1', 'Foo.Depender2 -> Bar.Depender2'],
    ambiguous: [],
  },
  'identical up to the names of identical dependencies: both pairs ambiguous': {
    deployed: { S: t({ Q1: r('AWS::SQS::Queue', { QueueName: 'YYYYYYYYYY' }), Q2: r('AWS::SQS::Queue', { QueueName: 'YYYYYYYYYY' }), Bucket1: bucket({ Dep: { Ref: 'Q1' } }), Bucket2: bucket({ Dep: { Ref: 'Q2' } }), K: keep('s') }) },
    local: { S: t({ Q3: r('AWS::SQS::Queue', { QueueName: 'YYYYYYYYYY' }), Q4: r('AWS::SQS::Queue', { QueueName: 'YYYYYYYYYY' }), Bucket3: bucket({ Dep: { Ref: 'Q3' } }), Bucket4: bucket({ Dep: { Ref: 'Q4' } }), K: keep('s') }) },
    moves: [],
    ambiguous: [[['S.Bucket1', 'S.Bucket2'], ['S.Bucket3', 'S.Bucket4']], [['S.Q1', 'S.Q2'], ['S.Q3', 'S.Q4']]],
  },
  'DependsOn on different buckets makes two topics different': {
    deployed: { S: t({ Bucket1: bucket({ Prop: 'foo' }), Bucket2: bucket({ Prop: 'bar' }), Topic1: r('AWS::SNS::Topic', { DisplayName: 'my-topic' }, { DependsOn: 'Bucket1' }), Topic2: r('AWS::SNS::Topic', { DisplayName: 'my-topic' }, { DependsOn: 'Bucket2' }) }) },
    local: { S: t({ BucketA: bucket({ Prop: 'foo' }), BucketB: bucket({ Prop: 'bar' }), TopicA: r('AWS::SNS::Topic', { DisplayName: 'my-topic' }, { DependsOn: 'BucketA' }), TopicB: r('AWS::SNS::Topic', { DisplayName: 'my-topic' }, { DependsOn: 'BucketB' }) }) },
    moves: ['S.Bucket1 -> S.BucketA', 'S.Bucket2 -> S.BucketB', 'S.Topic1 -> S.TopicA', 'S.Topic2 -> S.TopicB'],
    ambiguous: [],
  },
  'DependsOn on identical buckets: identical up to names, ambiguous': {
    deployed: { S: t({ Bucket1: bucket({ Prop: 'my-bucket' }), Bucket2: bucket({ Prop: 'my-bucket' }), Topic1: r('AWS::SNS::Topic', { DisplayName: 'my-topic' }, { DependsOn: 'Bucket1' }), Topic2: r('AWS::SNS::Topic', { DisplayName: 'my-topic' }, { DependsOn: 'Bucket2' }) }) },
    local: { S: t({ BucketA: bucket({ Prop: 'my-bucket' }), BucketB: bucket({ Prop: 'my-bucket' }), TopicA: r('AWS::SNS::Topic', { DisplayName: 'my-topic' }, { DependsOn: 'BucketA' }), TopicB: r('AWS::SNS::Topic', { DisplayName: 'my-topic' }, { DependsOn: 'BucketB' }) }) },
    moves: [],
    ambiguous: [[['S.Bucket1', 'S.Bucket2'], ['S.BucketA', 'S.BucketB']], [['S.Topic1', 'S.Topic2'], ['S.TopicA', 'S.TopicB']]],
  },
  'a dependency through Ref and one through Fn::GetAtt differ, and tell their targets apart': {
    deployed: { S: t({ Q1: r('AWS::SQS::Queue', { DelaySeconds: 5 }), Q2: r('AWS::SQS::Queue', { DelaySeconds: 5 }), Bucket1: bucket({ Dep: { Ref: 'Q1' } }), Bucket2: bucket({ Dep: { 'Fn::GetAtt': ['Q2', 'QueueName'] } }) }) },
    local: { S: t({ QA: r('AWS::SQS::Queue', { DelaySeconds: 5 }), QB: r('AWS::SQS::Queue', { DelaySeconds: 5 }), BucketA: bucket({ Dep: { Ref: 'QA' } }), BucketB: bucket({ Dep: { 'Fn::GetAtt': ['QB', 'QueueName'] } }) }) },
    moves: ['S.Bucket1 -> S.BucketA', 'S.Bucket2 -> S.BucketB', 'S.Q1 -> S.QA', 'S.Q2 -> S.QB'],
    ambiguous: [],
  },
  'a reference to a parameter is not a resource': {
    deployed: { S: t({ Old: r('AWS::SNS::Topic', { DisplayName: 'my-topic', Subscription: [{ Endpoint: { Ref: 'Endpoint' } }] }) }, { Parameters: { Endpoint: { Type: 'String' } } }) },
    local: { S: t({ New: r('AWS::SNS::Topic', { DisplayName: 'my-topic', Subscription: [{ Endpoint: { Ref: 'Endpoint' } }] }) }, { Parameters: { Endpoint: { Type: 'String' } } }) },
    moves: ['S.Old -> S.New'],
  },
  'the CDK construct path is not compared': {
    deployed: { S: t({ Q1: r('AWS::SQS::Queue', { Foo: 'Bar' }, cdkPath('S/Q1/Resource')) }) },
    local: { S: t({ Q2: r('AWS::SQS::Queue', { Foo: 'Bar' }, cdkPath('S/Q2/Resource')) }) },
    moves: ['S.Q1 -> S.Q2'],
  },
  'an import of an export of a Ref compares as the Ref': {
    deployed: { Stack1: t({ K: keep('1') }), Stack2: t({ Bar: r('AWS::X::Y', { Banana: true }), AnotherBucket: bucket({ SomeProp: { Ref: 'Bar' } }) }) },
    local: {
      Stack1: t({ K: keep('1'), Bucket: bucket({ SomeProp: { 'Fn::ImportValue': 'Stack2:Bar' } }) }),
      Stack2: t({ Bar: r('AWS::X::Y', { Banana: true }) }, { Outputs: { ExportForTheBarResource: { Value: { Ref: 'Bar' }, Export: { Name: 'Stack2:Bar' } } } }),
    },
    moves: ['Stack2.AnotherBucket -> Stack1.Bucket'],
  },
  'an import of an export of another resource differs': {
    deployed: { Stack1: t({ K: keep('1') }), Stack2: t({ Foo: r('AWS::S3::Foo'), Bar: r('AWS::S3::Bar'), AnotherBucket: bucket({ SomeProp: { Ref: 'Bar' } }) }) },
    local: {
      Stack1: t({ K: keep('1'), Bucket: bucket({ SomeProp: { 'Fn::ImportValue': 'Stack2:Foo' } }) }),
      Stack2: t({ Foo: r('AWS::S3::Foo'), Bar: r('AWS::S3::Bar') }, { Outputs: { ExportForTheFooResource: { Value: { Ref: 'Foo' }, Export: { Name: 'Stack2:Foo' } } } }),
    },
    moves: [],
    ambiguous: [],
  },
  'an import of a plain-value export compares as the value': {
    deployed: { Stack1: t({ Topic: r('AWS::SNS::Topic', { DisplayName: 'orders' }), K: keep('1') }), Shared: t({ K: keep('s') }, { Outputs: { Name: { Value: 'orders', Export: { Name: 'Shared:Name' } } } }) },
    local: {
      Stack1: t({ K: keep('1') }),
      Stack2: t({ Topic: r('AWS::SNS::Topic', { DisplayName: { 'Fn::ImportValue': 'Shared:Name' } }) }),
      Shared: t({ K: keep('s') }, { Outputs: { Name: { Value: 'orders', Export: { Name: 'Shared:Name' } } } }),
    },
    moves: ['Stack1.Topic -> Stack2.Topic'],
  },
  'an imported resource moved into its importer': {
    deployed: {
      StackX: t({ A: r('AWS::A::A', { Props: { 'Fn::ImportValue': 'BFromOtherStack' } }) }),
      StackY: t({ B: r('AWS::B::B'), K: keep('y') }, { Outputs: { Bout: { Value: { Ref: 'B' }, Export: { Name: 'BFromOtherStack' } } } }),
    },
    local: { StackX: t({ A: r('AWS::A::A', { Props: { Ref: 'B' } }), B: r('AWS::B::B') }), StackY: t({ K: keep('y') }) },
    moves: ['StackY.B -> StackX.B'],
  },
  'stacks of another environment are compared apart': {
    deployed: { Foo: t({ Bucket1: bucket({ Prop: 'XXXXXXXXX' }), K: keep('foo') }), Bar: t({ K: keep('bar') }) },
    local: { Foo: t({ K: keep('foo') }), Bar: t({ Bucket1: bucket({ Prop: 'XXXXXXXXX' }), K: keep('bar') }) },
    elsewhere: ['Bar'],
    moves: [],
    ambiguous: [],
  },
  'CDKMetadata never moves': {
    deployed: { Old: t({ Q: r('AWS::SQS::Queue', { DelaySeconds: 1 }), CDKMetadata: r('AWS::CDK::Metadata', { Analytics: 'v2:deflate64:x' }) }) },
    local: { New: t({ Q: r('AWS::SQS::Queue', { DelaySeconds: 1 }), CDKMetadata: r('AWS::CDK::Metadata', { Analytics: 'v2:deflate64:x' }) }) },
    moves: ['Old.Q -> New.Q'],
  },
  'identical buckets told apart by a resource that stays and now points at the new one': {
    deployed: { S: t({ B1: bucket(), B2: bucket(), Fn: r('AWS::Lambda::Function', { Environment: { Variables: { BUCKET: { Ref: 'B1' } } } }), Alarm: r('AWS::SNS::Topic', { DisplayName: { Ref: 'B2' } }) }) },
    local: { S: t({ B3: bucket(), B4: bucket(), Fn: r('AWS::Lambda::Function', { Environment: { Variables: { BUCKET: { Ref: 'B3' } } } }), Alarm: r('AWS::SNS::Topic', { DisplayName: { Ref: 'B4' } }) }) },
    moves: ['S.B1 -> S.B3', 'S.B2 -> S.B4'],
    ambiguous: [],
  },
  'identical buckets told apart by resources that stay, against template order': {
    deployed: { S: t({ B1: bucket(), B2: bucket(), Fn: r('AWS::Lambda::Function', { Environment: { Variables: { BUCKET: { Ref: 'B1' } } } }), Alarm: r('AWS::SNS::Topic', { DisplayName: { Ref: 'B2' } }) }) },
    local: { S: t({ B3: bucket(), B4: bucket(), Fn: r('AWS::Lambda::Function', { Environment: { Variables: { BUCKET: { Ref: 'B4' } } } }), Alarm: r('AWS::SNS::Topic', { DisplayName: { Ref: 'B3' } }) }) },
    moves: ['S.B1 -> S.B4', 'S.B2 -> S.B3'],
    ambiguous: [],
  },
  'a construct renamed: a queue policy that holds little but its references moves with its queue': {
    deployed: {
      S: t({
        JobsQueue1A2B3C4D: r('AWS::SQS::Queue', { VisibilityTimeout: 300 }),
        JobsQueuePolicy5E6F7A8B: r('AWS::SQS::QueuePolicy', { Queues: [{ Ref: 'JobsQueue1A2B3C4D' }], PolicyDocument: { Statement: [{ Action: 'sqs:SendMessage', Effect: 'Allow', Resource: { 'Fn::Sub': '${JobsQueue1A2B3C4D.Arn}' } }] } }),
      }),
    },
    local: {
      S: t({
        WorkQueue9C8D7E6F: r('AWS::SQS::Queue', { VisibilityTimeout: 300 }),
        WorkQueuePolicy1F2E3D4C: r('AWS::SQS::QueuePolicy', { Queues: [{ Ref: 'WorkQueue9C8D7E6F' }], PolicyDocument: { Statement: [{ Action: 'sqs:SendMessage', Effect: 'Allow', Resource: { 'Fn::Sub': '${WorkQueue9C8D7E6F.Arn}' } }] } }),
      }),
    },
    moves: ['S.JobsQueue1A2B3C4D -> S.WorkQueue9C8D7E6F', 'S.JobsQueuePolicy5E6F7A8B -> S.WorkQueuePolicy1F2E3D4C'],
  },
  'a construct renamed: a subscription that is all references moves with its topic and queue': {
    deployed: {
      S: t({
        OrdersTopic1A2B3C4D: r('AWS::SNS::Topic', { DisplayName: 'orders' }),
        OrdersQueue5E6F7A8B: r('AWS::SQS::Queue', { VisibilityTimeout: 300 }),
        OrdersQueueSubscription9A8B7C6D: r('AWS::SNS::Subscription', { Protocol: 'sqs', TopicArn: { Ref: 'OrdersTopic1A2B3C4D' }, Endpoint: { 'Fn::GetAtt': ['OrdersQueue5E6F7A8B', 'Arn'] } }),
      }),
    },
    local: {
      S: t({
        SalesTopic2B3C4D5E: r('AWS::SNS::Topic', { DisplayName: 'orders' }),
        SalesQueue6F7A8B9C: r('AWS::SQS::Queue', { VisibilityTimeout: 300 }),
        SalesQueueSubscription0D1E2F3A: r('AWS::SNS::Subscription', { Protocol: 'sqs', TopicArn: { Ref: 'SalesTopic2B3C4D5E' }, Endpoint: { 'Fn::GetAtt': ['SalesQueue6F7A8B9C', 'Arn'] } }),
      }),
    },
    moves: ['S.OrdersQueue5E6F7A8B -> S.SalesQueue6F7A8B9C', 'S.OrdersQueueSubscription9A8B7C6D -> S.SalesQueueSubscription0D1E2F3A', 'S.OrdersTopic1A2B3C4D -> S.SalesTopic2B3C4D5E'],
  },
  'a construct renamed with everything under it: the whole subtree moves': {
    deployed: {
      S: t({
        ApiBucket1A2B3C4D: bucket({ VersioningConfiguration: { Status: 'Enabled' } }),
        ApiBucketPolicy5E6F7A8B: r('AWS::S3::BucketPolicy', { Bucket: { Ref: 'ApiBucket1A2B3C4D' }, PolicyDocument: { Statement: [{ Effect: 'Deny', Resource: { 'Fn::Join': ['', [{ 'Fn::GetAtt': ['ApiBucket1A2B3C4D', 'Arn'] }, '/*']] } }] } }),
      }),
    },
    local: {
      S: t({
        WebBucket9C8D7E6F: bucket({ VersioningConfiguration: { Status: 'Enabled' } }),
        WebBucketPolicy1F2E3D4C: r('AWS::S3::BucketPolicy', { Bucket: { Ref: 'WebBucket9C8D7E6F' }, PolicyDocument: { Statement: [{ Effect: 'Deny', Resource: { 'Fn::Join': ['', [{ 'Fn::GetAtt': ['WebBucket9C8D7E6F', 'Arn'] }, '/*']] } }] } }),
      }),
    },
    moves: ['S.ApiBucket1A2B3C4D -> S.WebBucket9C8D7E6F', 'S.ApiBucketPolicy5E6F7A8B -> S.WebBucketPolicy1F2E3D4C'],
  },

  // --- overrides (toolkit-lib test/actions/refactor.test.ts, usePrescribedMappings) ---
  'one override settles an ambiguity of two': {
    deployed: { Stack1: t({ CatPhotos: r('AWS::S3::Bucket', undefined, retained('Stack1/CatPhotos/Resource')), DogPhotos: r('AWS::S3::Bucket', undefined, retained('Stack1/DogPhotos/Resource')) }) },
    local: { Stack1: t({ MyBucket1553EAA46: r('AWS::S3::Bucket', undefined, retained('Stack1/MyBucket1/Resource')), MyBucket2F2E5C9D5: r('AWS::S3::Bucket', undefined, retained('Stack1/MyBucket2/Resource')) }) },
    overrides: { 'Stack1.CatPhotos': 'Stack1.MyBucket1553EAA46' },
    moves: ['Stack1.CatPhotos -> Stack1.MyBucket1553EAA46', 'Stack1.DogPhotos -> Stack1.MyBucket2F2E5C9D5'],
    ambiguous: [],
  },
  'one override settles an ambiguity of two, against template order': {
    deployed: { Stack1: t({ CatPhotos: r('AWS::S3::Bucket', undefined, retained('Stack1/CatPhotos/Resource')), DogPhotos: r('AWS::S3::Bucket', undefined, retained('Stack1/DogPhotos/Resource')) }) },
    local: { Stack1: t({ MyBucket1553EAA46: r('AWS::S3::Bucket', undefined, retained('Stack1/MyBucket1/Resource')), MyBucket2F2E5C9D5: r('AWS::S3::Bucket', undefined, retained('Stack1/MyBucket2/Resource')) }) },
    overrides: { 'Stack1.CatPhotos': 'Stack1.MyBucket2F2E5C9D5' },
    moves: ['Stack1.CatPhotos -> Stack1.MyBucket2F2E5C9D5', 'Stack1.DogPhotos -> Stack1.MyBucket1553EAA46'],
    ambiguous: [],
  },
  'without the override the same change is ambiguous': {
    deployed: { Stack1: t({ CatPhotos: r('AWS::S3::Bucket', undefined, retained('Stack1/CatPhotos/Resource')), DogPhotos: r('AWS::S3::Bucket', undefined, retained('Stack1/DogPhotos/Resource')) }) },
    local: { Stack1: t({ MyBucket1553EAA46: r('AWS::S3::Bucket', undefined, retained('Stack1/MyBucket1/Resource')), MyBucket2F2E5C9D5: r('AWS::S3::Bucket', undefined, retained('Stack1/MyBucket2/Resource')) }) },
    moves: [],
    ambiguous: [[['Stack1.CatPhotos', 'Stack1.DogPhotos'], ['Stack1.MyBucket1553EAA46', 'Stack1.MyBucket2F2E5C9D5']]],
  },
  'overrides by construct path': {
    deployed: { basic: t({ OldName1A2B3C4D: r('AWS::SQS::Queue', undefined, cdkPath('basic/OldName/Resource')), AdditionalOldName5E6F7A8B: r('AWS::SQS::Queue', undefined, cdkPath('basic/AdditionalOldName/Resource')) }) },
    local: { basic: t({ NewName57B171FE: r('AWS::SQS::Queue', undefined, cdkPath('basic/NewName/Resource')), AdditionalNewNameE2FC5A4C: r('AWS::SQS::Queue', undefined, cdkPath('basic/AdditionalNewName/Resource')) }) },
    overrides: { 'basic/OldName/Resource': 'basic/NewName/Resource', 'basic/AdditionalOldName/Resource': 'basic/AdditionalNewName/Resource' },
    moves: ['basic.AdditionalOldName5E6F7A8B -> basic.AdditionalNewNameE2FC5A4C', 'basic.OldName1A2B3C4D -> basic.NewName57B171FE'],
    ambiguous: [],
  },
  'an override with a duplicate destination is refused': {
    deployed: { Foo: t({ Bucket1: r('AWS::X::Y', {}), Bucket3: r('AWS::X::Y', {}) }) },
    local: { Foo: t({}), Bar: t({ Bucket2: r('AWS::X::Y', {}) }) },
    overrides: { 'Foo.Bucket1': 'Bar.Bucket2', 'Foo.Bucket3': 'Bar.Bucket2' },
    error: /Duplicate destination resource 'Bar\.Bucket2' in environment 123456789012\/us-east-1/,
  },
  'an override of a source that is not deployed is refused': {
    deployed: { Other: t({ K: keep('o') }) },
    local: { Other: t({ K: keep('o') }), Bar: t({ Bucket2: r('AWS::X::Y', {}) }) },
    overrides: { 'Foo.Bucket1': 'Bar.Bucket2' },
    error: /Source resource 'Foo\.Bucket1' does not exist in environment 123456789012\/us-east-1/,
  },
  'an override onto a destination already in use is refused': {
    deployed: { Foo: t({ Bucket1: r('AWS::X::Y', {}) }), Bar: t({ Bucket2: r('AWS::Z::W', {}) }) },
    local: { Foo: t({}), Bar: t({ Bucket2: r('AWS::Z::W', {}) }) },
    overrides: { 'Foo.Bucket1': 'Bar.Bucket2' },
    error: /Destination resource 'Bar\.Bucket2' already in use in environment 123456789012\/us-east-1/,
  },
  'an override with an invalid location is refused': {
    deployed: { Foo: t({ Bucket1: r('AWS::X::Y', {}) }) },
    local: { Foo: t({}), Bar: t({ Bucket2: r('AWS::X::Y', {}), Bucket3: r('AWS::X::Y', {}) }) },
    overrides: { 'Foo.Bucket1': 'Bar.Bucket2', 'InvalidLocation': 'Bar.Bucket3' },
    error: /Invalid location 'InvalidLocation'/,
  },

  // --- integration tests (cli-integ tests/cli-integ-tests/refactor, the "refactoring" app) ---
  'integ: no changes, nothing to refactor': {
    deployed: { 'p-basic': t({ BasicQueue1A2B3C4D: r('AWS::SQS::Queue', undefined, cdkPath('p-basic/BasicQueue/Resource')) }) },
    local: { 'p-basic': t({ BasicQueue1A2B3C4D: r('AWS::SQS::Queue', undefined, cdkPath('p-basic/BasicQueue/Resource')) }) },
    moves: [],
    ambiguous: [],
  },
  'integ: a renamed queue is detected': {
    deployed: { 'p-basic': t({ BasicQueue1A2B3C4D: r('AWS::SQS::Queue', undefined, { UpdateReplacePolicy: 'Delete', DeletionPolicy: 'Delete', ...cdkPath('p-basic/BasicQueue/Resource') }) }) },
    local: { 'p-basic': t({ NewName57B171FE: r('AWS::SQS::Queue', undefined, { UpdateReplacePolicy: 'Delete', DeletionPolicy: 'Delete', ...cdkPath('p-basic/NewName/Resource') }) }) },
    moves: ['p-basic.BasicQueue1A2B3C4D -> p-basic.NewName57B171FE'],
  },
};

describe('cases shaped like cdk refactor\'s tests', () => {
  test.each(Object.entries(CASES))('%s', (_, peer) => {
    if (peer.error !== undefined) {
      expect(() => planOf(peer)).toThrow(peer.error);
      return;
    }
    const plan = planOf(peer);
    if (peer.moves !== undefined) expect(plan.moves.map((move) => `${at(move.source)} -> ${at(move.destination)}`).sort()).toEqual(peer.moves);
    if (peer.ambiguous !== undefined) {
      const found = (plan.ambiguities ?? []).map((ambiguity) => [ambiguity.sources.map(at), ambiguity.destinations.map(at)]);
      expect(found).toEqual(peer.ambiguous);
    }
  });
});

describe('the refactor as the peer runs it', () => {
  /** The "refactoring" integration app: a queue, a bucket and a function whose environment names the bucket. */
  const basic = (bucketHere: boolean): Template => t({
    BasicQueue1A2B3C4D: r('AWS::SQS::Queue', undefined, { UpdateReplacePolicy: 'Delete', DeletionPolicy: 'Delete', ...cdkPath('p-basic/BasicQueue/Resource') }),
    ...(bucketHere ? { Bucket83908E77: r('AWS::S3::Bucket', undefined, retained('p-basic/Bucket/Resource')) } : {}),
    FuncServiceRole1A2B3C4D: r('AWS::IAM::Role', { AssumeRolePolicyDocument: { Statement: [{ Action: 'sts:AssumeRole', Effect: 'Allow', Principal: { Service: 'lambda.amazonaws.com' } }] } }, cdkPath('p-basic/Func/ServiceRole/Resource')),
    Func5E6F7A8B: r('AWS::Lambda::Function', {
      Code: { ZipFile: 'exports.handler = handler.toString()' },
      Environment: { Variables: { BUCKET: bucketHere ? { Ref: 'Bucket83908E77' } : { 'Fn::ImportValue': 'p-bucket-stack:ExportsOutputRefBucket83908E7781C90AC0' } } },
      Handler: 'index.handler',
      Role: { 'Fn::GetAtt': ['FuncServiceRole1A2B3C4D', 'Arn'] },
      Runtime: 'nodejs22.x',
    }, { DependsOn: ['FuncServiceRole1A2B3C4D'], ...cdkPath('p-basic/Func/Resource') }),
    CDKMetadata: r('AWS::CDK::Metadata', { Analytics: 'v2:deflate64:H4sIAAAA' }, cdkPath('p-basic/CDKMetadata/Default')),
  }, { Parameters: { BootstrapVersion: { Type: 'AWS::SSM::Parameter::Value<String>', Default: '/cdk-bootstrap/hnb659fds/version' } }, Rules: { CheckBootstrapVersion: { Assertions: [] } } });
  const bucketStack = t({
    Bucket83908E77: r('AWS::S3::Bucket', undefined, retained('p-bucket-stack/Bucket/Resource')),
    CDKMetadata: r('AWS::CDK::Metadata', { Analytics: 'v2:deflate64:H4sIBBBB' }, cdkPath('p-bucket-stack/CDKMetadata/Default')),
  }, {
    Outputs: { ExportsOutputRefBucket83908E7781C90AC0: { Value: { Ref: 'Bucket83908E77' }, Export: { Name: 'p-bucket-stack:ExportsOutputRefBucket83908E7781C90AC0' } } },
    Parameters: { BootstrapVersion: { Type: 'AWS::SSM::Parameter::Value<String>', Default: '/cdk-bootstrap/hnb659fds/version' } },
    Rules: { CheckBootstrapVersion: { Assertions: [] } },
  });
  const plan = planOf({ deployed: { 'p-basic': basic(true) }, local: { 'p-basic': basic(false), 'p-bucket-stack': bucketStack } });

  test('GIVEN a referenced bucket moved to a new stack WHEN planned THEN it is one refactor that creates the stack, with the export and the import written', () => {
    expect(plan.moves.map((move) => [at(move.source), at(move.destination), move.refactorable, move.reasons])).toEqual([['p-basic.Bucket83908E77', 'p-bucket-stack.Bucket83908E77', true, []]]);
    const [input] = plan.toCreateStackRefactorInputs();
    expect(input.EnableStackCreation).toBe(true);
    const bodies = bodiesOf(plan);
    expect(bodies['p-bucket-stack'].Outputs).toEqual(bucketStack.Outputs);
    expect(bodies['p-basic'].Resources.Func5E6F7A8B.Properties.Environment.Variables.BUCKET).toEqual({ 'Fn::ImportValue': 'p-bucket-stack:ExportsOutputRefBucket83908E7781C90AC0' });
  });

  test('GIVEN the same WHEN the refactor\'s templates are written THEN the deployed CDK metadata and construct paths stay, and the new stack has no Parameters or Rules', () => {
    const bodies = bodiesOf(plan);
    expect(bodies['p-bucket-stack'].Resources.Bucket83908E77.Metadata).toEqual({ 'aws:cdk:path': 'p-basic/Bucket/Resource' });
    expect(bodies['p-basic'].Resources.CDKMetadata).toEqual(basic(true).Resources.CDKMetadata);
    expect(bodies['p-bucket-stack'].Parameters).toBeUndefined();
    expect(bodies['p-bucket-stack'].Rules).toBeUndefined();
  });

  test('GIVEN a rename in one stack of two WHEN planned THEN the stack no move touches is left out of the refactor', () => {
    const renamed = planOf({
      deployed: { Stack1: t({ Bucket1: bucket({ A: 1 }) }), Stack2: t({ Bucket2: bucket({ B: 2 }) }) },
      local: { Stack1: t({ Bucket3: bucket({ A: 1 }) }), Stack2: t({ Bucket2: bucket({ B: 2 }) }) },
    });
    expect(renamed.toCreateStackRefactorInputs().map((input: any) => input.StackDefinitions.map((definition: any) => definition.StackName))).toEqual([['Stack1']]);
  });

  test('GIVEN a stack whose refactor template is over 50 KiB WHEN planned THEN it goes by TemplateURL in the bootstrap bucket, the other by TemplateBody', () => {
    const buckets = Object.fromEntries(Array.from({ length: 150 }, (_, index) => [`Bucket${index}A1B2C3D4`, r('AWS::S3::Bucket', {
      BucketEncryption: { ServerSideEncryptionConfiguration: [{ ServerSideEncryptionByDefault: { SSEAlgorithm: 'AES256' } }] },
      PublicAccessBlockConfiguration: { BlockPublicAcls: true, BlockPublicPolicy: true, IgnorePublicAcls: true, RestrictPublicBuckets: true },
      Tags: [{ Key: 'aws-cdk:auto-delete-objects', Value: 'true' }],
    }, { UpdateReplacePolicy: 'Delete', DeletionPolicy: 'Delete', ...cdkPath(`large-stack/Bucket${index}/Resource`) })]));
    const large = planOf({
      deployed: { 'large-stack': t({ ...buckets, OldQueue1A2B3C4D: r('AWS::SQS::Queue', undefined, cdkPath('large-stack/OldQueue/Resource')) }), 'small': t({ Old: r('AWS::SQS::Queue', { DelaySeconds: 3 }) }) },
      local: { 'large-stack': t({ ...buckets, NewQueue5E6F7A8B: r('AWS::SQS::Queue', undefined, cdkPath('large-stack/NewQueue/Resource')) }), 'small': t({ New: r('AWS::SQS::Queue', { DelaySeconds: 3 }) }) },
    });
    const definitions = large.toCreateStackRefactorInputs().flatMap((input: any) => input.StackDefinitions);
    const largeDefinition = definitions.find((definition: any) => definition.StackName === 'large-stack');
    expect(largeDefinition.TemplateBody).toBeUndefined();
    expect(largeDefinition.TemplateURL).toMatch(/^https:\/\/cdk-hnb659fds-assets-123456789012-us-east-1\.s3\.us-east-1\.amazonaws\.com\/cdk-refactor\/large-stack\/[0-9a-f]{64}\.json$/);
    expect(definitions.find((definition: any) => definition.StackName === 'small').TemplateBody).toEqual(expect.any(String));
  });
});
