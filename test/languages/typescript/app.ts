/**
 * The languages app in TypeScript: the reference the Python, Java and Go apps beside it are
 * compared with (test/languages). Every app builds the same two stacks:
 * - Providers: a provider whose handler is a TypeScript `entry` (bundled by esbuild at synth),
 *   a custom resource with properties of every JSON type, `replaceOnChange`, `nameProperty` and
 *   an output of `getAttString`; a provider that polls (`isCompleteHandler`, `PollingOptions`);
 *   a provider whose events go to a Python Lambda function (`onEventFunction`); a named queue
 *   whose guard finding is acknowledged.
 * - Storage: a named table whose partition key differs from the deployed one (the baseline in
 *   ../baseline): the guard's baseline check reports that the update will fail.
 * The guard runs both as an Aspect (`ReplacementGuard.applyTo`) and as a policy-validation
 * plugin (`Validations.of(app).addPlugins`). In your app, import from 'cdk-lifecycle' instead of '../../../src'.
 */
import { Annotations, App, CfnOutput, Duration, Stack, StackProps, Validations } from 'aws-cdk-lib';
import * as dynamodb from 'aws-cdk-lib/aws-dynamodb';
import * as lambda from 'aws-cdk-lib/aws-lambda';
import * as sqs from 'aws-cdk-lib/aws-sqs';
import { Construct } from 'constructs';
import { FindingId, ProvidedResource, ReplacementGuard, ReplacementGuardPlugin, ResourceProvider } from '../../../src';

class ProvidersStack extends Stack {
  constructor(scope: Construct, id: string, props?: StackProps) {
    super(scope, id, props);

    const provider = new ResourceProvider(this, 'Greeter', {
      entry: '../handlers/greeter.ts', // a TypeScript handler, bundled with esbuild at synth
      handler: 'onEvent',
      timeout: Duration.minutes(1),
    });
    const greeting = new ProvidedResource(this, 'Greeting', {
      provider,
      resourceType: 'Custom::Greeting',
      properties: {
        greetingName: 'cdk-lifecycle',
        region: 'eu-west-1',
        count: 3,
        ratio: 0.25,
        enabled: true,
        verbose: false,
        nothing: null,
        tags: ['a', 1, false, null],
        settings: { depth: 2, nested: { on: true, label: 'x' } },
      },
      serviceTimeout: Duration.minutes(5),
      replaceOnChange: ['region'],
      nameProperty: 'greetingName',
    });
    new CfnOutput(this, 'GreetingMessage', { value: greeting.getAttString('message') });

    const clusters = new ResourceProvider(this, 'Clusters', {
      entry: '../handlers/cluster.ts',
      isCompleteHandler: 'isComplete',
      polling: { firstDelay: Duration.seconds(30), interval: Duration.seconds(15), maxInterval: Duration.minutes(2) },
      timeout: Duration.minutes(15),
    });
    new ProvidedResource(this, 'Cluster', { provider: clusters, serviceTimeout: Duration.minutes(50) });

    const auditFunction = new lambda.Function(this, 'AuditFunction', {
      runtime: lambda.Runtime.PYTHON_3_13,
      handler: 'index.on_event',
      code: lambda.Code.fromAsset('../handlers/python'),
    });
    const audits = new ResourceProvider(this, 'Audits', { onEventFunction: auditFunction });
    new ProvidedResource(this, 'Audit', {
      provider: audits,
      resourceType: 'Custom::Audit',
      properties: { auditName: 'nightly', level: 2 },
    });

    const queue = new sqs.Queue(this, 'Jobs', { queueName: 'languages-jobs' });
    Annotations.of(queue).acknowledgeWarning(FindingId.NAMED_RESOURCE_REPLACEMENT, 'Recreated by hand');
  }
}

class StorageStack extends Stack {
  constructor(scope: Construct, id: string, props?: StackProps) {
    super(scope, id, props);
    // Deployed with the partition key "id" (../baseline/Storage.template.json): a new key
    // replaces the table, and its fixed name makes that replacement fail.
    new dynamodb.Table(this, 'Reports', {
      tableName: 'languages-reports',
      partitionKey: { name: 'reportId', type: dynamodb.AttributeType.STRING },
    });
  }
}

const app = new App();
ReplacementGuard.applyTo(app, { baseline: '../baseline/Storage.template.json' });
Validations.of(app).addPlugins(new ReplacementGuardPlugin());
new ProvidersStack(app, 'Providers');
new StorageStack(app, 'Storage');
app.synth();
