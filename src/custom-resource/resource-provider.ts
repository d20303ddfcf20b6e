import * as fs from 'node:fs';
import * as nodePath from 'node:path';
import { Duration } from 'aws-cdk-lib';
import * as iam from 'aws-cdk-lib/aws-iam';
import * as lambda from 'aws-cdk-lib/aws-lambda';
import * as logs from 'aws-cdk-lib/aws-logs';
import * as sns from 'aws-cdk-lib/aws-sns';
import * as subscriptions from 'aws-cdk-lib/aws-sns-subscriptions';
import { Construct } from 'constructs';
import { ENV_ISOLATE_HANDLER, ENV_ON_EVENT_FUNCTION, ENV_USER_HANDLER, RUNTIME_HANDLER } from '../runtime/contract';
import { ENTRY_EXTENSIONS, entryExports, loadEsbuild, missingModuleProblem } from './private/entry-bundle';
import { ENTRY_MODULE, providerCode, userCodeSource, UserCodeSource } from './private/provider-code';
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
   * path is resolved from the working directory.
   *
   * @default - none; give `code` and `handler`, or `onEventFunction`
   */
  readonly entry?: string;

  /**
   * Your handler's code, already JavaScript: a directory asset (`lambda.Code.fromAsset(dir)`)
   * or inline source (`lambda.Code.fromInline(src)`, loaded as `index.js`). The runtime is
   * added beside it and becomes the function's entry point. Synth fails when the module named
   * by `handler` is not in the directory. For TypeScript, use `entry`.
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
   * Run your handler in a fresh worker thread for every request (in-function mode).
   *
   * Isolated, nothing the handler does to its own thread (throw from a timer, leave a
   * rejection unhandled, call `process.exit`, spin the CPU, exhaust its heap) can keep the
   * runtime from answering CloudFormation, and no request sees what an earlier one left
   * behind. Turning it off saves the worker (about 1 ms of warm latency and its memory) but a
   * crashing or blocking handler can then leave the stack waiting for the ServiceTimeout.
   *
   * @default true
   */
  readonly isolateHandler?: boolean;

  /**
   * A function (in any language) that handles events: the provider function invokes it
   * synchronously with the request (without the response URL) and reads
   * `{ PhysicalResourceId?, Data?, NoEcho? }` from its answer.
   *
   * @default - none; `code` and `handler` must be given instead
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

  constructor(scope: Construct, id: string, props: ResourceProviderProps) {
    super(scope, id);
    const { source, userHandler } = this.validate(props);

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
    if (props.onEventFunction) {
      statements.push(new iam.PolicyStatement({
        sid: 'InvokeHandlerFunction',
        actions: ['lambda:InvokeFunction'],
        resources: [props.onEventFunction.functionArn],
      }));
    }
    const role = new iam.Role(this, 'Role', {
      assumedBy: new iam.ServicePrincipal('lambda.amazonaws.com'),
      description: `Role of the cdk-lifecycle provider ${this.node.path}`,
      inlinePolicies: { Provider: new iam.PolicyDocument({ statements }) },
    });

    const fn = new lambda.Function(this, 'Function', {
      runtime: lambda.Runtime.NODEJS_24_X,
      code: providerCode(source),
      handler: RUNTIME_HANDLER,
      timeout: props.timeout ?? Duration.minutes(5),
      memorySize: props.memorySize ?? 256,
      role,
      logGroup: this.logGroup,
      // A retried asynchronous invocation would run the handler's side effects twice.
      retryAttempts: 0,
      description: props.description ?? `cdk-lifecycle custom resource provider (${this.node.path})`,
      environment: {
        ...props.environment,
        ...(props.onEventFunction
          ? { [ENV_ON_EVENT_FUNCTION]: props.onEventFunction.functionArn }
          : { [ENV_USER_HANDLER]: userHandler!, ...(props.isolateHandler === false ? { [ENV_ISOLATE_HANDLER]: 'false' } : {}) }),
      },
      initialPolicy: props.initialPolicy,
    });
    this.providerFunction = fn;
    this.grantPrincipal = fn.grantPrincipal;

    const tokenType = props.serviceTokenType ?? (props.topic ? ServiceTokenType.SNS_TOPIC : ServiceTokenType.LAMBDA);
    if (tokenType === ServiceTokenType.SNS_TOPIC) {
      const topic = props.topic ?? new sns.Topic(this, 'Topic', { enforceSSL: true, displayName: 'cdk-lifecycle custom resource requests' });
      topic.addSubscription(new subscriptions.LambdaSubscription(fn));
      this.topic = topic;
      this.serviceToken = topic.topicArn;
    } else {
      this.serviceToken = fn.functionArn;
    }
  }

  private validate(props: ResourceProviderProps): { source: UserCodeSource; userHandler?: string } {
    const path = this.node.path;
    if (props.onEventFunction && props.isolateHandler !== undefined) {
      throw new ConstructPropsError(path, 'isolateHandler', 'applies to entry and code only: onEventFunction runs in its own function');
    }
    const given = [props.entry !== undefined && 'entry', props.code !== undefined && 'code', props.onEventFunction !== undefined && 'onEventFunction'].filter(Boolean);
    if (given.length > 1) {
      throw new ConstructPropsError(path, String(given[1]), `cannot be combined with ${given[0]}: give exactly one of entry (a TypeScript or JavaScript file), code (with handler) or onEventFunction`);
    }
    if (props.onEventFunction && props.handler !== undefined) {
      throw new ConstructPropsError(path, 'handler', 'is not used with onEventFunction (the function has its own handler setting): remove it');
    }
    if (props.topic && props.serviceTokenType === ServiceTokenType.LAMBDA) {
      throw new ConstructPropsError(path, 'topic', 'is only used with serviceTokenType SNS_TOPIC, but serviceTokenType is LAMBDA');
    }
    if (props.timeout && !props.timeout.isUnresolved()) {
      const seconds = props.timeout.toSeconds();
      if (seconds < 5 || seconds > 900) {
        throw new ConstructPropsError(path, 'timeout', `must be between 5 seconds and 15 minutes (the runtime needs time to answer CloudFormation), got ${seconds} seconds`);
      }
    }
    if (props.onEventFunction) return { source: undefined };
    if (props.entry !== undefined) return validateEntry(path, props.entry, props.handler);
    if (!props.code) {
      throw new ConstructPropsError(path, 'code', 'is required: give entry (a TypeScript or JavaScript file), code and handler (JavaScript code), or onEventFunction');
    }
    if (props.handler === undefined || !/^[^.\s][^\s]*\.[A-Za-z_$][\w$]*$/.test(props.handler)) {
      throw new ConstructPropsError(path, 'handler', `must look like "file.export" (for example "index.onEvent"), got ${JSON.stringify(props.handler ?? null)}`);
    }
    const { source, problem } = userCodeSource(this, props.code);
    if (problem) throw new ConstructPropsError(path, 'code', problem);
    const modulePath = props.handler.slice(0, props.handler.lastIndexOf('.'));
    if (source && 'directory' in source) {
      const missing = missingModuleProblem(source.directory, modulePath);
      if (missing) throw new ConstructPropsError(path, 'code', missing);
    } else if (source && 'inlineSource' in source && modulePath !== ENTRY_MODULE) {
      throw new ConstructPropsError(path, 'handler', `must name the module "index" with inline code (it is written as index.js), got ${JSON.stringify(props.handler)}`);
    }
    return { source, userHandler: props.handler };
  }
}

/** Checks an `entry` and its handler export; resolves the file from the working directory. */
function validateEntry(constructPath: string, entry: string, handler: string | undefined): { source: UserCodeSource; userHandler: string } {
  const file = nodePath.resolve(entry);
  if (!fs.existsSync(file) || !fs.statSync(file).isFile()) {
    throw new ConstructPropsError(constructPath, 'entry', `must be an existing file, got ${JSON.stringify(entry)} (resolved to ${file}: ${fs.existsSync(file) ? 'a directory' : 'not found'})`);
  }
  if (!ENTRY_EXTENSIONS.includes(nodePath.extname(file))) {
    throw new ConstructPropsError(constructPath, 'entry', `must be a TypeScript or JavaScript file (${ENTRY_EXTENSIONS.join(', ')}), got ${JSON.stringify(entry)}`);
  }
  const exportName = handler ?? 'onEvent';
  if (!/^[A-Za-z_$][\w$]*$/.test(exportName)) {
    throw new ConstructPropsError(constructPath, 'handler', `must be the name of the exported function with entry (for example "onEvent"), got ${JSON.stringify(handler)}`);
  }
  const esbuild = loadEsbuild(file);
  if (!esbuild) {
    throw new ConstructPropsError(constructPath, 'entry', `needs esbuild to bundle ${JSON.stringify(entry)} at synth time, and none was found from ${nodePath.dirname(file)} or ${process.cwd()}. Install it in your app (npm install --save-dev esbuild), or compile the handler to JavaScript and give code: lambda.Code.fromAsset(dir) with handler "file.${exportName}"`);
  }
  let exported: string[] | undefined;
  try {
    exported = entryExports(esbuild, file);
  } catch (e) {
    throw new ConstructPropsError(constructPath, 'entry', (e as Error).message);
  }
  if (exported && !exported.includes(exportName)) {
    throw new ConstructPropsError(constructPath, 'handler', `names the export ${JSON.stringify(exportName)}, but ${JSON.stringify(entry)} exports ${exported.length ? exported.map((e) => JSON.stringify(e)).join(', ') : 'nothing'}`);
  }
  return { source: { entry: file }, userHandler: `${ENTRY_MODULE}.${exportName}` };
}
