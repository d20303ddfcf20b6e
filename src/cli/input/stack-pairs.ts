/**
 * What to compare: each side of `diff` read as a template file or a cloud assembly, and the
 * stacks of the two sides paired by name.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import { CliError } from '../cli-error';
import { DeployedState } from './deployed-state';
import { AssemblyStack, readAssembly } from './read-assembly';
import { readDeployedState } from './read-deployed-state';
import { readTemplate, Template, Warnings } from './read-template';

/** A side that is a template file. */
export interface TemplateSide {
  readonly kind: 'template';
  /** The path as the user gave it. */
  readonly shown: string;
  /** The file, absolute. */
  readonly file: string;
  readonly template: Template;
}

/** A side that is a cloud assembly folder. */
export interface AssemblySide {
  readonly kind: 'assembly';
  /** The path as the user gave it. */
  readonly shown: string;
  readonly stacks: readonly AssemblyStack[];
  /**
   * What was read from CloudFormation besides the templates, when the folder is a snapshot
   * (`cdk-lifecycle snapshot`, or `diff --deployed`): the stacks' statuses and parameter
   * values, and the exports with their importers.
   */
  readonly deployed?: DeployedState;
}

/** One side of `diff`, read. */
export type Side = TemplateSide | AssemblySide;

/** One stack's templates on one side. */
export interface StackTemplates {
  readonly template: Template;
  /** Nested stack templates by path of logical ids; empty for a template file. */
  readonly nestedTemplates: ReadonlyMap<string, Template>;
  /** Where each resource's construct was created, when the assembly recorded it. */
  readonly sourceLocations?: ReadonlyMap<string, { readonly file: string; readonly line: number; readonly column?: number }>;
  /** The template's file (absolute), when it was read from one. */
  readonly templateFile?: string;
  /** The stack's account and Region, when a cloud assembly's manifest gives them. */
  readonly account?: string;
  readonly region?: string;
}

/** Two sides of one stack; a stack on one side only has no templates on the other. */
export interface StackPair {
  /** The stack name; undefined when two template files are compared. */
  readonly name?: string;
  /** The construct path, when it differs from the name. */
  readonly displayName?: string;
  readonly before?: StackTemplates;
  readonly after?: StackTemplates;
}

/**
 * Reads a path: a folder is a cloud assembly, a file a template.
 *
 * @param warnings where warnings of the reading go (a duplicate YAML key)
 * @throws CliError when the path does not exist or its content is not what it should be
 */
export function readSide(given: string, cwd: string, warnings?: Warnings): Side {
  const full = path.resolve(cwd, given);
  let stat: fs.Stats;
  try {
    stat = fs.statSync(full);
  } catch (error) {
    throw new CliError(`cannot read ${given}: ${(error as Error).message}`);
  }
  if (!stat.isDirectory()) return { kind: 'template', shown: given, file: full, template: readTemplate(full, given, warnings) };
  const stacks = readAssembly(full, given, warnings);
  const deployed = readDeployedState(full, given);
  return { kind: 'assembly', shown: given, stacks, ...(deployed === undefined ? {} : { deployed }) };
}

/**
 * Pairs the stacks of the two sides.
 *
 * - Two templates: one pair, and `--stack` is an error (there is nothing to pick from).
 * - Two assemblies: stacks paired by name, the new side's order first; a stack on one side
 *   only is all added or all removed. Each `--stack` must name a stack of either side.
 * - A template and an assembly: the template is compared with the assembly's one stack, or
 *   the one `--stack` picks; anything else is an error listing the stacks.
 *
 * @throws CliError as described
 */
export function pairStacks(before: Side, after: Side, filter: readonly string[]): StackPair[] {
  if (before.kind === 'template' && after.kind === 'template') {
    if (filter.length > 0) throw new CliError(`--stack picks stacks of cloud assemblies, but ${before.shown} and ${after.shown} are both template files`);
    return [{ before: fromTemplate(before), after: fromTemplate(after) }];
  }
  if (before.kind === 'assembly' && after.kind === 'assembly') {
    for (const wanted of filter) {
      if (!before.stacks.some((stack) => matches(stack, wanted)) && !after.stacks.some((stack) => matches(stack, wanted))) {
        throw new CliError(`no stack "${wanted}" in ${before.shown} or ${after.shown}`, `stacks there: ${stackList([...before.stacks, ...after.stacks])}`);
      }
    }
    const oldStacks = selected(before.stacks, filter);
    const newStacks = selected(after.stacks, filter);
    const names = [...new Set([...newStacks, ...oldStacks].map((stack) => stack.name))];
    return names.map((name) => {
      const oldStack = oldStacks.find((stack) => stack.name === name);
      const newStack = newStacks.find((stack) => stack.name === name);
      return { name, ...displayNameOf((newStack ?? oldStack)!), before: oldStack, after: newStack };
    });
  }
  const template = [before, after].find((side): side is TemplateSide => side.kind === 'template')!;
  const assembly = [before, after].find((side): side is AssemblySide => side.kind === 'assembly')!;
  const stack = onlyStack(assembly, template.shown, filter);
  const templatesOf = (side: Side): StackTemplates => (side.kind === 'template' ? fromTemplate(side) : stack);
  return [{ name: stack.name, ...displayNameOf(stack), before: templatesOf(before), after: templatesOf(after) }];
}

/** The one stack of an assembly a template file is compared with. */
function onlyStack(assembly: AssemblySide, templateShown: string, filter: readonly string[]): AssemblyStack {
  const candidates = selected(assembly.stacks, filter);
  if (candidates.length === 1) return candidates[0];
  const stacks = `stacks there: ${stackList(assembly.stacks)}`;
  if (candidates.length === 0 && filter.length > 0) throw new CliError(`no stack ${filter.map((name) => `"${name}"`).join(' or ')} in ${assembly.shown}`, stacks);
  if (candidates.length === 0) throw new CliError(`${assembly.shown} has no stacks to compare with the template ${templateShown}`);
  throw new CliError(
    `${templateShown} is one template but ${assembly.shown} has ${candidates.length} stacks${filter.length > 0 ? ' matching --stack' : ''}: pick one with --stack`,
    stacks,
  );
}

/** The stacks `--stack` picks: all of them when it is not given. */
export function selected(stacks: readonly AssemblyStack[], filter: readonly string[]): AssemblyStack[] {
  return stacks.filter((stack) => filter.length === 0 || filter.some((wanted) => matches(stack, wanted)));
}

/** A stack matches `--stack` by name, artifact id or construct path. */
function matches(stack: AssemblyStack, wanted: string): boolean {
  return stack.name === wanted || stack.artifactId === wanted || stack.displayName === wanted;
}

function displayNameOf(stack: AssemblyStack): { displayName?: string } {
  return stack.displayName === stack.name ? {} : { displayName: stack.displayName };
}

function fromTemplate(side: TemplateSide): StackTemplates {
  return { template: side.template, nestedTemplates: new Map(), templateFile: side.file };
}

function stackList(stacks: readonly AssemblyStack[]): string {
  const names = [...new Set(stacks.map((stack) => stack.name))];
  return names.length === 0 ? '(none)' : names.join(', ');
}
