/**
 * Which parameters change value between the deployed stack and the update.
 *
 * A parameter's old value is the one given for the deployed stack, else the old template's
 * `Default`; its new value is the one given for the update, else the value given for the
 * deployed stack (kept, as `UsePreviousValue` does), else the new template's `Default`. A
 * parameter changes only when both values are known and differ: without values the engine
 * cannot tell, and says nothing. A parameter the old template does not declare is added by
 * this update: whatever its value, CloudFormation reports the properties that reference it
 * with the parameter pair (recorded change sets, 2025), so it counts as changed (`Added`).
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
  /**
   * Parameters whose text on a side stands for a value not known offline (a nested stack's
   * parameter fed from a resource's id): compared as written, unknown to the evaluation.
   */
  readonly opaque?: { readonly before: ReadonlySet<string>; readonly after: ReadonlySet<string> };
}

/**
 * How a changed parameter's new value is known: now (`Static`), at deploy time (`Dynamic`),
 * or now for a parameter this update adds (`Added`).
 */
export type ParameterChange = 'Static' | 'Dynamic' | 'Added';

/** The changed parameters of the new template. */
export type ParameterChanges = ReadonlyMap<string, ParameterChange>;

/** The parameters of the new template whose value changes. */
export function parameterChanges(before: NormalizedTemplate, after: NormalizedTemplate, inputs: ParameterInputs): ParameterChanges {
  const changed = new Map<string, ParameterChange>();
  for (const [name, newDefault] of after.parameters) {
    if (inputs.deployTime.has(name)) {
      changed.set(name, 'Dynamic');
      continue;
    }
    if (!before.parameters.has(name)) {
      changed.set(name, 'Added');
      continue;
    }
    const oldValue = inputs.before.get(name) ?? before.parameters.get(name);
    const newValue = inputs.after.get(name) ?? inputs.before.get(name) ?? newDefault;
    if (oldValue !== undefined && newValue !== undefined && oldValue !== newValue) changed.set(name, 'Static');
  }
  return changed;
}
