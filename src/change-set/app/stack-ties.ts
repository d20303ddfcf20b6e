/**
 * The ties of one stack to the rest of the app, on both sides of its update: the exports it
 * holds (with what the update does to each) and the exports it imports, its nested stacks'
 * included.
 *
 * The stack's own template and the nested stacks that were predicted are read from the
 * prediction, whose evaluators know the parameter values; a nested stack that was not
 * predicted (its templates are equal, or it is on one side only) is read from its template,
 * with the stack's account and Region and the nested template's parameter defaults.
 */
import { readImports, readOutputs, TemplateImport } from '../../template/template-exports';
import { PredictedStack } from '../model';
import { normalize } from '../normalize';
import { OutputChange, ValueChange } from '../output-changes';
import { sideValues } from '../resolve-conditions';
import { TemplateEvaluator } from '../template-evaluator';

/** Where an output or an import is: a stack, and the path of logical ids of its nested stack. */
export interface TieSite {
  readonly stack: string;
  /** `Outer/Inner` inside nested stacks; undefined in the stack's own template. */
  readonly nestedStackPath?: string;
}

/** One export the stack holds on one side. */
export interface HeldExport extends TieSite {
  readonly name: string;
  readonly outputId: string;
}

/** One `Fn::ImportValue` the stack takes on one side. */
export interface TakenImport extends TieSite {
  /** The export name, when it is known offline. */
  readonly name?: string;
  readonly section: TemplateImport['section'];
  readonly logicalId: string;
}

/** What the update does to one export of the stack. */
export interface ExportEvent {
  readonly name: string;
  readonly before?: HeldExport;
  readonly after?: HeldExport;
  /** For an export on both sides: whether its value changes, and why. */
  readonly valueChange: ValueChange;
  readonly valueReason?: string;
  /** Set when the output's existence rests on a condition not known offline. */
  readonly existenceUnknown?: boolean;
}

/** A stack's ties on both sides. */
export interface StackTies {
  readonly stack: string;
  readonly events: readonly ExportEvent[];
  readonly imports: { readonly before: readonly TakenImport[]; readonly after: readonly TakenImport[] };
}

/** A stack's prediction and templates, as the ties are read from them. */
export interface TiedStack {
  readonly name: string;
  /** The prediction of the stack's update (an empty side for a stack on one side only). */
  readonly predicted: PredictedStack;
  /** Nested stack templates by path of logical ids, on each side. */
  readonly nestedBefore: ReadonlyMap<string, unknown>;
  readonly nestedAfter: ReadonlyMap<string, unknown>;
  /** Pseudo parameters known for the stack (its account and Region; its name is the stack's own only). */
  readonly pseudoParameters: ReadonlyMap<string, string>;
}

/** Reads the ties of a stack. */
export function stackTies(stack: TiedStack): StackTies {
  const events: ExportEvent[] = [];
  const imports = { before: [] as TakenImport[], after: [] as TakenImport[] };
  const predictedPaths = new Set<string>();
  const fromPrediction = (predicted: PredictedStack, nestedStackPath: string | undefined): void => {
    if (nestedStackPath !== undefined) predictedPaths.add(nestedStackPath);
    const site = { stack: stack.name, ...(nestedStackPath === undefined ? {} : { nestedStackPath }) };
    events.push(...exportEvents(predicted.outputs ?? [], site));
    for (const side of ['before', 'after'] as const) {
      for (const taken of predicted.imports?.[side] ?? []) imports[side].push(takenImport(taken, site));
    }
    for (const change of predicted.changes) {
      if (change.nested !== undefined) fromPrediction(change.nested, nestedStackPath === undefined ? change.logicalId : `${nestedStackPath}/${change.logicalId}`);
    }
  };
  fromPrediction(stack.predicted, undefined);

  // Nested stacks that were not predicted: read from their templates.
  const pseudo = new Map([...stack.pseudoParameters].filter(([name]) => name !== 'AWS::StackName'));
  const raw = { before: new Map<string, HeldExport>(), after: new Map<string, HeldExport>() };
  for (const side of ['before', 'after'] as const) {
    for (const [path, template] of side === 'before' ? stack.nestedBefore : stack.nestedAfter) {
      if (predictedPaths.has(path)) continue;
      const site = { stack: stack.name, nestedStackPath: path };
      const normalized = normalize(template);
      const evaluator = new TemplateEvaluator(normalized, new Map([...sideValues(normalized.parameters), ...pseudo]));
      const evaluate = (expression: unknown) => evaluator.value(expression);
      for (const output of readOutputs(template, evaluate)) {
        if (output.exportName?.name !== undefined) raw[side].set(`${path}\u0000${output.exportName.name}`, { ...site, name: output.exportName.name, outputId: output.outputId });
      }
      for (const taken of readImports(template, evaluate)) imports[side].push(takenImport(taken, site));
    }
  }
  for (const [key, before] of raw.before) {
    const after = raw.after.get(key);
    // Equal nested templates are not predicted: an export on both sides keeps its value.
    events.push({ name: before.name, before, ...(after === undefined ? {} : { after }), valueChange: 'None' });
  }
  for (const [key, after] of raw.after) if (!raw.before.has(key)) events.push({ name: after.name, after, valueChange: 'None' });
  return { stack: stack.name, events, imports };
}

/** The export events of one template's output changes. */
function exportEvents(outputs: readonly OutputChange[], site: TieSite): ExportEvent[] {
  const byName = new Map<string, { before?: HeldExport; after?: HeldExport; change?: OutputChange }>();
  for (const output of outputs) {
    for (const side of ['before', 'after'] as const) {
      const name = (side === 'before' ? output.exportBefore : output.exportAfter)?.name;
      if (name === undefined) continue;
      const entry = byName.get(name) ?? {};
      entry[side] = { ...site, name, outputId: output.outputId };
      if (side === 'after' || entry.change === undefined) entry.change = output;
      byName.set(name, entry);
    }
  }
  return [...byName].map(([name, entry]): ExportEvent => {
    const { before, after, change } = entry;
    const sameOutput = before !== undefined && after !== undefined && before.outputId === after.outputId;
    const moved = before !== undefined && after !== undefined && !sameOutput;
    return {
      name,
      ...(before === undefined ? {} : { before }),
      ...(after === undefined ? {} : { after }),
      valueChange: moved ? 'Possible' : sameOutput ? change!.valueChange : 'None',
      ...(moved ? { valueReason: `it moves from output ${before.outputId} to output ${after.outputId}` } : sameOutput && change!.valueReason !== undefined ? { valueReason: change!.valueReason } : {}),
      ...(change?.existenceUnknown === true ? { existenceUnknown: true } : {}),
    };
  });
}

function takenImport(taken: TemplateImport, site: TieSite): TakenImport {
  const name = taken.exportName.name;
  return { ...site, ...(name === undefined ? {} : { name }), section: taken.section, logicalId: taken.logicalId };
}
