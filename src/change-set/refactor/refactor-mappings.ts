/**
 * The user's decisions of which resource went where, in the shape of `cdk refactor`'s
 * `--override-file` entries (`{ account, region, resources: { source: destination } }`), checked
 * against the templates as the peer checks them (toolkit-lib `usePrescribedMappings` and the
 * refactor action's `getResourceLocation`): destinations are unique; a location is
 * `Stack.LogicalId` or a construct path (`aws:cdk:path`); the source exists on the deployed
 * side, the destination on the new side and not already in use. Here also: the source is
 * removed from its place (a resource that stays cannot move), and both have one type.
 */
import { DecidedPair, Location, PlanStack } from './find-moves';
import { isObject, own } from '../json';

/** A mapping that cannot be applied; the message says which entry and why. */
export class RefactorMappingError extends Error {
  public constructor(message: string) {
    super(message);
    this.name = 'RefactorMappingError';
  }
}

/**
 * The pairs the mappings decide.
 *
 * @throws RefactorMappingError for a mapping of the wrong shape or one that does not fit the templates
 */
export function decidedPairs(groups: unknown, stacks: readonly PlanStack[]): DecidedPair[] {
  if (groups === undefined) return [];
  if (!Array.isArray(groups)) {
    throw new RefactorMappingError(`mappings must be a list of { account, region, resources } (the "environments" of cdk refactor's override file), got: ${shown(groups)}`);
  }
  const pairs: DecidedPair[] = [];
  groups.forEach((group, index) => pairs.push(...groupPairs(group, `environments[${index}]`, stacks)));
  return pairs;
}

function groupPairs(group: unknown, where: string, stacks: readonly PlanStack[]): DecidedPair[] {
  if (!isObject(group)) throw new RefactorMappingError(`${where}: expected { "account", "region", "resources" }, got: ${shown(group)}`);
  const account = own(group, 'account');
  const region = own(group, 'region');
  const resources = own(group, 'resources') ?? {};
  if (typeof account !== 'string' || typeof region !== 'string') {
    throw new RefactorMappingError(`${where}: "account" and "region" must be strings (unknown-account / unknown-region for environment-agnostic stacks), got: ${shown(account)}, ${shown(region)}`);
  }
  if (!isObject(resources)) throw new RefactorMappingError(`${where}.resources: expected { "Source": "Destination" }, got: ${shown(resources)}`);
  const environment = `${account}/${region}`;
  const inEnvironment = stacks.filter((stack) => stack.environment === environment);
  const entries = Object.keys(resources).map((source) => [source, own(resources, source)] as const);
  const destinations = new Set<unknown>();
  for (const [source, destination] of entries) {
    if (typeof destination !== 'string') throw new RefactorMappingError(`${where}.resources["${source}"]: the destination must be a string, got: ${shown(destination)}`);
    if (destinations.has(destination)) throw new RefactorMappingError(`${where}.resources["${source}"]: Duplicate destination resource '${destination}' in environment ${environment}`);
    destinations.add(destination);
  }
  if (entries.length > 0 && inEnvironment.length === 0) {
    const known = [...new Set(stacks.map((stack) => stack.environment))].sort();
    throw new RefactorMappingError(`${where}: no stack compared is in environment ${environment} (the stacks compared are in ${known.join(', ') || 'no environment'})`);
  }
  const sources = new Set<string>();
  return entries.map(([source, destination]) => {
    const entry = `${where}.resources["${source}"]`;
    const from = locate(source, 'before', inEnvironment, entry);
    const to = locate(destination as string, 'after', inEnvironment, entry);
    if (from === undefined) throw new RefactorMappingError(`${entry}: Source resource '${source}' does not exist in environment ${environment}`);
    if (to === undefined) throw new RefactorMappingError(`${entry}: Destination resource '${destination}' does not exist in the new templates of environment ${environment}`);
    const fromStack = inEnvironment.find((stack) => stack.name === from.stack)!;
    const toStack = inEnvironment.find((stack) => stack.name === to.stack)!;
    if (toStack.before.resources.has(to.logicalId)) throw new RefactorMappingError(`${entry}: Destination resource '${destination}' already in use in environment ${environment} (${to.stack}.${to.logicalId} is deployed)`);
    if (fromStack.after.resources.has(from.logicalId)) {
      throw new RefactorMappingError(`${entry}: Source resource '${source}' stays at ${from.stack}.${from.logicalId} in the new templates: only a resource removed from its place can move`);
    }
    const fromType = fromStack.before.resources.get(from.logicalId)!.type;
    const toType = toStack.after.resources.get(to.logicalId)!.type;
    if (fromType !== toType) throw new RefactorMappingError(`${entry}: Source resource '${source}' is an ${fromType} and destination '${destination}' an ${toType}: a moved resource keeps its type`);
    const id = `${from.stack}.${from.logicalId}`;
    if (sources.has(id)) throw new RefactorMappingError(`${entry}: Source resource ${id} is mapped twice`);
    sources.add(id);
    return { source: from, destination: to };
  });
}

/** Where a location points on one side: `Stack.LogicalId`, or a construct path. */
function locate(text: string, side: 'before' | 'after', stacks: readonly PlanStack[], entry: string): Location | undefined {
  if (text.includes('/')) {
    for (const stack of stacks) {
      for (const resource of stack[side].resources.values()) {
        const metadata = resource.attributes.Metadata;
        if (isObject(metadata) && own(metadata, 'aws:cdk:path') === text) return { stack: stack.name, logicalId: resource.logicalId };
      }
    }
    return undefined;
  }
  const match = /^([^.]+)\.([^.]+)$/.exec(text);
  if (match === null) throw new RefactorMappingError(`${entry}: Invalid location '${text}': expected Stack.LogicalId or a construct path (Stack/Construct/Resource)`);
  const stack = stacks.find((candidate) => candidate.name === match[1]);
  return stack?.[side].resources.has(match[2]) ? { stack: match[1], logicalId: match[2] } : undefined;
}

function shown(value: unknown): string {
  const text = JSON.stringify(value);
  return text === undefined ? String(value) : text.length > 80 ? `${text.slice(0, 77)}...` : text;
}
