/**
 * Identity tuples (issue 34 item 3): types whose physical identity is a tuple of values the
 * service keeps unique, not a name: an event source mapping per event source and function, a
 * scalable target per namespace, resource id and dimension, a delivery source per resource, ...
 * (`build-tools/name-singletons.ts`). Each entry as the public report shapes it: the same values
 * under a new logical id (CloudFormation creates the new resource first) or a replacement that
 * keeps them fails with certainty; the fixed variant (the logical id kept, or other values) does
 * not. Templates from aws-cdk-lib where an L2 construct makes the resource, else written here.
 */
import { App, Stack } from 'aws-cdk-lib';
import { Template } from 'aws-cdk-lib/assertions';
import * as appscaling from 'aws-cdk-lib/aws-applicationautoscaling';
import * as dynamodb from 'aws-cdk-lib/aws-dynamodb';
import * as ec2 from 'aws-cdk-lib/aws-ec2';
import * as elbv2 from 'aws-cdk-lib/aws-elasticloadbalancingv2';
import * as lambda from 'aws-cdk-lib/aws-lambda';
import { deepFreeze, outcome, resource, template } from './helpers';
import { ChangeSetPredictor, PredictedChangeSet } from '../../src/change-set';
import { singletonOf } from '../../src/spec/replacement-spec';

function predict(before: unknown, after: unknown): PredictedChangeSet {
  return ChangeSetPredictor.predict(deepFreeze(before), deepFreeze(after));
}

/** The template of a one-stack CDK app built by `build`. */
const synth = (build: (stack: Stack) => void) => {
  const stack = new Stack(new App(), 'Tuples', { env: { account: '123456789012', region: 'eu-west-1' } });
  build(stack);
  return Template.fromStack(stack).toJSON();
};

/** The outcomes of the changes of one type (a CDK app has others), in logical id order (CDK's ids end in a hash). */
const outcomesOf = (changeSet: PredictedChangeSet, type: string) => Object.entries(outcome(changeSet))
  .filter(([id]) => changeSet.changes.find((change) => change.logicalResourceId === id)!.resourceType === type)
  .map(([id, value]) => `${id.replace(/[0-9A-F]{8}$/, '')} ${value}`);

const function_ = (stack: Stack) => new lambda.Function(stack, 'Handler', {
  runtime: lambda.Runtime.NODEJS_22_X,
  handler: 'index.handler',
  code: lambda.Code.fromInline('exports.handler = async () => {};'),
});

describe('an event source mapping is one per event source and function (aws/serverless-application-model#1320: "provided mapping already exists")', () => {
  const app = (options: { startingPosition?: lambda.StartingPosition; id?: string }) => synth((stack) => {
    const table = new dynamodb.Table(stack, 'Orders', { partitionKey: { name: 'pk', type: dynamodb.AttributeType.STRING }, stream: dynamodb.StreamViewType.NEW_IMAGE });
    new lambda.EventSourceMapping(stack, options.id ?? 'Mapping', {
      target: function_(stack),
      eventSourceArn: table.tableStreamArn!,
      startingPosition: options.startingPosition ?? lambda.StartingPosition.TRIM_HORIZON,
      batchSize: 10,
    });
  });
  const ESM = 'AWS::Lambda::EventSourceMapping';

  test('GIVEN a DynamoDB stream mapping WHEN its StartingPosition changes THEN it is replaced and the replacement certainly fails, saying why', () => {
    const changeSet = predict(app({}), app({ startingPosition: lambda.StartingPosition.LATEST }));
    expect(outcomesOf(changeSet, ESM)).toEqual(['Mapping True Certain']);
    expect(changeSet.failures[0].reason).toMatch(/^only one AWS::Lambda::EventSourceMapping can exist per EventSourceArn \{"Fn::GetAtt":\["Orders\w+","StreamArn"\]\}, FunctionName \{"Ref":"Handler\w+"\}, and the replacement keeps it/);
  });

  test('GIVEN the mapping\'s construct renamed WHEN predicted THEN the new mapping certainly fails; with its logical id kept and only its batch size changed THEN nothing fails', () => {
    expect(outcomesOf(predict(app({}), app({ id: 'StreamMapping' })), ESM)).toEqual(['Mapping Remove', 'StreamMapping Add Certain']);
    const deployed = app({});
    const bigger = JSON.parse(JSON.stringify(deployed));
    Object.values<any>(bigger.Resources).find((value) => value.Type === ESM).Properties.BatchSize = 100;
    expect(outcomesOf(predict(deployed, bigger), ESM)).toEqual(['Mapping False']);
  });

  test('GIVEN two Kafka mappings of one cluster and function WHEN one is renamed under another topic THEN nothing fails; under its own topic THEN it fails', () => {
    const kafka = (topic: string) => resource(ESM, { EventSourceArn: 'arn:aws:kafka:eu-west-1:123456789012:cluster/events/abc', FunctionName: 'consumer', Topics: [topic], StartingPosition: 'LATEST' });
    const before = template({ Orders: kafka('orders'), Payments: kafka('payments') });
    expect(predict(before, template({ Orders: kafka('orders'), Refunds: kafka('refunds') })).failures).toEqual([]);
    expect(outcome(predict(before, template({ Orders: kafka('orders'), PaymentsV2: kafka('payments') })))).toEqual({ Payments: 'Remove', PaymentsV2: 'Add Certain' });
  });

  test('GIVEN a self-managed Kafka mapping (no EventSourceArn) renamed WHEN predicted THEN nothing is judged: its uniqueness is not documented', () => {
    const selfManaged = resource(ESM, { SelfManagedEventSource: { Endpoints: { KafkaBootstrapServers: ['b-1:9092'] } }, FunctionName: 'consumer', Topics: ['orders'] });
    expect(singletonOf(ESM)!.requires).toEqual(['EventSourceArn']);
    expect(outcome(predict(template({ A: selfManaged }), template({ B: selfManaged })))).toEqual({ A: 'Remove', B: 'Add' });
  });
});

describe('a scalable target is one per namespace, resource id and dimension (serverless-dynamodb-autoscaling#16: "... already exists")', () => {
  const app = (id: string, dimension = 'dynamodb:table:ReadCapacityUnits') => synth((stack) => {
    const table = new dynamodb.Table(stack, 'Orders', { partitionKey: { name: 'pk', type: dynamodb.AttributeType.STRING }, billingMode: dynamodb.BillingMode.PROVISIONED });
    new appscaling.ScalableTarget(stack, id, {
      serviceNamespace: appscaling.ServiceNamespace.DYNAMODB,
      resourceId: `table/${table.tableName}`,
      scalableDimension: dimension,
      minCapacity: 1,
      maxCapacity: 10,
    });
  });
  const TARGET = 'AWS::ApplicationAutoScaling::ScalableTarget';

  test('GIVEN the target\'s construct renamed WHEN predicted THEN the new target certainly fails', () => {
    expect(outcomesOf(predict(app('ReadTarget'), app('ReadCapacity')), TARGET)).toEqual(['ReadCapacity Add Certain', 'ReadTarget Remove']);
  });

  test('GIVEN the fixed variants WHEN predicted THEN nothing fails: the id kept with new capacities, or the new target for the write dimension', () => {
    expect(predict(app('ReadTarget'), app('ReadTarget')).failures).toEqual([]);
    expect(predict(app('ReadTarget'), app('WriteTarget', 'dynamodb:table:WriteCapacityUnits')).failures).toEqual([]);
  });
});

describe('a CloudWatch Logs delivery source is one per resource (cloudformation-coverage-roadmap#2513: a new Name for the same ResourceArn)', () => {
  const source = (name: string, resourceArn = 'arn:aws:bedrock-agentcore:eu-west-1:123456789012:runtime/agent-abc') => resource('AWS::Logs::DeliverySource', { Name: name, ResourceArn: resourceArn, LogType: 'APPLICATION_LOGS' });

  test('GIVEN the source\'s Name changed (it replaces the source) WHEN predicted THEN the replacement certainly fails: the resource already has a source', () => {
    const changeSet = predict(template({ Source: source('cdk-applicationlogs-source-1') }), template({ Source: source('agentRuntimeApplicationLogsDeliverySource') }));
    expect(outcome(changeSet)).toEqual({ Source: 'True Certain' });
    expect(changeSet.failures[0].reason).toMatch(/^only one AWS::Logs::DeliverySource can exist per ResourceArn "arn:aws:bedrock-agentcore:/);
  });

  test('GIVEN the source under a new logical id and a new Name WHEN predicted THEN the new source certainly fails; for another resource THEN nothing fails', () => {
    expect(outcome(predict(template({ Source: source('a') }), template({ Source2: source('b') })))).toEqual({ Source: 'Remove', Source2: 'Add Certain' });
    expect(predict(template({ Source: source('a') }), template({ Source: source('b', 'arn:aws:bedrock-agentcore:eu-west-1:123456789012:runtime/agent-def') })).failures).toEqual([]);
  });
});

describe('an API Gateway base path is one per custom domain (aws-cdk#5794: "Base path already exists for this domain name")', () => {
  const mapping = (basePath?: string) => resource('AWS::ApiGateway::BasePathMapping', { DomainName: 'api.example.com', RestApiId: { Ref: 'Api' }, Stage: 'prod', ...(basePath === undefined ? {} : { BasePath: basePath }) });

  test.each([['orders', 'orders'], ['none (the domain\'s only mapping)', undefined]])('GIVEN the mapping of base path %s under a new logical id WHEN predicted THEN it certainly fails', (_, basePath) => {
    expect(outcome(predict(template({ Mapping: mapping(basePath) }), template({ basePathMapping: mapping(basePath) })))).toEqual({ Mapping: 'Remove', basePathMapping: 'Add Certain' });
  });

  test('GIVEN the fixed variant, another base path under the new logical id WHEN predicted THEN nothing fails', () => {
    expect(predict(template({ Mapping: mapping('orders') }), template({ Mapping2: mapping('orders-v2') })).failures).toEqual([]);
  });
});

describe('an API Gateway V2 mapping key is one per custom domain (cloudformation-coverage-roadmap#1151, aws-cdk#22660: "ApiMapping key already exists for this domain name")', () => {
  const mapping = (key: string) => resource('AWS::ApiGatewayV2::ApiMapping', { DomainName: 'api.example.com', ApiId: { Ref: 'Api' }, Stage: '$default', ApiMappingKey: key });

  test('GIVEN the mapping under a new logical id WHEN predicted THEN it certainly fails; with another key THEN nothing fails', () => {
    expect(outcome(predict(template({ ApiDomainMapping: mapping('api/device') }), template({ DeviceMapping: mapping('api/device') })))).toEqual({ ApiDomainMapping: 'Remove', DeviceMapping: 'Add Certain' });
    expect(predict(template({ ApiDomainMapping: mapping('api/device') }), template({ DeviceMapping: mapping('api/devices') })).failures).toEqual([]);
  });
});

describe('an API Gateway resource is one per parent and path part (serverless#10493: "Another resource with the same parent already has this name")', () => {
  const part = (pathPart: string) => resource('AWS::ApiGateway::Resource', { RestApiId: { Ref: 'Api' }, ParentId: { 'Fn::GetAtt': ['Api', 'RootResourceId'] }, PathPart: pathPart });

  test('GIVEN the resource under a new logical id WHEN predicted THEN it certainly fails; another path part THEN nothing fails', () => {
    expect(outcome(predict(template({ ApiGatewayResourceMerchant: part('merchant') }), template({ MerchantResource: part('merchant') })))).toEqual({ ApiGatewayResourceMerchant: 'Remove', MerchantResource: 'Add Certain' });
    expect(predict(template({ ApiGatewayResourceMerchant: part('merchant') }), template({ MerchantResource: part('merchants') })).failures).toEqual([]);
  });
});

describe('a load balancer listener is one per port (aws-cdk#34235: "A listener already exists on this port for this load balancer"), a rule one per priority', () => {
  const app = (listenerId: string, port = 80) => synth((stack) => {
    const vpc = new ec2.Vpc(stack, 'Vpc', { maxAzs: 2, natGateways: 0 });
    const alb = new elbv2.ApplicationLoadBalancer(stack, 'Alb', { vpc });
    alb.addListener(listenerId, { port, protocol: elbv2.ApplicationProtocol.HTTP, defaultAction: elbv2.ListenerAction.fixedResponse(200) });
  });
  const LISTENER = 'AWS::ElasticLoadBalancingV2::Listener';

  test('GIVEN the listener\'s construct renamed on the same port WHEN predicted THEN the new listener certainly fails', () => {
    expect(outcomesOf(predict(app('Http'), app('HttpRedirect')), LISTENER)).toEqual(['AlbHttp Remove', 'AlbHttpRedirect Add Certain']);
  });

  test('GIVEN the fixed variants WHEN predicted THEN nothing fails: the port changed in place, or the renamed listener on another port', () => {
    expect(outcomesOf(predict(app('Http'), app('Http', 8080)), LISTENER)).toEqual(['AlbHttp False']);
    expect(predict(app('Http'), app('Admin', 8081)).failures).toEqual([]);
  });

  test('GIVEN a listener rule under a new logical id at the same priority WHEN predicted THEN it certainly fails; at another priority THEN nothing fails', () => {
    const rule = (priority: number) => resource('AWS::ElasticLoadBalancingV2::ListenerRule', {
      ListenerArn: { Ref: 'Listener' }, Priority: priority, Conditions: [{ Field: 'path-pattern', PathPatternConfig: { Values: ['/api/*'] } }], Actions: [{ Type: 'forward', TargetGroupArn: { Ref: 'Targets' } }],
    });
    expect(outcome(predict(template({ ApiRule: rule(10) }), template({ ApiRuleV2: rule(10) })))).toEqual({ ApiRule: 'Remove', ApiRuleV2: 'Add Certain' });
    expect(predict(template({ ApiRule: rule(10) }), template({ ApiRuleV2: rule(11) })).failures).toEqual([]);
  });
});

describe('a transit gateway attachment is associated with one route table (cloudformation-coverage-roadmap#488: the replacement fails)', () => {
  const association = (routeTable: string) => resource('AWS::EC2::TransitGatewayRouteTableAssociation', { TransitGatewayAttachmentId: 'tgw-attach-0123456789abcdef0', TransitGatewayRouteTableId: routeTable });

  test('GIVEN the association moved to another route table WHEN predicted THEN it is replaced and the replacement certainly fails', () => {
    expect(outcome(predict(template({ Association: association('tgw-rtb-1') }), template({ Association: association('tgw-rtb-2') })))).toEqual({ Association: 'True Certain' });
  });

  test('GIVEN the fixed variant, the association removed in one update WHEN predicted THEN nothing fails', () => {
    expect(predict(template({ Association: association('tgw-rtb-1') }), template({})).failures).toEqual([]);
  });
});

describe('a function URL is one per function or alias (Lambda CreateFunctionUrlConfig: ResourceConflictException)', () => {
  const app = (id: string, authType = lambda.FunctionUrlAuthType.AWS_IAM) => synth((stack) => {
    new lambda.FunctionUrl(stack, id, { function: function_(stack), authType });
  });

  test('GIVEN the URL\'s construct renamed WHEN predicted THEN the new URL certainly fails; with its id kept and its auth type changed THEN nothing fails', () => {
    expect(outcomesOf(predict(app('Url'), app('PublicUrl')), 'AWS::Lambda::Url')).toEqual(['PublicUrl Add Certain', 'Url Remove']);
    expect(predict(app('Url'), app('Url', lambda.FunctionUrlAuthType.NONE)).failures).toEqual([]);
  });
});
