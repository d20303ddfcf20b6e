import { CfnResource, Duration, Stack } from 'aws-cdk-lib';
import * as iam from 'aws-cdk-lib/aws-iam';
import * as lambda from 'aws-cdk-lib/aws-lambda';
import * as logs from 'aws-cdk-lib/aws-logs';
import * as sns from 'aws-cdk-lib/aws-sns';
import * as subscriptions from 'aws-cdk-lib/aws-sns-subscriptions';
import { Construct, IConstruct } from 'constructs';
import { PollingOptions } from './polling-options';
import {
  ENV_CLAIM_PATH, ENV_IS_COMPLETE_FUNCTION, ENV_IS_COMPLETE_HANDLER, ENV_ISOLATE_HANDLER, ENV_ON_EVENT_FUNCTION, ENV_POLLING, ENV_USER_HANDLER,
  minimumServiceTimeoutSeconds, POLL_PARAMETER_PREFIX, RUNTIME_HANDLER,
} from '../runtime/contract';
import { claimAsset, stageProviderCode } from './private/provider-code';
import { checkProviderProps } from './private/provider-props-check';
import { ConstructPropsError } from './private/validation-error';
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
   * @default - only permission to write its own logs
   */
  readonly initialPolicy?: iam.PolicyStatement[];

  /**
   * How long the provider function's logs are kept.
   *
   * @default logs.RetentionDays.ONE_MONTH
   */
  readonly logRetention?: logs.RetentionDays;

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

/**
 * A custom-resource provider that never leaves a stack waiting.
 *
 * One Lambda function runs the library's runtime, which calls your handler and answers
 * CloudFormation: exactly one valid response per request, before the deadline, whatever the
 * handler does. Point `ProvidedResource`s (or any custom resource) at `serviceToken`.
 */
export class ResourceProvider extends Construct implements iam.IGrantable {
  /** The ARN resources use as their ServiceToken (the function, or the SNS topic). */
  public readonly serviceToken: string;

  /** The provider function (the runtime, plus your handler in in-function mode). */
  public readonly providerFunction: lambda.IFunction;

  /** The SNS topic requests arrive through, with `ServiceTokenType.SNS_TOPIC`. */
  public readonly topic?: sns.ITopic;

  /** The provider function's log group. */
  public readonly logGroup: logs.ILogGroup;

  /** The principal to grant your handler's permissions to. */
  public readonly grantPrincipal: iam.IPrincipal;

  /**
   * The wait before the first `isComplete` call, when the provider polls.
   */
  public readonly pollFirstDelay?: Duration;

  /**
   * The shortest ServiceTimeout a resource of this provider can work with, when it polls: time
   * for the first delay, one `isComplete` call and the answer, within CloudFormation's margin.
   * `ProvidedResource` refuses a shorter one at synth; the runtime keeps the promise that at
   * this ServiceTimeout it calls `isComplete` and answers in time.
   */
  public readonly minimumServiceTimeout?: Duration;

  /** What must exist before a request can be answered, and until the last one is. */
  private readonly needed: IConstruct[] = [this];

  /**
   * @param scope the construct to define the provider in
   * @param id the provider's construct id
   * @param props the handler code (or functions), its timeout and permissions, how requests arrive
   */
  constructor(scope: Construct, id: string, props: ResourceProviderProps) {
    super(scope, id);
    const checked = checkProviderProps(this, props);

    this.logGroup = new logs.LogGroup(this, 'LogGroup', {
      retention: props.logRetention ?? logs.RetentionDays.ONE_MONTH,
    });

    const statements = [
      new iam.PolicyStatement({
        sid: 'WriteOwnLogs',
        actions: ['logs:CreateLogStream', 'logs:PutLogEvents'],
        resources: [this.logGroup.logGroupArn],
      }),
    ];
    // Claims live under a path known at synth (no function name in it), so that the role's own
    // policy allows them: no separate policy that a resource could be created or deleted without.
    const claimPath = props.exactlyOnce === false ? undefined : `${POLL_PARAMETER_PREFIX}${Stack.of(this).stackName}/${this.node.addr}`;
    if (claimPath !== undefined) {
      statements.push(new iam.PolicyStatement({
        sid: 'ClaimEachRequestOnce',
        actions: ['ssm:PutParameter', 'ssm:GetParameter'],
        resources: [Stack.of(this).formatArn({ service: 'ssm', resource: 'parameter', resourceName: `${claimPath.slice(1)}/*` })],
      }));
    }
    const handlerFunctions = [props.onEventFunction, props.isCompleteFunction].filter((f): f is lambda.IFunction => f !== undefined);
    if (handlerFunctions.length > 0) {
      statements.push(new iam.PolicyStatement({
        sid: 'InvokeHandlerFunction',
        actions: ['lambda:InvokeFunction'],
        resources: handlerFunctions.map((f) => f.functionArn),
      }));
    }
    const role = new iam.Role(this, 'Role', {
      assumedBy: new iam.ServicePrincipal('lambda.amazonaws.com'),
      description: `Role of the cdk-lifecycle provider ${this.node.path}`,
      inlinePolicies: { Provider: new iam.PolicyDocument({ statements }) },
    });
    if (claimPath !== undefined) {
      // cdk-nag's documented suppression metadata (cdk-nag is not a dependency): the one wildcard
      // of this role is the claims' path, each request's claim a parameter of its own under it.
      (role.node.defaultChild as CfnResource).addMetadata('cdk_nag', {
        rules_to_suppress: [{
          id: 'AwsSolutions-IAM5',
          reason: 'Each request is claimed with an SSM parameter of its own (named by a hash of the request) under this provider\'s own path',
          applies_to: [{ regex: '/^Resource::arn:<AWS::Partition>:ssm:.*:parameter\\/cdk-lifecycle\\/.*\\/\\*$/g' }],
        }],
      });
    }

    const staged = stageProviderCode(this, checked.source, checked.schedule !== undefined);
    let fn: lambda.Function;
    // The staging folder goes once aws-cdk-lib has copied it, and also when the function cannot be made.
    try {
      fn = new lambda.Function(this, 'Function', {
        runtime: lambda.Runtime.NODEJS_24_X,
        code: staged.code,
        handler: RUNTIME_HANDLER,
        timeout: props.timeout ?? Duration.minutes(5),
        memorySize: props.memorySize ?? 256,
        role,
        logGroup: this.logGroup,
        // A retried asynchronous invocation would run the handler's side effects twice.
        retryAttempts: 0,
        // A request older than an hour is past every ServiceTimeout: CloudFormation stopped waiting.
        maxEventAge: Duration.hours(1),
        description: props.description ?? `cdk-lifecycle custom resource provider (${this.node.path})`,
        environment: {
          ...props.environment,
          ...(props.onEventFunction
            ? { [ENV_ON_EVENT_FUNCTION]: props.onEventFunction.functionArn }
            : { [ENV_USER_HANDLER]: checked.userHandler!, ...(props.isolateHandler === false ? { [ENV_ISOLATE_HANDLER]: 'false' } : {}) }),
          ...(checked.isCompleteHandler ? { [ENV_IS_COMPLETE_HANDLER]: checked.isCompleteHandler } : {}),
          ...(props.isCompleteFunction ? { [ENV_IS_COMPLETE_FUNCTION]: props.isCompleteFunction.functionArn } : {}),
          ...(checked.schedule ? { [ENV_POLLING]: JSON.stringify(checked.schedule) } : {}),
          ...(claimPath !== undefined ? { [ENV_CLAIM_PATH]: claimPath } : {}),
        },
        initialPolicy: props.initialPolicy,
        // A long wait continues in new invocations of the function itself: Lambda's recursive
        // loop detection would stop that chain after about 16 invocations. The runtime bounds
        // the chain itself (docs/long-running-resources.md).
        ...(checked.schedule ? { recursiveLoop: lambda.RecursiveLoop.ALLOW } : {}),
      });
    } finally {
      staged.release();
    }
    const { s3Key } = Stack.of(this).resolve((fn.node.defaultChild as lambda.CfnFunction).code) as { s3Key?: unknown };
    claimAsset(this, props.entry !== undefined ? 'entry' : 'code', typeof s3Key === 'string' ? s3Key : JSON.stringify(s3Key), staged);
    this.providerFunction = fn;
    this.grantPrincipal = fn.grantPrincipal;
    if (checked.schedule) {
      this.pollFirstDelay = Duration.millis(checked.schedule.firstDelayMs);
      const minimum = minimumServiceTimeoutSeconds(checked.schedule);
      if (minimum > 3600) {
        throw new ConstructPropsError(this.node.path, 'polling.firstDelay', `is ${checked.schedule.firstDelayMs / 1000} seconds: with one isComplete call and the answer, a resource would need a ServiceTimeout of ${minimum} seconds, above CloudFormation's 3,600. Give a shorter polling.firstDelay`);
      }
      this.minimumServiceTimeout = Duration.seconds(minimum);
      new iam.Policy(this, 'PollingPolicy', { roles: [role], statements: pollingStatements(fn) });
    }

    const tokenType = props.serviceTokenType ?? (props.topic ? ServiceTokenType.SNS_TOPIC : ServiceTokenType.LAMBDA);
    if (tokenType === ServiceTokenType.SNS_TOPIC) {
      const topic = props.topic ?? new sns.Topic(this, 'Topic', { enforceSSL: true, displayName: 'cdk-lifecycle custom resource requests' });
      topic.addSubscription(new subscriptions.LambdaSubscription(fn));
      this.topic = topic;
      this.serviceToken = topic.topicArn;
    } else {
      this.serviceToken = fn.functionArn;
    }
    this.needed.push(...handlerFunctions);
  }

  /**
   * Makes `resource` depend on everything this provider needs to answer it: the function, its
   * role and policies, the topic and its subscription, and in framework mode the handler
   * functions. CloudFormation then creates all of them before the resource's Create and
   * deletes them only after its Delete was answered (without it, a stack deletion removes the
   * policy of a polling provider while a Delete still waits). `ProvidedResource` calls this
   * for itself; call it for other custom resources that use `serviceToken`.
   */
  public addDependent(resource: IConstruct): void {
    for (const needed of this.needed) resource.node.addDependency(needed);
  }
}

/**
 * What a polling provider may do beyond its base role, kept in a separate policy resource
 * (the function's ARN in the role's inline policy would be a circular dependency): invoke
 * itself asynchronously to continue a wait in a new invocation, and keep the request's
 * response URL (encrypted, SecureString) in SSM parameters under its own prefix.
 */
function pollingStatements(fn: lambda.Function): iam.PolicyStatement[] {
  const stack = Stack.of(fn);
  return [
    new iam.PolicyStatement({ sid: 'ContinueWaitInNewInvocation', actions: ['lambda:InvokeFunction'], resources: [fn.functionArn] }),
    new iam.PolicyStatement({
      sid: 'KeepResponseUrlEncrypted',
      actions: ['ssm:PutParameter', 'ssm:GetParameter', 'ssm:DeleteParameter', 'ssm:DeleteParameters'],
      resources: [stack.formatArn({ service: 'ssm', resource: 'parameter', resourceName: `${POLL_PARAMETER_PREFIX.slice(1)}${fn.functionName}/*` })],
    }),
  ];
}
