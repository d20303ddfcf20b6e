/**
 * The ties between stacks as one template writes them: its `Outputs` with their `Export`
 * names, and every `Fn::ImportValue` it takes. The change-set predictor (exports in use,
 * refactor plans) and the local runner read them here.
 *
 * Names are evaluated by the caller's `evaluate` (what is known offline differs between the
 * two); a name that cannot be known keeps only its written form. Forgiving, like every
 * reader of templates: sections and outputs that are not objects are skipped.
 */
import { Known } from './intrinsic-evaluator';
import { intrinsicName, isObject, JsonObject, MAX_DEPTH, own } from './json-values';

/** Evaluates an expression of the template, as far as the caller knows its values. */
export type Evaluate = (expression: unknown) => Known;

/** One output of a template. */
export interface TemplateOutput {
  /** The output's key in `Outputs`. */
  readonly outputId: string;
  /** `Value`, as written. */
  readonly value: unknown;
  /** The export, when the output has one. */
  readonly exportName?: WrittenName;
  /** The output's own `Condition`, when it names one. */
  readonly condition?: string;
}

/** A name as written and, when it can be known, as CloudFormation resolves it. */
export interface WrittenName {
  readonly written: unknown;
  /** The resolved name; undefined when it is not a string known here. */
  readonly name?: string;
}

/** Where an `Fn::ImportValue` sits in its template. */
export type ImportSection = 'Resources' | 'Outputs' | 'Conditions';

/** One `Fn::ImportValue` of a template. */
export interface TemplateImport {
  /** The export name imported. */
  readonly exportName: WrittenName;
  readonly section: ImportSection;
  /** The resource, output or condition that takes it. */
  readonly logicalId: string;
}

/** The outputs of a template, in template order. */
export function readOutputs(template: unknown, evaluate: Evaluate): TemplateOutput[] {
  const outputs = isObject(template) ? own(template, 'Outputs') : undefined;
  if (!isObject(outputs)) return [];
  return Object.keys(outputs).flatMap((outputId): TemplateOutput[] => {
    const output = outputs[outputId];
    if (!isObject(output)) return [];
    const exported = own(output, 'Export');
    const written = isObject(exported) ? own(exported, 'Name') : undefined;
    const condition = own(output, 'Condition');
    return [{
      outputId,
      value: own(output, 'Value'),
      ...(written === undefined ? {} : { exportName: nameOf(written, evaluate) }),
      ...(typeof condition === 'string' ? { condition } : {}),
    }];
  });
}

/**
 * Every `Fn::ImportValue` of the template's resources, outputs and conditions, in template order.
 *
 * @param mayImport false for an entry known to hold no `Fn::ImportValue` (its JSON text does
 *   not mention it), which is then not walked; every entry is walked when absent
 */
export function readImports(
  template: unknown, evaluate: Evaluate, mayImport?: (section: ImportSection, logicalId: string) => boolean,
): TemplateImport[] {
  if (!isObject(template)) return [];
  const found: TemplateImport[] = [];
  for (const section of ['Resources', 'Outputs', 'Conditions'] as const) {
    const entries = own(template, section);
    if (!isObject(entries)) continue;
    for (const logicalId of Object.keys(entries)) {
      if (mayImport !== undefined && !mayImport(section, logicalId)) continue;
      for (const written of importsIn(entries[logicalId])) found.push({ exportName: nameOf(written, evaluate), section, logicalId });
    }
  }
  return found;
}

/**
 * The operands of the `Fn::ImportValue`s in a value, outermost first. Each object is read
 * once: a value built in code may contain itself, or share a part many times over, and a
 * walk bounded by depth alone would then take exponential time.
 */
export function importsIn(value: unknown): unknown[] {
  const operands: unknown[] = [];
  const seen = new Set<object>();
  const visit = (current: unknown, depth: number): void => {
    if (depth > MAX_DEPTH) return;
    if (typeof current === 'object' && current !== null) {
      if (seen.has(current)) return;
      seen.add(current);
    }
    if (Array.isArray(current)) {
      for (const item of current) visit(item, depth + 1);
      return;
    }
    if (!isObject(current)) return;
    if (intrinsicName(current) === 'Fn::ImportValue') operands.push((current as JsonObject)['Fn::ImportValue']);
    for (const key of Object.keys(current)) visit(current[key], depth + 1);
  };
  visit(value, 0);
  return operands;
}

function nameOf(written: unknown, evaluate: Evaluate): WrittenName {
  const evaluated = evaluate(written);
  return evaluated.known && typeof evaluated.value === 'string' ? { written, name: evaluated.value } : { written };
}
