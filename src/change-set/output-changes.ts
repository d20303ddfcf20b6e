/**
 * A pipeline step beside the change set: what becomes of each stack output, and above all of
 * each export, which other stacks may import.
 *
 * CloudFormation's change sets do not list outputs, but it refuses to update or delete an
 * export another stack imports ("Cannot update export X as it is in use by Y", "Export X
 * cannot be deleted as it is in use by Y": AWS CloudFormation User Guide, "Exporting stack
 * output values"). So the step says, for every output on either side:
 * - whether it is added, removed or modified (its value or its export name written
 *   differently, or its value changing at deployment), or, for an export, unchanged;
 * - whether its value changes at deployment: `Certain` when both values are known offline
 *   and differ, or it reads a resource that is certainly replaced (a new physical id and new
 *   attributes) or a parameter that certainly changes; `Possible` when it reads a resource
 *   that may be replaced, a parameter known only at deploy time, an attribute that an in-place
 *   update is known to change (`IN_PLACE_ATTRIBUTES`), or when it is written differently but
 *   reads the same things and its value is not known offline;
 * - that it keeps its value although it reads a replaced resource, when the replacement keeps
 *   the resource's names and parents and what it reads is built from them alone (a table's
 *   `Ref` and `Arn`, from its fixed `TableName`: `keptWithIdentity` in src/spec), as a note: no
 *   importer is in the way of such a replacement, which fails for its own reason (the name is
 *   taken).
 * An output whose `Condition` is false does not exist on that side; one whose condition is
 * not known offline is kept and marked.
 */
import { cfnEqual } from './cfn-equal';
import { canonicalText, own } from './json';
import { describeValue } from './judge-failures';
import { Failure, ResourceChange, resourceReplacement } from './model';
import { NormalizedTemplate } from './normalize';
import { ParameterChanges } from './parameter-changes';
import { ValueRenderer } from './property-values';
import { collectReferences, Reference } from './references';
import { TemplateEvaluator } from './template-evaluator';
import { CHANGED_IN_PLACE } from '../spec/in-place-attributes';
import { identityProperties, lookupResourceType } from '../spec/replacement-spec';
import { readOutputs, TemplateOutput, WrittenName } from '../template/template-exports';

/** How certainly an output's value changes at deployment. */
export type ValueChange = 'None' | 'Certain' | 'Possible';

/** One output of the stack, as the update changes it. */
export interface OutputChange {
  readonly outputId: string;
  /** `None` for an export the update leaves as it is (kept: other stacks may import it). */
  readonly action: 'Add' | 'Modify' | 'Remove' | 'None';
  /** The export name on each side it is exported on. */
  readonly exportBefore?: WrittenName;
  readonly exportAfter?: WrittenName;
  /** The value on each side, as CloudFormation would write it (evaluated where known offline, secrets masked). */
  readonly beforeValue?: string;
  readonly afterValue?: string;
  /** For an output on both sides: whether its value changes at deployment. */
  readonly valueChange: ValueChange;
  /** Why the value changes, in words. */
  readonly valueReason?: string;
  /** Set when the output's `Condition` is not known offline on a side it is written on. */
  readonly existenceUnknown?: boolean;
  /** Set by the app's prediction (`app/export-verdicts.ts`): CloudFormation will or may refuse this export's change. */
  readonly failure?: Failure;
  /** Set by the app's prediction: what cannot be known offline about this export. */
  readonly notes?: readonly string[];
}

/** What the step reads of the rest of the stack's prediction. */
export interface OutputInputs {
  readonly beforeTemplate: unknown;
  readonly afterTemplate: unknown;
  readonly before: NormalizedTemplate;
  readonly after: NormalizedTemplate;
  readonly evaluators: { readonly before: TemplateEvaluator; readonly after: TemplateEvaluator };
  readonly renderers: { readonly before: ValueRenderer; readonly after: ValueRenderer };
  /** The resource changes, replacements propagated. */
  readonly changes: ReadonlyMap<string, ResourceChange>;
  readonly parameters: ParameterChanges;
}

/**
 * Attributes an update in place is known to change (so an export of one may change while the
 * resource is only modified): `CHANGED_IN_PLACE` in src/spec/in-place-attributes.ts. Other
 * attributes of a resource updated in place (ARNs, names, ids) keep their value.
 */
export const IN_PLACE_ATTRIBUTES = CHANGED_IN_PLACE;

/** The outputs of the stack that change, and every export, in template order (new side first). */
export function outputChanges(inputs: OutputInputs): OutputChange[] {
  const read = (template: unknown, evaluator: TemplateEvaluator) => {
    const outputs = new Map<string, TemplateOutput & { readonly unknown: boolean }>();
    for (const output of readOutputs(template, (expression) => evaluator.value(expression))) {
      const exists = output.condition === undefined ? true : evaluator.condition(output.condition);
      if (exists !== false) outputs.set(output.outputId, { ...output, unknown: exists === undefined });
    }
    return outputs;
  };
  const before = read(inputs.beforeTemplate, inputs.evaluators.before);
  const after = read(inputs.afterTemplate, inputs.evaluators.after);
  const result: OutputChange[] = [];
  for (const outputId of new Set([...after.keys(), ...before.keys()])) {
    const old = before.get(outputId);
    const current = after.get(outputId);
    const values = {
      ...(old === undefined ? {} : { beforeValue: inputs.renderers.before.text(old.value) ?? '' }),
      ...(current === undefined ? {} : { afterValue: inputs.renderers.after.text(current.value) ?? '' }),
    };
    const exports = {
      ...(old?.exportName === undefined ? {} : { exportBefore: old.exportName }),
      ...(current?.exportName === undefined ? {} : { exportAfter: current.exportName }),
    };
    const existenceUnknown = old?.unknown === true || current?.unknown === true ? { existenceUnknown: true } : {};
    if (old === undefined || current === undefined) {
      result.push({ outputId, action: old === undefined ? 'Add' : 'Remove', ...exports, ...values, valueChange: 'None', ...existenceUnknown });
      continue;
    }
    const change = valueChange(old.value, current.value, inputs);
    const rewritten = canonicalText(old.exportName?.written) !== canonicalText(current.exportName?.written)
      || canonicalText(old.value) !== canonicalText(current.value);
    const action = rewritten || change.change !== 'None' ? 'Modify' : 'None';
    if (action === 'None' && old.exportName === undefined && current.exportName === undefined && change.kept === undefined) continue;
    result.push({
      outputId,
      action,
      ...exports,
      ...values,
      valueChange: change.change,
      ...(change.reason === undefined ? {} : { valueReason: change.reason }),
      ...existenceUnknown,
      ...(change.kept === undefined ? {} : { notes: [change.kept] }),
    });
  }
  return result;
}

/** Whether, and why, an output's value changes; `kept` says why a read of a replaced resource does not change it. */
function valueChange(oldValue: unknown, newValue: unknown, inputs: OutputInputs): { change: ValueChange; reason?: string; kept?: string } {
  const oldKnown = inputs.evaluators.before.value(oldValue);
  const newKnown = inputs.evaluators.after.value(newValue);
  if (oldKnown.known && newKnown.known) {
    if (cfnEqual(oldKnown.value, newKnown.value)) return { change: 'None' };
    const read = collectReferences(newValue).find((reference) => inputs.parameters.has(reference.target));
    const through = read === undefined ? '' : `: it reads the parameter ${read.target}, whose value changes`;
    return { change: 'Certain', reason: `its value changes from ${clip(JSON.stringify(oldKnown.value))} to ${clip(JSON.stringify(newKnown.value))}${through}` };
  }
  let possible: string | undefined;
  let kept: string | undefined;
  for (const reference of collectReferences(newValue)) {
    const parameter = inputs.parameters.get(reference.target);
    if (parameter === 'Static') return { change: 'Certain', reason: `it reads the parameter ${reference.target}, whose value changes` };
    if (parameter !== undefined) possible ??= `it reads the parameter ${reference.target}, whose new value is known only at deploy time`;
    const referenced = inputs.changes.get(reference.target);
    if (referenced?.action !== 'Modify') continue;
    const replacement = resourceReplacement(referenced);
    const what = reference.kind === 'Ref' ? reference.target : `${reference.target}.${reference.attribute ?? '?'}`;
    const keeps = replacement === 'False' ? undefined : keptWithIdentity(reference, replacement, inputs);
    if (keeps !== undefined) {
      kept ??= keeps;
      continue;
    }
    if (replacement === 'True') return { change: 'Certain', reason: `it reads ${what}, and ${reference.target} is replaced` };
    if (replacement === 'Conditional') possible ??= `it reads ${what}, and ${reference.target} may be replaced`;
    const inPlace = Object.prototype.hasOwnProperty.call(IN_PLACE_ATTRIBUTES, referenced.resourceType)
      ? IN_PLACE_ATTRIBUTES[referenced.resourceType]
      : undefined;
    if (reference.kind === 'GetAtt' && inPlace?.attributes.includes(reference.attribute ?? '') && updatedInPlace(referenced)) {
      possible ??= `it reads ${what}, which may change with the update in place: ${inPlace.reason} (${inPlace.source})`;
    }
  }
  if (possible !== undefined) return { change: 'Possible', reason: possible };
  if (canonicalText(oldValue) === canonicalText(newValue)) return { change: 'None', ...(kept === undefined ? {} : { kept }) };
  const targets = (value: unknown) => canonicalText([...new Set(collectReferences(value).map((reference) => `${reference.target}.${reference.attribute ?? ''}`))].sort());
  return targets(oldValue) === targets(newValue)
    ? { change: 'Possible', reason: 'it is written differently, and its value is not known offline' }
    : { change: 'Certain', reason: 'it is written differently, reading other resources or parameters' };
}

function clip(text: string): string {
  return text.length > 80 ? `${text.slice(0, 77)}...` : text;
}

/** Whether a change touches the resource's properties or tags (not only its metadata or policies). */
function updatedInPlace(change: ResourceChange): boolean {
  return change.details.some((detail) => detail.attribute === 'Properties' || detail.attribute === 'Tags');
}

/**
 * Why a read of a replaced (or maybe replaced) resource keeps its value, or undefined: the
 * type builds the value read from the identity alone (`keptWithIdentity`), a name is set, and
 * every identity property is the same on both sides (known equal, or written alike and reading
 * nothing that changes).
 */
function keptWithIdentity(reference: Reference, replacement: 'True' | 'Conditional', inputs: OutputInputs): string | undefined {
  const old = inputs.before.resources.get(reference.target);
  const current = inputs.after.resources.get(reference.target);
  if (old === undefined || current === undefined || old.type !== current.type) return undefined;
  const spec = lookupResourceType(current.type);
  const value = reference.kind === 'Ref' ? 'Ref' : reference.attribute;
  if (spec === undefined || value === undefined || !spec.keptWithIdentity.includes(value)) return undefined;
  const names = spec.nameProperties.filter((property) => own(current.properties, property) !== undefined);
  if (names.length === 0) return undefined;
  for (const property of identityProperties(current.type)) {
    const before = own(old.properties, property);
    const after = own(current.properties, property);
    const known = { before: inputs.evaluators.before.value(before), after: inputs.evaluators.after.value(after) };
    if (known.before.known && known.after.known) {
      if (!cfnEqual(known.before.value, known.after.value)) return undefined;
    } else if (canonicalText(before) !== canonicalText(after) || changes(after, inputs)) {
      return undefined;
    }
  }
  const shownNames = names.map((property) => `${property} ${describeValue(own(current.properties, property), inputs.after, inputs.evaluators.after)}`).join(', ');
  const read = reference.kind === 'Ref' ? `${reference.target} (Ref)` : `${reference.target}.${value}`;
  return replacement === 'True'
    ? `it reads ${read}, which is replaced under the same ${shownNames}: ${value} derives from it and keeps its value (the replacement itself fails: the name is taken)`
    : `it reads ${read}, which may be replaced under the same ${shownNames}: ${value} derives from it and keeps its value either way`;
}

/** Whether a value reads a parameter or a resource whose value changes at deployment. */
function changes(value: unknown, inputs: OutputInputs): boolean {
  return collectReferences(value).some((reference) => {
    if (inputs.parameters.has(reference.target)) return true;
    const referenced = inputs.changes.get(reference.target);
    return referenced?.action === 'Modify' && resourceReplacement(referenced) !== 'False';
  });
}
