/**
 * CloudFormation, played locally against a cloud assembly: the custom-resource requests a
 * deployment would send, sent to the providers' bundled code exactly as it would be deployed
 * (each function in its own process, with a Lambda-like environment and context and a real
 * deadline), the answers received at loopback response URLs and checked against the protocol.
 *
 * The `cdk-lifecycle invoke` command and the `cdk-lifecycle/testing` entry point are both thin
 * over this class.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import { LocalAws, LocalAwsOptions } from './local-aws';
import { LocalSetupError } from './local-setup-error';
import { playChangeSet } from './play/play-change-set';
import { playLifecycle } from './play/play-lifecycle';
import { StepOptions } from './play/play-step';
import { PlayContext, ResourcePlayer } from './play/resource-player';
import { checkLateAnswers } from './play/step-report';
import { PlayResult, StepResult } from './play/step-result';
import { mergeProperties } from './request/typed-properties';
import { assertTemplateAccepted } from './rules/template-rejected-error';
import { customResourcesOf, findCustomResource, findStack } from './stack/find-custom-resource';
import { FunctionRegistry } from './stack/lambda-functions';
import { Placeholders } from './stack/placeholders';
import { AssemblyStack, readAssembly } from '../assembly/read-assembly';
import { TemplateReadError } from '../change-set/input/template-read-error';

/** How a local run behaves. */
export interface LocalCloudFormationOptions extends Omit<LocalAwsOptions, 'placeholders'>, StepOptions {
  /** Called with each step as soon as it is played (the CLI prints it then). */
  readonly onStep?: (step: StepResult) => void;
  /** Where warnings of reading the assembly go (a duplicate key in a template). */
  readonly warnings?: string[];
  /** The folder relative assembly paths are resolved against (default: the process's). */
  readonly cwd?: string;
  /**
   * Values for what only a deployment knows, used in every request played (and in the
   * functions' environment variables) instead of the runner's placeholders: `Ref` of a
   * resource or parameter by its logical id (`Bucket`), `Fn::GetAtt` as `LogicalId.Attribute`
   * (`Db.Endpoint.Address`), either optionally for one stack (`Data:Bucket`). A value played
   * resources answered wins (their real id and Data). Default: none.
   */
  readonly placeholders?: Readonly<Record<string, unknown>>;
}

/** Which custom resource: a stack (optional when the assembly has one) and a resource (optional when the stack has one). */
export interface ResourceSelector {
  /** Stack name, artifact id or construct path. */
  readonly stack?: string;
  /** Logical id or construct path. */
  readonly resource?: string;
}

/** A Create. */
export interface CreateRequest extends ResourceSelector {
  /** Properties laid over the template's (top-level keys replace). */
  readonly properties?: Readonly<Record<string, unknown>>;
}

/** An Update, from the template's properties to new ones. */
export interface UpdateRequest extends ResourceSelector {
  /** The id the deployed resource has. */
  readonly physicalResourceId: string;
  /** The new properties, laid over the template's (top-level keys replace). */
  readonly properties: Readonly<Record<string, unknown>>;
}

/** A Delete. */
export interface DeleteRequest extends ResourceSelector {
  readonly physicalResourceId: string;
  /** Properties laid over the template's. */
  readonly properties?: Readonly<Record<string, unknown>>;
}

/** A lifecycle: Create, Update (with `properties`, when given), Delete. */
export interface LifecycleRequest extends ResourceSelector {
  /** The properties of the Update, laid over the template's; no Update without them. */
  readonly properties?: Readonly<Record<string, unknown>>;
}

/** A change set between a deployed assembly and this one. */
export interface ChangeSetRequest extends ResourceSelector {
  /** The cloud assembly that is deployed. */
  readonly before: string;
}

/** A cloud assembly, read. */
export interface OpenAssembly {
  readonly directory: string;
  /** The folder as the user gave it. */
  readonly shown: string;
  readonly stacks: readonly AssemblyStack[];
  readonly functions: FunctionRegistry;
}

/** Plays CloudFormation's custom-resource requests locally. Close it when done. */
export class LocalCloudFormation {
  /**
   * Reads a cloud assembly and starts the local AWS endpoints.
   *
   * @param assembly the cloud assembly folder (`cdk.out`)
   * @throws LocalSetupError when the folder is not a readable cloud assembly
   */
  public static async open(assembly: string, options: LocalCloudFormationOptions = {}): Promise<LocalCloudFormation> {
    const placeholders = Placeholders.of(options.placeholders);
    const opened = openAssembly(assembly, options.warnings, options.cwd);
    const sdkSearch = [...options.sdkSearch ?? [options.cwd ?? process.cwd()], opened.directory];
    const aws = await LocalAws.start(opened.functions, { ...options, sdkSearch, placeholders });
    return new LocalCloudFormation(opened, aws, options, placeholders);
  }

  private constructor(
    public readonly assembly: OpenAssembly,
    private readonly aws: LocalAws,
    private readonly options: LocalCloudFormationOptions,
    private readonly placeholders: Placeholders,
  ) {}

  /** Plays a Create. */
  public async create(request: CreateRequest = {}): Promise<StepResult> {
    const { player, template, steps } = this.player(request);
    await player.send({ label: 'Create', requestType: 'Create', properties: mergeProperties(template, request.properties ?? {}) });
    return this.finish(steps)[0];
  }

  /** Plays an Update from the template's properties to `properties`. */
  public async update(request: UpdateRequest): Promise<StepResult> {
    const { player, template, steps } = this.player(request);
    const properties = mergeProperties(template, request.properties);
    await player.send({ label: 'Update', requestType: 'Update', properties, oldProperties: template, physicalResourceId: request.physicalResourceId });
    return this.finish(steps)[0];
  }

  /** Plays a Delete. */
  public async delete(request: DeleteRequest): Promise<StepResult> {
    const { player, template, steps } = this.player(request);
    const properties = mergeProperties(template, request.properties ?? {});
    await player.send({ label: 'Delete', requestType: 'Delete', properties, physicalResourceId: request.physicalResourceId });
    return this.finish(steps)[0];
  }

  /** Plays Create -> Update (with `properties`) -> Delete, following replacements and failures as CloudFormation does. */
  public async lifecycle(request: LifecycleRequest = {}): Promise<PlayResult> {
    const { player, template, steps } = this.player(request);
    const updated = request.properties === undefined ? undefined : mergeProperties(template, request.properties);
    const { notes } = await playLifecycle(player, template, updated);
    return { steps: this.finish(steps), notes };
  }

  /** Plays the custom-resource requests of the change set from the `before` assembly to this one. */
  public async changeSet(request: ChangeSetRequest): Promise<PlayResult> {
    const before = openAssembly(request.before, this.options.warnings, this.options.cwd);
    this.placeholders.check([...this.assembly.stacks, ...before.stacks]);
    const steps: StepResult[] = [];
    const notes = await playChangeSet(this.context(steps), before, this.assembly, request);
    return { steps: this.finish(steps), notes };
  }

  /** The custom resources of a stack (`stack` as in `ResourceSelector`). */
  public customResources(stack?: string): string[] {
    return customResourcesOf(findStack(this.assembly.stacks, stack, this.assembly.shown)).map((target) => target.logicalId);
  }

  /** Stops every process and server of the run. */
  public async close(): Promise<void> {
    await this.aws.close();
  }

  /** Ends a play: answers that reached a finished step's URL late become violations of that step. */
  private finish(steps: StepResult[]): StepResult[] {
    checkLateAnswers(this.aws, steps);
    return steps;
  }

  private player(selector: ResourceSelector): { player: ResourcePlayer; template: Readonly<Record<string, unknown>>; steps: StepResult[] } {
    const stack = findStack(this.assembly.stacks, selector.stack, this.assembly.shown);
    const target = findCustomResource(stack, selector.resource);
    assertTemplateAccepted(stack);
    this.placeholders.check(this.assembly.stacks);
    const steps: StepResult[] = [];
    this.aws.pool.deploy(this.assembly.functions);
    const player = new ResourcePlayer(this.context(steps), target, { functions: this.assembly.functions, stacks: this.assembly.stacks });
    return { player, template: target.properties, steps };
  }

  private context(steps: StepResult[]): PlayContext {
    return { aws: this.aws, options: this.options, onStep: this.options.onStep, steps, placeholders: this.placeholders };
  }
}

/** What the runner takes, for the hints of the errors below. */
const TAKES = 'invoke takes a cloud assembly folder, the output of `cdk synth` (cdk.out)';

/**
 * Reads a cloud assembly folder.
 *
 * @throws LocalSetupError when it is not one: not there, a file (a template: that is for
 *   `cdk-lifecycle diff`), or a folder without a manifest
 */
export function openAssembly(folder: string, warnings?: string[], cwd: string = process.cwd()): OpenAssembly {
  const directory = path.resolve(cwd, folder);
  const found = fs.statSync(directory, { throwIfNoEntry: false });
  if (found === undefined) throw new LocalSetupError(`${folder} does not exist`, `${TAKES}: synthesize first (npx cdk synth), or check the path`);
  if (!found.isDirectory()) {
    throw new LocalSetupError(`${folder} is a file, not a folder: ${TAKES}`, 'to compare two templates, use cdk-lifecycle diff <before> <after>');
  }
  if (!fs.existsSync(path.join(directory, 'manifest.json'))) {
    throw new LocalSetupError(`${folder} is a folder but not a cloud assembly: it has no manifest.json`, `${TAKES}: synthesize first (npx cdk synth)`);
  }
  try {
    const stacks = readAssembly(directory, folder, warnings);
    return { directory, shown: folder, stacks, functions: new FunctionRegistry(stacks) };
  } catch (error) {
    if (error instanceof TemplateReadError) throw new LocalSetupError(error.message, error.hint);
    throw error;
  }
}
