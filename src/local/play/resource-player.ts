/**
 * Plays requests for one custom resource: resolves its properties as CloudFormation would,
 * sends each request to its provider and collects the steps.
 */
import { playStep, StepOptions } from './play-step';
import { StepResult } from './step-result';
import { AssemblyStack } from '../../assembly/read-assembly';
import { LocalAws } from '../local-aws';
import { RequestType } from '../request/cloudformation-request';
import { dependenciesOnly, ExistingResources } from '../rules/existing-resources';
import { templateSizeNote } from '../rules/template-checks';
import { networkVerdict, NetworkVerdict } from '../rules/vpc-network';
import { Deployment, deploymentOf } from '../stack/deployment';
import { CustomResourceTarget } from '../stack/find-custom-resource';
import { findProvider, Provider } from '../stack/find-provider';
import { FunctionRegistry } from '../stack/lambda-functions';
import { Placeholders } from '../stack/placeholders';
import { PlayedResource, TemplateResolver } from '../stack/template-resolver';

/** Where and how a play runs. */
export interface PlayContext {
  readonly aws: LocalAws;
  readonly options: StepOptions;
  /** Called with each step as soon as it is played. */
  readonly onStep?: (step: StepResult) => void;
  /** The steps played so far (the next one is numbered after them). */
  readonly steps: StepResult[];
  /** The user's values for `Ref` and `Fn::GetAtt`. */
  readonly placeholders?: Placeholders;
}

/** What a resolution needs besides the value. */
export interface ResolveScope {
  readonly functions: FunctionRegistry;
  readonly stacks: readonly AssemblyStack[];
  readonly played?: ReadonlyMap<string, PlayedResource>;
  readonly replaced?: ReadonlySet<string>;
}

/** One request to send. */
export interface PlayRequest {
  readonly label: string;
  readonly requestType: RequestType;
  /** The properties as in the template (intrinsics unresolved). */
  readonly properties: Readonly<Record<string, unknown>>;
  readonly oldProperties?: Readonly<Record<string, unknown>>;
  readonly physicalResourceId?: string;
  /** How references resolve for this request (the assembly it belongs to). */
  readonly scope?: ResolveScope;
  /** The assembly whose provider handles it, when not the target's own. */
  readonly provider?: Provider;
  /**
   * Which resources of the stack exist while it runs: `all`, or only what the resource depends
   * on (plus `alsoExisting`). Default: `all` for an Update, `dependencies` for a Create or a
   * Delete (CloudFormation creates and deletes unrelated resources concurrently).
   */
  readonly existing?: 'all' | 'dependencies';
  /** Resources that exist anyway when only dependencies count (those deployed before a change set). */
  readonly alsoExisting?: readonly string[];
}

/** Sends the requests of one custom resource. */
export class ResourcePlayer {
  public readonly deployment: Deployment;
  public readonly provider: Provider;
  /** What the provider's functions cannot reach from their VPC subnets (every request suffers it). */
  private readonly network: NetworkVerdict;

  /**
   * @throws LocalSetupError when the provider cannot run locally
   */
  public constructor(private readonly context: PlayContext, public readonly target: CustomResourceTarget, private readonly scope: ResolveScope) {
    this.deployment = deploymentOf(target.stack);
    this.provider = findProvider(target, scope.functions, this.resolver(scope));
    this.network = networkVerdict(this.provider.kind === 'lambda' ? [this.provider.fn] : this.provider.subscribers);
  }

  /** Plays one request and records the step. */
  public async send(request: PlayRequest): Promise<StepResult> {
    const scope = request.scope ?? this.scope;
    const resolver = this.resolver(scope);
    const properties = resolver.resolve(request.properties) as Record<string, unknown>;
    const oldResolver = this.resolver({ ...scope, replaced: undefined });
    const oldProperties = request.oldProperties === undefined ? undefined : oldResolver.resolve(request.oldProperties) as Record<string, unknown>;
    const notes = [...resolver.notes, ...oldResolver.notes.filter((note) => !resolver.notes.includes(note))];
    const access = this.context.aws.access;
    access.existing = this.existingDuring(request);
    const step = await playStep(this.context.aws, {
      label: request.label,
      requestType: request.requestType,
      target: this.target,
      deployment: this.deployment,
      provider: request.provider ?? this.provider,
      properties,
      ...(oldProperties === undefined ? {} : { oldProperties }),
      ...(request.physicalResourceId === undefined ? {} : { physicalResourceId: request.physicalResourceId }),
      notes,
    }, this.context.steps.length + 1, this.context.options).finally(() => { access.existing = undefined; });
    // Locally every call reaches the runner; deployed, the network decides (see vpc-network.ts).
    step.violations.push(...this.network.violations);
    if (this.context.steps.length === 0) {
      const sizeNote = templateSizeNote(this.target.stack.templateBytes);
      step.notes.push(...runtimeNotes(this.provider), ...(sizeNote === undefined ? [] : [sizeNote]), ...this.network.notes);
    }
    this.context.steps.push(step);
    this.context.onStep?.(step);
    return step;
  }

  /** What exists while `request` runs (see `ExistingResources`). */
  private existingDuring(request: PlayRequest): ExistingResources | undefined {
    const mode = request.existing ?? (request.requestType === 'Update' ? 'all' : 'dependencies');
    if (mode === 'all') return undefined;
    const { stack, logicalId } = this.target;
    return { stackName: stack.name, logicalId, during: request.requestType, ids: dependenciesOnly(stack.template, logicalId, request.alsoExisting) };
  }

  private resolver(scope: ResolveScope): TemplateResolver {
    const stack = scope.stacks.find((candidate) => candidate.name === this.target.stack.name) ?? this.target.stack;
    const { functions, stacks, played, replaced } = scope;
    return new TemplateResolver({ stack, deployment: this.deployment, functions, stacks, played, replaced, placeholders: this.context.placeholders });
  }
}

/** A note when the provider's Node.js runtime is not the one running it here. */
function runtimeNotes(provider: Provider): string[] {
  const here = process.versions.node.split('.')[0];
  const runtimes = new Set((provider.kind === 'lambda' ? [provider.fn] : provider.subscribers).map((fn) => fn.runtime));
  return [...runtimes].filter((runtime) => runtime !== undefined && /^nodejs\d+/.test(runtime) && runtime.match(/\d+/)![0] !== here)
    .map((runtime) => `the provider's runtime is ${runtime}; here it runs on Node.js ${process.versions.node}`);
}
