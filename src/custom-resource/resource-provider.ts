import { CfnResource, Duration, Stack } from 'aws-cdk-lib';
import * as ec2 from 'aws-cdk-lib/aws-ec2';
import * as iam from 'aws-cdk-lib/aws-iam';
import * as lambda from 'aws-cdk-lib/aws-lambda';
import * as logs from 'aws-cdk-lib/aws-logs';
import * as sns from 'aws-cdk-lib/aws-sns';
import * as subscriptions from 'aws-cdk-lib/aws-sns-subscriptions';
import { Construct, IConstruct } from 'constructs';
import {
  ENV_CLAIM_PATH, ENV_IS_COMPLETE_FUNCTION, ENV_IS_COMPLETE_HANDLER, ENV_ISOLATE_HANDLER, ENV_ON_EVENT_FUNCTION, ENV_POLLING, ENV_USER_HANDLER,
  minimumServiceTimeoutSeconds, POLL_PARAMETER_PREFIX, RUNTIME_HANDLER,
} from '../runtime/contract';
import { suppressNagFindings } from './private/nag-suppression';
import { claimAsset, stageProviderCode } from './private/provider-code';
import { checkNetworkAtSynth, servicesCalled } from './private/provider-network';
import { checkProviderProps } from './private/provider-props-check';
import { ProviderRole } from './private/provider-role';
import { ConstructPropsError } from './private/validation-error';
import { ResourceProviderProps } from './resource-provider-props';
import { ServiceTokenType } from './service-token-type';

/**
 * A custom-resource provider that never leaves a stack waiting.
 *
 * One Lambda function runs the library's runtime, which calls your handler and answers
 * CloudFormation: exactly one valid response per request, before the deadline, whatever the
 * handler does. Point `ProvidedResource`s (or any custom resource) at `serviceToken`.
 */
export class ResourceProvider extends Construct implements iam.IGrantable, ec2.IConnectable {
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

  /** The provider function's execution role (yours, given as `role`, or the provider's own). */
  public readonly role: iam.IRole;

  /** What must exist before a request can be answered, and until the last one is. */
  private readonly needed: IConstruct[] = [this];

  /** The provider function. */
  private readonly fn: lambda.Function;

  /**
   * @param scope the construct to define the provider in
   * @param id the provider's construct id
   * @param props the handler code (or functions), its timeout and permissions, how requests arrive
   */
  constructor(scope: Construct, id: string, props: ResourceProviderProps) {
    super(scope, id);
    const checked = checkProviderProps(this, props);

    this.logGroup = props.logGroup ?? new logs.LogGroup(this, 'LogGroup', {
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
    const role = ProviderRole.of(this, props.role, { statements, vpc: props.vpc !== undefined });

    const staged = stageProviderCode(this, checked.source, checked.schedule !== undefined, checked);
    let fn: lambda.Function;
    // The staging folder goes once aws-cdk-lib has copied it, and also when the function cannot be made.
    try {
      fn = new lambda.Function(this, 'Function', {
        runtime: checked.runtime,
        architecture: props.architecture,
        code: staged.code,
        handler: RUNTIME_HANDLER,
        timeout: props.timeout ?? Duration.minutes(5),
        memorySize: props.memorySize ?? 256,
        role: role.role,
        logGroup: this.logGroup,
        functionName: props.functionName,
        environmentEncryption: props.environmentEncryption,
        layers: props.layers,
        vpc: props.vpc,
        vpcSubnets: props.vpcSubnets,
        securityGroups: props.securityGroups,
        allowAllOutbound: props.allowAllOutbound,
        // A retried asynchronous invocation would run the handler's side effects twice.
        retryAttempts: 0,
        // A request older than an hour is past every ServiceTimeout: CloudFormation stopped waiting.
        maxEventAge: Duration.hours(1),
        description: props.description ?? `cdk-lifecycle custom resource provider (${this.node.path})`,
        environment: {
          ...props.environment,
          ...(props.bundling?.sourceMap === true ? { NODE_OPTIONS: withSourceMaps(props.environment?.NODE_OPTIONS) } : {}),
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
    if (props.runtime === undefined) {
      // The default runtime is the one the library's runtime is built and tested on, not the
      // newest Node.js aws-cdk-lib knows.
      suppressNagFindings(fn.node.defaultChild as CfnResource, {
        id: 'AwsSolutions-L1',
        reason: `The provider runtime defaults to ${checked.runtime.name}, the Node.js version cdk-lifecycle's runtime is built and tested on; the runtime prop chooses a later one`,
      });
    }
    role.dependables.forEach((dependable) => fn.node.addDependency(dependable));
    const { s3Key } = Stack.of(this).resolve((fn.node.defaultChild as lambda.CfnFunction).code) as { s3Key?: unknown };
    claimAsset(this, props.entry !== undefined ? 'entry' : 'code', typeof s3Key === 'string' ? s3Key : JSON.stringify(s3Key), staged);
    this.fn = fn;
    this.providerFunction = fn;
    this.role = role.role;
    this.grantPrincipal = fn.grantPrincipal;
    if (checked.schedule) {
      this.pollFirstDelay = Duration.millis(checked.schedule.firstDelayMs);
      const minimum = minimumServiceTimeoutSeconds(checked.schedule);
      if (minimum > 3600) {
        throw new ConstructPropsError(this.node.path, 'polling.firstDelay', `is ${checked.schedule.firstDelayMs / 1000} seconds: with one isComplete call and the answer, a resource would need a ServiceTimeout of ${minimum} seconds, above CloudFormation's 3,600. Give a shorter polling.firstDelay`);
      }
      this.minimumServiceTimeout = Duration.seconds(minimum);
      role.addFunctionStatements('PollingPolicy', pollingStatements(fn));
    }
    role.warnIfUnchanged(props.initialPolicy ?? [], new Map([
      [fn.functionArn, 'the provider function itself'],
      [this.logGroup.logGroupArn, `the log group ${this.logGroup.node.path}`],
    ]));
    if (props.vpc !== undefined) {
      checkNetworkAtSynth(this, fn, props.vpc, props.vpc.selectSubnets(props.vpcSubnets).subnets, servicesCalled({
        exactlyOnce: claimPath !== undefined,
        polls: checked.schedule !== undefined,
        invokesFunctions: handlerFunctions.length > 0,
      }));
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
   * The network connections of the provider function: its security groups. A database lets
   * the provider in with `db.connections.allowDefaultPortFrom(provider)`. Only for a provider
   * in a VPC.
   */
  public get connections(): ec2.Connections {
    if (this.fn.isBoundToVpc) return this.fn.connections;
    throw new ConstructPropsError(this.node.path, 'connections', 'exist only for a provider in a VPC (give vpc)');
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

/** `NODE_OPTIONS` with Node.js's source-map support on (added to what the user set). */
function withSourceMaps(nodeOptions: string | undefined): string {
  if (nodeOptions === undefined || nodeOptions.trim() === '') return '--enable-source-maps';
  return nodeOptions.split(/\s+/).includes('--enable-source-maps') ? nodeOptions : `${nodeOptions} --enable-source-maps`;
}
