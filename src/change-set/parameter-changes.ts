/**
 * Which parameters change value between the deployed stack and the update.
 *
 * A parameter's old value is the one given for the deployed stack, else the old template's
 * `Default`; its new value is the one given for the update, else the value given for the
 * deployed stack (kept, as `UsePreviousValue` does), else the new template's `Default`. A
 * parameter changes only when both values are known and differ: without values the engine
 * cannot tell, and says nothing.
 */
import { NormalizedTemplate } from './normalize';

/** Parameter values of both sides (strings, as CloudFormation holds them). */
export interface ParameterInputs {
  readonly before: ReadonlyMap<string, string>;
  readonly after: ReadonlyMap<string, string>;
  /**
   * Parameters whose new value is known only at deploy time (a nested stack's parameter fed
   * from a parent resource that is replaced).
   */
  readonly deployTime: ReadonlySet<string>;
}

/** How a changed parameter's new value is known: now (Static) or at deploy time (Dynamic). */
export type ParameterChanges = ReadonlyMap<string, 'Static' | 'Dynamic'>;

/** The parameters of the new template whose value changes. */
export function parameterChanges(before: NormalizedTemplate, after: NormalizedTemplate, inputs: ParameterInputs): ParameterChanges {
  const changed = new Map<string, 'Static' | 'Dynamic'>();
  for (const [name, newDefault] of after.parameters) {
    if (inputs.deployTime.has(name)) {
      changed.set(name, 'Dynamic');
      continue;
    }
    const oldValue = inputs.before.get(name) ?? before.parameters.get(name);
    const newValue = inputs.after.get(name) ?? inputs.before.get(name) ?? newDefault;
    if (oldValue !== undefined && newValue !== undefined && oldValue !== newValue) changed.set(name, 'Static');
  }
  return changed;
}
