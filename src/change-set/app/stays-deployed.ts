/**
 * A stack the app no longer has: `cdk deploy` deploys the stacks of the app and deletes none
 * (only `cdk destroy` or CloudFormation's DeleteStack delete a stack), so such a stack stays
 * deployed as it is, its resources with their names, its exports and its imports. Its update
 * changes nothing; what it still holds is judged by the rest of the app (`cross-stack-names.ts`,
 * `export-verdicts.ts`), from the prediction of its deletion. What deleting it would do to data
 * is said in a note, for whoever deletes it later.
 */
import { DataVerdict, PredictedResource, PredictedStack } from '../model';

/** The prediction of a stack that stays deployed, from the prediction of its deletion. */
export function staysDeployed(name: string, deletion: PredictedStack): PredictedStack {
  const resources = everyChange(deletion, undefined);
  const exports = everyStack(deletion).flatMap((stack) => (stack.outputs ?? []).filter((output) => output.exportBefore !== undefined)).length;
  const held = [
    `${resources.length} resource${resources.length === 1 ? '' : 's'}`,
    ...(resources.some(({ change }) => change.identity !== undefined) ? ['their names'] : []),
    ...(exports === 0 ? [] : [`its ${exports} export${exports === 1 ? '' : 's'}`]),
  ];
  const notes = [
    `${name} is no longer in the app: cdk deploy does not delete it, so it stays deployed with its ${list(held)}; `
    + `deleting it (cdk destroy with the version of the app that still has it, or aws cloudformation delete-stack --stack-name ${name}) removes them`,
  ];
  const data = dataNote(resources);
  if (data !== undefined) notes.push(data);
  return { changes: [], renames: [], description: deletion.description, notes };
}

interface Located {
  readonly change: PredictedResource;
  readonly nestedStackPath?: string;
}

function everyStack(stack: PredictedStack): PredictedStack[] {
  return [stack, ...stack.changes.flatMap((change) => (change.nested === undefined ? [] : everyStack(change.nested)))];
}

function everyChange(stack: PredictedStack, nestedStackPath: string | undefined): Located[] {
  return stack.changes.flatMap((change) => [
    { change, ...(nestedStackPath === undefined ? {} : { nestedStackPath }) },
    ...(change.nested === undefined ? [] : everyChange(change.nested, nestedStackPath === undefined ? change.logicalId : `${nestedStackPath}/${change.logicalId}`)),
  ]);
}

/** What deleting the stack would do to the data of its data-bearing resources, or undefined when it holds none. */
function dataNote(resources: readonly Located[]): string | undefined {
  const byFate = (fates: readonly DataVerdict['fate'][]) => resources
    .filter(({ change }) => change.data !== undefined && fates.includes(change.data.fate))
    .map(({ change, nestedStackPath }) => `${change.logicalId} (${change.resourceType}${nestedStackPath === undefined ? '' : `, nested stack ${nestedStackPath}`}, DeletionPolicy ${change.data!.policy})`);
  const actions = [
    ...listed('delete the data of', byFate(['Deleted'])),
    ...listed('snapshot', byFate(['Snapshotted'])),
    ...listed('keep', byFate(['Retained'])),
  ];
  const unknown = byFate(['Unknown']);
  const sentences = [
    ...(actions.length === 0 ? [] : [`deleting it would ${actions.join('; ')}`]),
    ...(unknown.length === 0 ? [] : [`what deleting it does to the data of ${unknown.join(', ')} is not known offline`]),
  ];
  return sentences.length === 0 ? undefined : sentences.join('; ');
}

function listed(verb: string, items: readonly string[]): string[] {
  return items.length === 0 ? [] : [`${verb} ${items.join(', ')}`];
}

function list(items: readonly string[]): string {
  return items.length <= 1 ? items.join('') : `${items.slice(0, -1).join(', ')} and ${items[items.length - 1]}`;
}
