/**
 * Everything a local run stands up in place of AWS: one loopback HTTP server serving the
 * pre-signed response URLs and the Lambda and SSM APIs, the local Lambda service running the
 * assembly's functions, and a scratch folder (the functions' code copies, the AWS SDK links).
 * `close()` takes all of it down: no process, server or timer outlives the run.
 */
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { AccessControl } from './aws/access-control';
import { lambdaApiRoute } from './aws/lambda-api';
import { LoopbackServer } from './aws/loopback-server';
import { ResponseEndpoint } from './aws/response-endpoint';
import { ParameterStore } from './aws/ssm-api';
import { FunctionPool } from './lambda/function-pool';
import { lambdaEnvironment } from './lambda/lambda-environment';
import { LocalClock } from './lambda/local-clock';
import { linkSdkModules } from './lambda/sdk-modules';
import { deploymentOf } from './stack/deployment';
import { FunctionRegistry, LambdaFunctionSpec } from './stack/lambda-functions';
import { Placeholders } from './stack/placeholders';
import { TemplateResolver } from './stack/template-resolver';

/** How the local AWS behaves. */
export interface LocalAwsOptions {
  /** Variables added to every function's environment (they win over the template's). */
  readonly env?: Readonly<Record<string, string>>;
  /** A new container for every invocation instead of warm ones. */
  readonly cold?: boolean;
  /** Folders whose `node_modules` provide the AWS SDK, searched first (the user's app). */
  readonly sdkSearch?: readonly string[];
  /**
   * Asynchronous invocations (of the payloads this accepts) delivered three times: the
   * original, a duplicate at once and a late one after the original ended, as Lambda's
   * at-least-once delivery may. Default: each is delivered once.
   */
  readonly redeliver?: (payload: string) => boolean;
  /**
   * SSM calls (by operation and parameter name) answered `ThrottlingException`, as SSM answers
   * them under load. Default: none.
   */
  readonly throttleSsm?: (operation: string, name: string) => boolean;
  /** The user's values for `Ref` and `Fn::GetAtt`, in the functions' environment variables too. */
  readonly placeholders?: Placeholders;
  /**
   * Plays the run on a simulated clock that jumps over the providers' waits (`LocalClock`): a
   * 60 s poll of isComplete plays in about no time, every deadline where it would fall.
   * Default: the machine's clock.
   */
  readonly fastClock?: boolean;
}

/** The stand-in for AWS during a run. */
export class LocalAws {
  /** Starts the server and prepares the scratch folder. */
  public static async start(functions: FunctionRegistry, options: LocalAwsOptions = {}): Promise<LocalAws> {
    const workDir = fs.mkdtempSync(path.join(os.tmpdir(), 'cdk-lifecycle-invoke-'));
    try {
      const nodePath = linkSdkModules(path.join(workDir, 'runtime'), [...options.sdkSearch ?? [], __dirname]);
      const deployment = functions.stacks.length > 0 ? deploymentOf(functions.stacks[0]) : undefined;
      const clock = new LocalClock(options.fastClock === true);
      const responses = new ResponseEndpoint(clock);
      const access = new AccessControl();
      const parameters = new ParameterStore(deployment?.region ?? 'us-east-1', deployment?.account ?? '123456789012', access, options.throttleSsm);
      let server: LoopbackServer | undefined;
      const pool = new FunctionPool(functions, {
        workDir,
        cold: options.cold,
        redeliver: options.redeliver,
        clock,
        environment: (fn, taskRoot) => {
          const endpoints = { awsUrl: server!.url, nodePath, accessKeyId: access.keyFor(fn) };
          return lambdaEnvironment(fn, resolvedVariables(fn, options.placeholders), taskRoot, endpoints, options.env);
        },
      });
      server = await LoopbackServer.start([responses.route, lambdaApiRoute(pool, access), parameters.route]);
      return new LocalAws(server, responses, parameters, pool, access, workDir, nodePath);
    } catch (error) {
      fs.rmSync(workDir, { recursive: true, force: true });
      throw error;
    }
  }

  private closed = false;
  /** Kills the containers if the process exits without closing (a safety net: close() is the way). */
  private readonly onExit: () => void;

  private constructor(
    public readonly server: LoopbackServer,
    public readonly responses: ResponseEndpoint,
    public readonly parameters: ParameterStore,
    public readonly pool: FunctionPool,
    /** IAM for the functions' calls, and what exists while each request runs. */
    public readonly access: AccessControl,
    public readonly workDir: string,
    /** The folder of AWS SDK links the functions resolve `@aws-sdk/*` from. */
    public readonly nodePath: string,
  ) {
    this.onExit = () => this.pool.close();
    process.once('exit', this.onExit);
  }

  /** The run's clock (see `LocalClock`). */
  public get clock(): LocalClock {
    return this.pool.clock;
  }

  /** Kills every container, stops the server and removes the scratch folder. */
  public async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    process.removeListener('exit', this.onExit);
    this.pool.close();
    await this.server.close();
    fs.rmSync(this.workDir, { recursive: true, force: true });
  }
}

/** A function's `Environment.Variables`, resolved as CloudFormation would, as strings. */
function resolvedVariables(fn: LambdaFunctionSpec, placeholders: Placeholders | undefined): Record<string, string> {
  const { stack, deployment, registry } = fn;
  const resolver = new TemplateResolver({ stack, deployment, functions: registry, stacks: registry.stacks, placeholders });
  const variables: Record<string, string> = {};
  for (const [name, value] of Object.entries(fn.environment)) {
    const resolved = resolver.resolve(value);
    variables[name] = typeof resolved === 'string' ? resolved : JSON.stringify(resolved);
  }
  return variables;
}
