/**
 * What `diff` says about the deployed side when it is a snapshot (or `--deployed`): when the
 * stacks were read, and a line for each stack compared that is new (not deployed, or that a
 * deployment creates again) or not in a settled state, and for each parameter whose deployed
 * value is unknown (`NoEcho`). The same as data in `--json`: a `DeployedStack` object beside
 * each stack's `Changes`. Loads no AWS SDK.
 */
import { plainLines } from '../../review/plain-text';
import { DeployedStack, NOT_FOUND, statusKind } from '../input/deployed-state';
import { parametersFor, ScopedParameters } from '../input/parameter-values';
import { Side, StackPair } from '../input/stack-pairs';
import { Style } from '../render/style';

/** How the deployed side was obtained. */
export interface DeployedSideOrigin {
  /** Read from CloudFormation now (`--deployed`), rather than from a snapshot folder. */
  readonly live: boolean;
  /** `--parameters-before`: a NoEcho parameter given a value there is no longer unknown. */
  readonly parametersBefore: ScopedParameters;
}

/**
 * The lines that start the report, each ending without a newline; none when `before` has no deployed state.
 * A status reason is CloudFormation's text about the stack's resources: shown with its control
 * characters as escapes, and no line a CI command (plain-text.ts).
 */
export function deployedStateLines(before: Side, pairs: readonly StackPair[], origin: DeployedSideOrigin, style: Style): string[] {
  if (before.kind !== 'assembly' || before.deployed === undefined) return [];
  const state = before.deployed;
  const lines = [style.heading(origin.live
    ? `Deployed: the stacks as CloudFormation has them (read ${state.takenAt})`
    : `Deployed: the snapshot ${before.shown} (taken ${state.takenAt})`)];
  for (const pair of pairs) {
    const stack = pair.name === undefined ? undefined : state.stacks[pair.name];
    if (stack === undefined) continue;
    const line = statusLine(stack);
    if (line !== undefined) lines.push(`  ${pair.name}: ${statusKind(stack.status) === 'settled' ? line : style.warning(line)}`);
    const given = parametersFor(origin.parametersBefore, pair.name);
    for (const key of unknownParameters(stack)) {
      if (given[key] !== undefined) continue;
      lines.push(`  ${pair.name}: parameter ${key} is NoEcho: its deployed value is unknown (CloudFormation shows ****); the prediction takes it as kept by the update unless --parameters-after gives one`);
    }
  }
  return plainLines([...lines, ''], style.sequences);
}

/** `--json` with a `DeployedStack` object beside each compared stack's `Changes`. */
export function withDeployedStates(json: string, before: Side): string {
  if (before.kind !== 'assembly' || before.deployed === undefined) return json;
  const output = JSON.parse(json) as Record<string, Record<string, unknown>>;
  for (const [name, entry] of Object.entries(output)) {
    const stack = before.deployed.stacks[name];
    if (stack === undefined || typeof entry !== 'object' || entry === null) continue;
    const unknown = unknownParameters(stack);
    entry.DeployedStack = {
      StackStatus: stack.status,
      ...(stack.statusReason === undefined ? {} : { StackStatusReason: stack.statusReason }),
      ...(stack.stackId === undefined ? {} : { StackId: stack.stackId }),
      ComparedAs: statusKind(stack.status) === 'new' ? 'NewStack' : 'DeployedTemplate',
      ...(unknown.length === 0 ? {} : { UnknownParameters: unknown }),
      TakenAt: before.deployed.takenAt,
    };
  }
  return `${JSON.stringify(output, null, 2)}\n`;
}

/** What the report says about a status; nothing for a stack a deployment updates as usual. */
function statusLine(stack: DeployedStack): string | undefined {
  const status = stack.status;
  const reason = stack.statusReason === undefined || stack.statusReason === '' ? '' : ` (${stack.statusReason})`;
  if (status === NOT_FOUND) return 'not deployed yet: compared as a new stack';
  if (status === 'REVIEW_IN_PROGRESS') return `${status}${reason}: created by a change set that was not executed, so it has no resources yet: compared as a new stack`;
  if (status === 'ROLLBACK_COMPLETE' || status === 'ROLLBACK_FAILED') {
    return `${status}${reason}: its creation failed, and CloudFormation cannot update it; a deployment deletes it and creates it again (cdk deploy does): compared as a new stack`;
  }
  // The stacks CloudFormation refuses to update (`refusedUpdate`): every change to one is a certain failure.
  const refused = '; any change to it fails';
  if (status === 'UPDATE_ROLLBACK_FAILED') {
    return `${status}${reason}: CloudFormation refuses updates until the rollback is continued (aws cloudformation continue-update-rollback): compared with its deployed template${refused}`;
  }
  if (status === 'IMPORT_ROLLBACK_FAILED') return `${status}${reason}: a resource import failed and so did its rollback; CloudFormation refuses updates until it is resolved: compared with its deployed template${refused}`;
  if (status === 'DELETE_FAILED') return `${status}${reason}: its deletion failed, and CloudFormation can only delete it again: compared with its deployed template${refused}`;
  if (status.endsWith('_IN_PROGRESS')) {
    return `${status}${reason}: an operation is running; the template compared is the one CloudFormation returned, and may change when it ends${refused} until then`;
  }
  if (status.endsWith('_FAILED')) return `${status}${reason}: the last operation failed and kept what it provisioned; an update resumes from it: compared with its deployed template`;
  if (status.endsWith('ROLLBACK_COMPLETE')) return `${status}${reason}: its last update failed and was rolled back: compared with the template it rolled back to`;
  return undefined;
}

function unknownParameters(stack: DeployedStack): string[] {
  return Object.entries(stack.parameters).filter(([, parameter]) => 'noEcho' in parameter).map(([key]) => key).sort();
}
