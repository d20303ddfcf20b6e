/**
 * The Lambda functions of an assembly, as the local Lambda service knows them: each with the
 * name and ARN a deployment would give it, its settings from the template, and where its code
 * is in the assembly.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import { Deployment, deploymentOf, nameSuffix } from './deployment';
import { AssemblyStack, AssetSource } from '../../assembly/read-assembly';
import { isPlainObject } from '../../change-set/input/read-template';
import { TemplateReadError } from '../../change-set/input/template-read-error';

/** Where a function's code is. */
export type FunctionCode =
  | { readonly kind: 'directory'; readonly directory: string }
  | { readonly kind: 'inline'; readonly source: string }
  | { readonly kind: 'missing'; readonly problem: string; readonly hint: string };

/** One `AWS::Lambda::Function` of the assembly. */
export interface LambdaFunctionSpec {
  readonly stack: AssemblyStack;
  readonly deployment: Deployment;
  readonly logicalId: string;
  /** The construct path (`Stack/Provider/Function`), when the template records it. */
  readonly constructPath?: string;
  /** `FunctionName`, or the name CloudFormation would generate (`<stack>-<logical id>-<suffix>`). */
  readonly name: string;
  readonly arn: string;
  /** `nodejs24.x`, `python3.13`, ...; undefined for container images. */
  readonly runtime?: string;
  readonly handler?: string;
  readonly timeoutSeconds: number;
  readonly memoryMb: number;
  /** `Environment.Variables` as the template has them (values may be intrinsics). */
  readonly environment: Readonly<Record<string, unknown>>;
  /** How often Lambda retries a failed asynchronous invocation (its EventInvokeConfig, else 2). */
  readonly maxRetries: number;
  /** `RecursiveLoop`: `Allow`, or `Terminate` (Lambda's default): whether Lambda stops a recursive loop through it. */
  readonly recursiveLoop: string;
  /** The function's `Role` as the template has it (usually `Fn::GetAtt` of a role of the stack). */
  readonly role?: unknown;
  /** `VpcConfig` as the template has it, when the function runs in a VPC. */
  readonly vpcConfig?: unknown;
  readonly code: FunctionCode;
  /** The registry of the function's assembly (references in its settings resolve there). */
  readonly registry: FunctionRegistry;
}

const FUNCTION_TYPE = 'AWS::Lambda::Function';
const INVOKE_CONFIG_TYPE = 'AWS::Lambda::EventInvokeConfig';

/** Lambda's defaults for a function that sets neither. */
const DEFAULT_TIMEOUT_SECONDS = 3;
const DEFAULT_MEMORY_MB = 128;
const DEFAULT_RETRIES = 2;

/** Every Lambda function of the stacks, found by name, ARN or logical id. */
export class FunctionRegistry {
  private readonly functions: LambdaFunctionSpec[];

  public constructor(public readonly stacks: readonly AssemblyStack[]) {
    this.functions = stacks.flatMap((stack) => functionsOf(stack, this));
  }

  /** All functions. */
  public all(): readonly LambdaFunctionSpec[] {
    return this.functions;
  }

  /** The function with this logical id in this stack. */
  public byLogicalId(stack: AssemblyStack, logicalId: string): LambdaFunctionSpec | undefined {
    return this.functions.find((fn) => fn.stack === stack && fn.logicalId === logicalId);
  }

  /**
   * The function a Lambda API call names: its name, its ARN, or a partial ARN
   * (`123456789012:function:name`), each optionally with the `$LATEST` qualifier.
   */
  public byName(given: string): LambdaFunctionSpec | undefined {
    const unqualified = given.replace(/:\$LATEST$/, '');
    return this.functions.find((fn) => fn.name === unqualified || fn.arn === unqualified
      || `${fn.deployment.account}:function:${fn.name}` === unqualified);
  }
}

function functionsOf(stack: AssemblyStack, registry: FunctionRegistry): LambdaFunctionSpec[] {
  const deployment = deploymentOf(stack);
  const resources = stack.template.Resources;
  const retries = retriesByFunction(resources);
  return Object.entries(resources).flatMap(([logicalId, resource]) => {
    if (!isPlainObject(resource) || resource.Type !== FUNCTION_TYPE) return [];
    const properties = isPlainObject(resource.Properties) ? resource.Properties : {};
    const metadata = isPlainObject(resource.Metadata) ? resource.Metadata : {};
    const name = typeof properties.FunctionName === 'string'
      ? properties.FunctionName
      : `${`${stack.name}-${logicalId}`.slice(0, 50)}-${nameSuffix(`${deployment.stackId}/${logicalId}`)}`;
    const environment = isPlainObject(properties.Environment) ? properties.Environment : {};
    const variables = isPlainObject(environment.Variables) ? environment.Variables : {};
    return [{
      stack,
      deployment,
      logicalId,
      ...(typeof metadata['aws:cdk:path'] === 'string' ? { constructPath: metadata['aws:cdk:path'] } : {}),
      name,
      arn: `arn:${deployment.partition}:lambda:${deployment.region}:${deployment.account}:function:${name}`,
      ...(typeof properties.Runtime === 'string' ? { runtime: properties.Runtime } : {}),
      ...(typeof properties.Handler === 'string' ? { handler: properties.Handler } : {}),
      timeoutSeconds: numberOr(properties.Timeout, DEFAULT_TIMEOUT_SECONDS),
      memoryMb: numberOr(properties.MemorySize, DEFAULT_MEMORY_MB),
      environment: variables,
      maxRetries: retries.get(logicalId) ?? DEFAULT_RETRIES,
      recursiveLoop: typeof properties.RecursiveLoop === 'string' ? properties.RecursiveLoop : 'Terminate',
      ...(properties.Role === undefined ? {} : { role: properties.Role }),
      ...(properties.VpcConfig === undefined ? {} : { vpcConfig: properties.VpcConfig }),
      code: codeOf(stack, logicalId, properties, metadata),
      registry,
    }];
  });
}

function numberOr(value: unknown, fallback: number): number {
  const number = typeof value === 'number' ? value : typeof value === 'string' ? Number(value) : NaN;
  return Number.isFinite(number) && number > 0 ? number : fallback;
}

/** `MaximumRetryAttempts` of the EventInvokeConfig of each function (for `$LATEST`). */
function retriesByFunction(resources: Record<string, unknown>): Map<string, number> {
  const found = new Map<string, number>();
  for (const resource of Object.values(resources)) {
    if (!isPlainObject(resource) || resource.Type !== INVOKE_CONFIG_TYPE || !isPlainObject(resource.Properties)) continue;
    const { FunctionName: target, MaximumRetryAttempts: retries } = resource.Properties;
    const logicalId = isPlainObject(target) && typeof target.Ref === 'string' ? target.Ref : undefined;
    if (logicalId !== undefined && typeof retries === 'number') found.set(logicalId, retries);
  }
  return found;
}

/**
 * The function's code: the folder the `aws:asset:path` metadata names (the cdk CLI records
 * it), or the asset whose object key is the template's `Code.S3Key` (an in-process
 * `app.synth()`), or inline `Code.ZipFile` source. A folder is looked for inside the assembly
 * folder only: a path that leaves it (by `..`, an absolute path or a link) is refused, so
 * the runner never runs code from elsewhere.
 */
function codeOf(stack: AssemblyStack, logicalId: string, properties: Record<string, unknown>, metadata: Record<string, unknown>): FunctionCode {
  const code = isPlainObject(properties.Code) ? properties.Code : {};
  if (typeof code.ZipFile === 'string') return { kind: 'inline', source: code.ZipFile };
  const candidates: AssetSource[] = [];
  if (typeof metadata['aws:asset:path'] === 'string') {
    const template = stack.templateFile === undefined ? stack.shown : path.join(stack.shown, path.relative(stack.directory, stack.templateFile));
    candidates.push({ path: metadata['aws:asset:path'], namedBy: { file: template, field: `Resources.${logicalId}.Metadata.aws:asset:path` } });
  }
  if (typeof code.S3Key === 'string' && stack.assets.has(code.S3Key)) candidates.push(stack.assets.get(code.S3Key)!);
  for (const candidate of candidates) {
    const found = assetFolderOf(stack, candidate);
    if (found !== undefined) return found;
  }
  const where = candidates.length > 0 ? `${candidates.map((candidate) => candidate.path).join(' or ')} is not in ${stack.shown}` : `${stack.shown} does not record where it is (no aws:asset:path metadata, and no asset manifest entry for its S3Key)`;
  return {
    kind: 'missing',
    problem: `its code is not in the assembly: ${where}`,
    hint: "synthesize with the cdk CLI (cdk synth records asset paths), or with new App({ context: { 'aws:cdk:enable-asset-metadata': true } }), and keep the staged assets",
  };
}

/**
 * An asset's folder inside the assembly, or undefined when nothing is there (the next
 * candidate is tried). A path that leaves the assembly, or a file, cannot be run.
 */
function assetFolderOf(stack: AssemblyStack, asset: AssetSource): FunctionCode | undefined {
  const base = { real: stack.directory, shown: stack.shown };
  // A stack made by hand (tests) has no folder to resolve in.
  if (stack.folder === undefined) {
    const directory = path.resolve(stack.directory, asset.path);
    return isDirectory(directory) ? { kind: 'directory', directory } : undefined;
  }
  if (!stack.folder.exists(base, asset.path)) return undefined;
  try {
    return { kind: 'directory', directory: stack.folder.resolve(base, asset.path, asset.namedBy, 'directory').real };
  } catch (error) {
    if (!(error instanceof TemplateReadError)) throw error;
    if (/is not a folder/.test(error.message)) {
      return { kind: 'missing', problem: `its code is the file ${asset.path}, not a folder, and zipped code cannot run locally`, hint: 'give the function a directory asset (lambda.Code.fromAsset(dir))' };
    }
    return { kind: 'missing', problem: `its code cannot be run: ${error.message}`, hint: 'the runner runs only code inside the cloud assembly: synthesize with asset staging on (the default)' };
  }
}

function isDirectory(file: string): boolean {
  try {
    return fs.statSync(file).isDirectory();
  } catch {
    return false;
  }
}
