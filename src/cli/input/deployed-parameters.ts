/**
 * The deployed parameter values of a snapshot side, under `--parameters-before`: for each stack
 * the snapshot read, its values, then the flag's values for every stack, then the flag's values
 * for that stack (the flag wins). A `NoEcho` parameter's deployed value is unknown; it is given
 * as CloudFormation shows it, `****`, so that an update that keeps it (no `--parameters-after`)
 * leaves it unchanged, as `UsePreviousValue` does.
 */
import { DeployedStack } from './deployed-state';
import { ParameterMap, ScopedParameters } from './parameter-values';
import { Side } from './stack-pairs';

/** What CloudFormation shows for a NoEcho parameter's value. */
export const MASKED_VALUE = '****';

/** `--parameters-before` with the deployed values of `before` under it. */
export function withDeployedParameters(explicit: ScopedParameters, before: Side): ScopedParameters {
  if (before.kind !== 'assembly' || before.deployed === undefined) return explicit;
  const byStack = new Map(explicit.byStack);
  for (const [name, stack] of Object.entries(before.deployed.stacks)) {
    const deployed = deployedValues(stack);
    if (Object.keys(deployed).length === 0) continue;
    byStack.set(name, { ...deployed, ...explicit.everyStack, ...explicit.byStack.get(name) });
  }
  return { everyStack: explicit.everyStack, byStack };
}

function deployedValues(stack: DeployedStack): ParameterMap {
  const values: ParameterMap = {};
  for (const [key, parameter] of Object.entries(stack.parameters)) values[key] = 'value' in parameter ? parameter.value : MASKED_VALUE;
  return values;
}
