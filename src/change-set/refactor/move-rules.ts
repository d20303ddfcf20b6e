/**
 * The reasons a single move cannot be a stack refactor, whatever else moves with it, and what
 * CloudFormation does with it without one (the User Guide's "Stack refactoring
 * considerations" and "Resource limitations"; see docs/change-set-prediction.md).
 */
import { FoundMove, PlanStack } from './find-moves';
import { refactorSupports, STACK_PSEUDO_PARAMETERS } from '../../spec/data-spec';
import { dataVerdictFor } from '../data-verdicts';
import { collectReferences } from '../references';

/** Reasons that depend on the move alone: its type, the pseudo parameters it uses, the parameters, conditions and mappings it needs. */
export function ownReasons(move: FoundMove, stacks: ReadonlyMap<string, PlanStack>): string[] {
  const reasons: string[] = [];
  if (!refactorSupports(move.resourceType)) {
    reasons.push(move.resourceType.startsWith('Custom::') || move.resourceType === 'AWS::CloudFormation::CustomResource'
      ? 'custom resources are not supported by stack refactoring'
      : `${move.resourceType} is not supported by stack refactoring (the User Guide's list of resource limitations)`);
  }
  if (move.source.stack === move.destination.stack) return reasons;
  const text = move.deployed.text;
  for (const pseudo of STACK_PSEUDO_PARAMETERS) {
    if (text.includes(pseudo)) reasons.push(`it refers to ${pseudo}, whose value differs between ${move.source.stack} and ${move.destination.stack}`);
  }
  const from = stacks.get(move.source.stack)!.before;
  const to = stacks.get(move.destination.stack)!.before;
  const missing: string[] = [];
  for (const reference of collectReferences(move.deployed.properties)) {
    if (from.parameters.has(reference.target) && !to.parameters.has(reference.target)) missing.push(`parameter ${reference.target}`);
  }
  for (const condition of conditionsUsed(text, move.deployed.condition)) if (!(condition in to.conditions)) missing.push(`condition ${condition}`);
  for (const mapping of mappingsUsed(text)) if (!(mapping in to.mappings)) missing.push(`mapping ${mapping}`);
  if (missing.length > 0) {
    reasons.push(`it uses ${[...new Set(missing)].join(', ')}, which ${move.destination.stack} does not have: a refactor cannot add parameters, conditions or mappings (deploy them to ${move.destination.stack} first)`);
  }
  return reasons;
}

/**
 * What CloudFormation does with the pair when it is deployed as a delete and a create. A source
 * stack the new app no longer has is not deployed at all: `cdk deploy` does not delete it, so what
 * moved out of it stays there.
 */
export function withoutRefactor(move: FoundMove, stacks: ReadonlyMap<string, PlanStack>): string {
  const { source, destination } = move;
  const from = `${source.stack}.${source.logicalId}`;
  const to = `${destination.stack}.${destination.logicalId}`;
  const data = dataVerdictFor(move.deployed, 'Removal');
  const policy = String(move.deployed.attributes.DeletionPolicy ?? data?.policy);
  const retained = policy === 'Retain' || policy === 'RetainExceptOnCreate';
  const deletion = data === undefined ? `deletes ${from}` : `removes ${from}: ${data.consequence}`;
  const named = move.matchedBy === 'Name';
  if (stacks.get(source.stack)?.inApp === false) {
    const left = `${source.stack} is no longer in the app and cdk deploy does not delete it`;
    if (named) return `${left}: the name stays held by ${from}, so ${destination.stack} cannot create ${destination.logicalId} (a certain failure)`;
    return `${left}: ${from} stays there as it is; ${destination.stack} creates a new ${move.resourceType} ${to}`;
  }
  if (source.stack === destination.stack) {
    if (named) return `CloudFormation creates ${destination.logicalId} before it deletes ${source.logicalId}: the name is still taken, so the update fails (a certain failure)`;
    return `CloudFormation creates a new ${move.resourceType} ${destination.logicalId} and ${deletion}`;
  }
  if (named && retained) {
    return `whichever stack deploys first, ${destination.stack} cannot create ${destination.logicalId}: the name stays held by ${from}, which ${source.stack} retains (DeletionPolicy ${policy}) when it removes it`;
  }
  if (named) {
    return `if ${destination.stack} deploys first, creating ${destination.logicalId} fails: the name is still held by ${from}; if ${source.stack} deploys first, it ${deletion}, and ${destination.stack} then creates a new, empty one`;
  }
  return `${source.stack} ${deletion}; ${destination.stack} creates a new ${move.resourceType} ${to}`;
}

/** The resource's own `Condition` and those its `Fn::If`s name. */
function conditionsUsed(text: string, condition: string | undefined): string[] {
  const used = [...text.matchAll(/"Fn::If":\["([^"]+)"/g)].map((match) => match[1]);
  return [...new Set([...(condition === undefined ? [] : [condition]), ...used])];
}

function mappingsUsed(text: string): string[] {
  return [...new Set([...text.matchAll(/"Fn::FindInMap":\["([^"]+)"/g)].map((match) => match[1]))];
}
