/**
 * A real CDK app, synthesized with aws-cdk-lib, in two versions: a Stage `Prod` (account
 * 111111111111, eu-west-1) with a stack `Shared` whose queue's URL another stack, `Api`,
 * imports (a cross-stack reference: an export and an `Fn::ImportValue`) and a named table,
 * `Api` with a nested stack `Workers`, a parameter with a default and a NoEcho parameter;
 * version 2 gives the table a new partition key (a replacement that fails: its name is fixed),
 * changes the nested stack's queue and adds a third stack, `Audit`.
 */
import * as path from 'node:path';
import { App, CfnParameter, NestedStack, Stack, Stage } from 'aws-cdk-lib';
import * as dynamodb from 'aws-cdk-lib/aws-dynamodb';
import * as sns from 'aws-cdk-lib/aws-sns';
import * as sqs from 'aws-cdk-lib/aws-sqs';
import * as ssm from 'aws-cdk-lib/aws-ssm';
import { FakeAws } from './fake-aws';
import { readAssembly } from '../../../src/assembly/read-assembly';

export const ACCOUNT = '111111111111';
export const REGION = 'eu-west-1';

/** Synthesizes version 1 or 2 into `outdir`. */
export function synthApp(outdir: string, version: 1 | 2, assetMetadata: boolean): string {
  const app = new App({ outdir, context: assetMetadata ? { 'aws:cdk:enable-asset-metadata': true } : {} });
  const stage = new Stage(app, 'Prod', { env: { account: ACCOUNT, region: REGION } });

  const shared = new Stack(stage, 'Shared');
  const jobs = new sqs.Queue(shared, 'Jobs', { queueName: 'prod-jobs' });
  new dynamodb.Table(shared, 'Orders', { tableName: 'prod-orders', partitionKey: { name: version === 1 ? 'id' : 'orderId', type: dynamodb.AttributeType.STRING } });

  const api = new Stack(stage, 'Api');
  const env = new CfnParameter(api, 'Env', { default: 'dev' });
  const secret = new CfnParameter(api, 'Secret', { noEcho: true, default: 'none' });
  new ssm.StringParameter(api, 'JobsUrl', { stringValue: jobs.queueUrl });
  new sns.Topic(api, 'Alerts', { displayName: env.valueAsString });
  new ssm.StringParameter(api, 'Token', { stringValue: secret.valueAsString });
  const workers = new NestedStack(api, 'Workers');
  new sqs.Queue(workers, 'Work', { maxMessageSizeBytes: version === 1 ? 1024 : 2048 });

  if (version === 2) new sqs.Queue(new Stack(stage, 'Audit'), 'Trail');
  app.synth();
  return outdir;
}

/**
 * Deploys every stack of the assembly into the stand-in, as `cdk deploy` would, with its
 * nested stacks; a stack named in `skip` is left undeployed.
 */
export function deployAssembly(
  aws: FakeAws, directory: string, options: { readonly skip?: readonly string[]; readonly parameters?: Record<string, Record<string, string>> } = {},
): void {
  for (const stack of readAssembly(directory, path.basename(directory))) {
    if (options.skip?.includes(stack.name)) continue;
    const declared = (stack.template.Parameters ?? {}) as Record<string, { Default?: string }>;
    const defaults = Object.fromEntries(Object.entries(declared)
      .flatMap(([key, parameter]) => (parameter.Default === undefined ? [] : [[key, String(parameter.Default)]])));
    aws.deploy({
      account: stack.account ?? ACCOUNT,
      region: stack.region ?? REGION,
      name: stack.name,
      template: stack.template,
      nested: stack.nestedTemplates,
      parameters: { ...defaults, ...options.parameters?.[stack.name] },
    });
  }
}
