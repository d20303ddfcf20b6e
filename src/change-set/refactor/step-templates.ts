/**
 * The templates of the refactor step: each stack's deployed template with the group's moves
 * applied. A moved resource keeps its deployed definition (a refactor may not change a
 * resource's configuration), under its new logical id, in its new stack; every reference to
 * it from the same stack (resources and outputs) uses the new id. Parameters, conditions and
 * mappings stay as deployed (a refactor may not change them either).
 *
 * A reference that would then point into another stack cannot be written as a `Ref` (the
 * stacks would need an export and an `Fn::ImportValue`, which a refactor cannot add); such
 * references are reported so that their moves are left out of the refactor.
 */
import { FoundMove, Location, PlanStack } from './find-moves';
import { Resolver, rewriteDependsOn, rewriteReferences } from './rewrite-references';
import { isObject, JsonObject, own } from '../json';

/** A stack's template for the refactor step, and what could not be written. */
export interface StepTemplate {
  readonly template: JsonObject;
  readonly resourceCount: number;
  /** For each move whose resource a reference would reach across stacks: why. */
  readonly crossing: ReadonlyMap<FoundMove, string>;
}

/** The raw deployed template of each stack, by stack name. */
export type DeployedTemplates = ReadonlyMap<string, unknown>;

/** The refactor step's template of `stack`, for the given moves. */
export function stepTemplate(stack: PlanStack, moves: readonly FoundMove[], deployed: DeployedTemplates): StepTemplate {
  const bySource = new Map(moves.map((move) => [key(move.source), move]));
  const rawResources = (name: string): JsonObject => {
    const template = deployed.get(name);
    const resources = isObject(template) ? own(template, 'Resources') : undefined;
    return isObject(resources) ? resources : {};
  };
  const crossing = new Map<FoundMove, string>();
  const resolverFor = (origin: string, owner: FoundMove | undefined): Resolver => (name) => {
    if (!(name in rawResources(origin))) return undefined;
    const target = bySource.get(key({ stack: origin, logicalId: name }));
    const now: Location = target?.destination ?? { stack: origin, logicalId: name };
    if (now.stack === stack.name) return now.logicalId;
    // Blame the move that separates the two: the referencing resource's own move, else the target's.
    const blamed = owner ?? target;
    if (blamed !== undefined && !crossing.has(blamed)) {
      crossing.set(blamed, owner !== undefined
        ? `it references ${name}, which would be in ${now.stack} after the move: a reference between stacks needs an export and Fn::ImportValue, which a refactor cannot add (move them together)`
        : `a resource or output of ${stack.name} still references it (Ref, GetAtt or Sub), which would cross stacks after the move: a reference between stacks needs an export and Fn::ImportValue, which a refactor cannot add`);
    }
    return undefined;
  };

  const resources: Record<string, unknown> = {};
  const write = (id: string, resource: unknown, origin: string, owner: FoundMove | undefined) => {
    if (!isObject(resource)) return;
    const resolve = resolverFor(origin, owner);
    const written: Record<string, unknown> = {};
    for (const field of Object.keys(resource)) {
      written[field] = field === 'DependsOn' ? rewriteDependsOn(resource[field], resolve) : rewriteReferences(resource[field], resolve);
    }
    resources[id] = written;
  };
  const own_ = rawResources(stack.name);
  for (const id of Object.keys(own_)) {
    if (!bySource.has(key({ stack: stack.name, logicalId: id }))) write(id, own_[id], stack.name, undefined);
  }
  for (const move of moves) {
    if (move.destination.stack !== stack.name) continue;
    write(move.destination.logicalId, rawResources(move.source.stack)[move.source.logicalId], move.source.stack, move);
  }
  const base = deployed.get(stack.name);
  const template: Record<string, unknown> = isObject(base) ? { ...base } : {};
  template.Resources = resources;
  const outputs = isObject(base) ? own(base, 'Outputs') : undefined;
  if (isObject(outputs)) template.Outputs = rewriteReferences(outputs, resolverFor(stack.name, undefined));
  return { template, resourceCount: Object.keys(resources).length, crossing };
}

function key(location: Location): string {
  return `${location.stack}\u0000${location.logicalId}`;
}
