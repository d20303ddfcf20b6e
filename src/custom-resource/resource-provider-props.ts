import { Duration } from 'aws-cdk-lib';
import * as ec2 from 'aws-cdk-lib/aws-ec2';
import * as iam from 'aws-cdk-lib/aws-iam';
import * as kms from 'aws-cdk-lib/aws-kms';
import * as lambda from 'aws-cdk-lib/aws-lambda';
import * as logs from 'aws-cdk-lib/aws-logs';
import * as sns from 'aws-cdk-lib/aws-sns';
import { EntryBundlingOptions } from './entry-bundling-options';
import { PollingOptions } from './polling-options';
import { ServiceTokenType } from './service-token-type';

/**
 * Properties of a `ResourceProvider`. Give `entry` (a TypeScript or JavaScript file, bundled
 * at synth), or `code` and `handler` (JavaScript code): your handler then runs inside the
 * provider function. Or give `onEventFunction` (any function, invoked synchronously by the
 * provider function).
 */
export interface ResourceProviderProps {
  /**
   * Your handler as one TypeScript or JavaScript file (`.ts`, `.mts`, `.cts`, `.js`, `.mjs`,
   * `.cjs`). It is bundled at synth time, with its imports, by the esbuild installed in your
   * app (`npm install --save-dev esbuild`; no Docker needed), like aws-cdk-lib's
   * `NodejsFunction`. The AWS SDK v3 (`@aws-sdk/*`) is left out: Lambda provides it. A relative
   * path is resolved from the working directory; esbuild itself works from the project root
   * (the nearest folder above the entry with a lock file), so the bundle, and the asset hash,
   * are the same wherever synth runs.
   *
   * @default - none; give `code` and `handler`, or `onEventFunction`
   */
  readonly entry?: string;

  /**
   * How `entry` is bundled: modules left out or installed from the app's lock file, constants,
   * minification, a source map, a banner (the options of aws-cdk-lib's `NodejsFunction` that
   * apply to a local esbuild build). Only with `entry`.
   *
   * @default - the AWS SDK v3 left out, everything else bundled, not minified, no source map
   */
  readonly bundling?: EntryBundlingOptions;

  /**
   * Your handler's code, already JavaScript: a directory asset (`lambda.Code.fromAsset(dir)`,
   * with any of its options) or inline source (`lambda.Code.fromInline(src)`, loaded as
   * `index.js`). A directory asset is bound as `lambda.Function` binds it, so aws-cdk-lib stages
   * it with its options (`exclude`, `ignoreMode`, `followSymlinks`, `bundling`, `assetHash`),
   * and the provider deploys what it staged, with the runtime beside it as the function's entry
   * point; its asset hash follows the user asset's hash and the runtime's. As for
   * `lambda.Function`, one Code serves one stack. Synth fails when the module named by
   * `handler` is not in what was staged. For TypeScript, use `entry`.
   *
   * @default - none; give `entry`, or `onEventFunction`
   */
  readonly code?: lambda.Code;

  /**
   * Which function handles events. With `code`: `file.export` relative to the code root (for
   * example `index.onEvent`). With `entry`: the name of the exported function (for example
   * `onEvent`); synth fails when the entry visibly does not export it.
   *
   * @default - required with `code`; `onEvent` with `entry`
   */
  readonly handler?: string;

  /**
   * The export that reports whether the work `onEvent` started is complete, in the same code
   * as `handler` (`index.isComplete` with `code`, `isComplete` with `entry`). When set, the
   * provider answers CloudFormation only once `isComplete` returns `{ IsComplete: true }`,
   * throws, or the resource's ServiceTimeout is about to pass; it polls inside the current
   * invocation while it can and hands the wait to a new invocation of itself when it must
   * outlive one. Synth fails when the entry visibly does not export it.
   *
   * @default - no polling: the answer follows `onEvent`
   */
  readonly isCompleteHandler?: string;

  /**
   * A function (in any language) that reports completion, with `onEventFunction`.
   *
   * The provider invokes it synchronously with the event, the physical id and the Data
   * `onEvent` answered, and reads `{ IsComplete, Data }` (Data optional) from its answer.
   *
   * @default - no polling
   */
  readonly isCompleteFunction?: lambda.IFunction;

  /**
   * How often `isComplete` is called. Only with `isCompleteHandler` or `isCompleteFunction`.
   *
   * @default - first call after 5 s, then every 5 s growing by 1.5x up to 1 minute
   */
  readonly polling?: PollingOptions;

  /**
   * Run your handler in a fresh worker thread for every request (in-function mode).
   *
   * Isolated, nothing the handler does to its own thread (throw from a timer, leave a
   * rejection unhandled, call `process.exit`, spin the CPU, exhaust its heap) can keep the
   * runtime from answering CloudFormation, and no request sees what an earlier one left
   * behind. Turning it off saves the worker (its start on the first request, 1 to 2 ms on a
   * warm one, and its memory) but a crashing or blocking handler can then leave the stack
   * waiting for the ServiceTimeout.
   *
   * @default true
   */
  readonly isolateHandler?: boolean;

  /**
   * A function (in any language) that handles events: the provider function invokes it
   * synchronously with the request (without the response URL) and reads
   * `{ PhysicalResourceId?, Data?, NoEcho? }` from its answer.
   *
   * @default - none; give `entry`, or `code` and `handler`, instead
   */
  readonly onEventFunction?: lambda.IFunction;

  /**
   * The provider function's timeout. The runtime answers CloudFormation before it runs out
   * (or before the resource's ServiceTimeout, whichever comes first).
   *
   * @default Duration.minutes(5)
   */
  readonly timeout?: Duration;

  /**
   * Memory of the provider function, in MB.
   *
   * @default 256
   */
  readonly memorySize?: number;

  /**
   * Environment variables for your handler.
   *
   * @default - none
   */
  readonly environment?: { [key: string]: string };

  /**
   * Permissions your handler needs, added to the provider function's role.
   *
   * @default - only what the runtime needs (see `role`)
   */
  readonly initialPolicy?: iam.PolicyStatement[];

  /**
   * The provider function's execution role, instead of one the provider creates.
   *
   * The provider adds what its runtime needs: writing to its log group, the SSM claims of
   * `exactlyOnce`, invoking `onEventFunction` and `isCompleteFunction`, a polling provider's
   * self-invoke and SSM parameters for long waits, and with `vpc` the network-interface
   * permissions (the AWS managed policy AWSLambdaVPCAccessExecutionRole, as `lambda.Function`
   * adds it, or its statements for a role imported by ARN). A role this app cannot change
   * (`iam.Role.fromRoleArn(..., { mutable: false })`) is used as it is: synth then warns
   * (`FindingId.PROVIDER_ROLE_NOT_UPDATED`), listing every statement the role must allow.
   *
   * @default - a role of the provider's own, allowing only what the runtime and `initialPolicy` need
   */
  readonly role?: iam.IRole;

  /**
   * The VPC the provider function runs in (to reach a database or an internal endpoint).
   *
   * The runtime still calls AWS from there: it PUTs every answer to CloudFormation's pre-signed
   * S3 URL, claims requests in SSM (`exactlyOnce`), and invokes Lambda (`onEventFunction`,
   * long waits). The subnets need a NAT gateway, or the VPC endpoints for these services;
   * synth warns (`FindingId.PROVIDER_CANNOT_REACH_AWS`) when the app shows neither. The role
   * gets the network-interface permissions Lambda needs. To keep the provider out of the VPC,
   * give `onEventFunction` a function in it instead.
   *
   * @default - not in a VPC
   */
  readonly vpc?: ec2.IVpc;

  /**
   * Which subnets of `vpc` the function runs in. Only with `vpc`.
   *
   * @default - the VPC's private subnets with egress, else its isolated ones (as `lambda.Function` picks them)
   */
  readonly vpcSubnets?: ec2.SubnetSelection;

  /**
   * The security groups of the function's network interfaces. Only with `vpc`.
   *
   * @default - a security group of the provider's own (see `allowAllOutbound`)
   */
  readonly securityGroups?: ec2.ISecurityGroup[];

  /**
   * Whether the security group the provider creates allows all outbound traffic. Only with
   * `vpc`, and without `securityGroups`. Turned off, open outbound HTTPS (TCP 443) to S3 and
   * the endpoints (`provider.connections.allowTo...`), or the runtime cannot answer.
   *
   * @default true
   */
  readonly allowAllOutbound?: boolean;

  /**
   * The provider function's name.
   *
   * @default - a name CloudFormation generates
   */
  readonly functionName?: string;

  /**
   * The KMS key that encrypts the function's environment variables.
   *
   * @default - the AWS managed key for Lambda
   */
  readonly environmentEncryption?: kms.IKey;

  /**
   * The Node.js runtime of the provider function, Node.js 22 or later.
   *
   * The runtime is built for Node.js 22, and Lambda no longer creates functions on earlier
   * versions: synth fails on another runtime, naming it. An `entry` is bundled for the version
   * chosen.
   *
   * The default stays on the version the runtime is tested on when aws-cdk-lib learns newer
   * ones: cdk-nag's AwsSolutions-L1 ("not the latest runtime") is suppressed on the default,
   * with that reason, and applies again when you choose a runtime.
   *
   * @default lambda.Runtime.NODEJS_24_X
   */
  readonly runtime?: lambda.Runtime;

  /**
   * The instruction set of the provider function.
   *
   * @default lambda.Architecture.X86_64
   */
  readonly architecture?: lambda.Architecture;

  /**
   * Layers of the provider function (modules your handler loads from `/opt/nodejs`, extensions).
   *
   * @default - none
   */
  readonly layers?: lambda.ILayerVersion[];

  /**
   * How long the provider function's logs are kept, in the log group the provider creates.
   * Not with `logGroup` (set the retention on that group).
   *
   * @default logs.RetentionDays.ONE_MONTH
   */
  readonly logRetention?: logs.RetentionDays;

  /**
   * The log group the provider function writes to, instead of one the provider creates.
   *
   * @default - a log group of the provider's own, kept `logRetention`
   */
  readonly logGroup?: logs.ILogGroup;

  /**
   * How CloudFormation reaches the provider: by invoking the function, or through an SNS
   * topic the function is subscribed to.
   *
   * @default - ServiceTokenType.SNS_TOPIC when `topic` is given, else ServiceTokenType.LAMBDA
   */
  readonly serviceTokenType?: ServiceTokenType;

  /**
   * The SNS topic to use with `ServiceTokenType.SNS_TOPIC`.
   *
   * @default - a new topic that only accepts TLS requests
   */
  readonly topic?: sns.ITopic;

  /**
   * Run `onEvent` once per request, whatever Lambda delivers twice or late.
   *
   * CloudFormation invokes the provider asynchronously, and Lambda delivers an asynchronous
   * invocation at least once. With this on, the runtime first claims the request's RequestId
   * with a create-once SSM parameter under the provider's own path
   * (`/cdk-lifecycle/<stack name>/<provider address>/`); a second delivery never runs `onEvent`:
   * it sends the recorded answer again, or stays silent while the first is still at work. Each
   * request costs an SSM `PutParameter` before `onEvent` (one round trip) and one beside the
   * answer, and an advanced-tier parameter for two hours (see
   * docs/custom-resource-protocol.md). Turned off, a repeated delivery runs `onEvent` again.
   *
   * @default true
   */
  readonly exactlyOnce?: boolean;

  /**
   * A description of the provider function.
   *
   * @default - a description naming cdk-lifecycle
   */
  readonly description?: string;
}

