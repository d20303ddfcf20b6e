/**
 * The ties of one stack to the rest of the app, on both sides of its update: the exports it
 * holds (with what the update does to each) and the exports it imports, its nested stacks'
 * included.
 *
 * Everything is read from the prediction, whose evaluators know the parameter values (a nested
 * stack's from its stack resource's `Parameters`, evaluated in the parent): the stack's own
 * template, its nested stacks that change or are added or removed whole, and those whose
 * update changes nothing (`unchangedNested`). A nested stack whose stack resource does not
 * exist on a side (its `Condition` is false) holds and imports nothing there.
 */
import { TemplateImport } from '../../template/template-exports';
import { PredictedStack } from '../model';
import { OutputChange, ValueChange } from '../output-changes';

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
  /**
   * Whether an import of the new template is taken only after the stack's nested stack at
   * `exporterPath` is created or updated, in the stack's update (CloudFormation's order between
   * the resources of each template). An importer in the exporter's own template, or below it,
   * is not asked about: true.
   */
  readonly waitsFor: (importer: TakenImport, exporterPath: string | undefined) => boolean;
}

/** A stack's prediction, as the ties are read from it. */
export interface TiedStack {
  readonly name: string;
  /** The prediction of the stack's update (an empty side for a stack on one side only). */
  readonly predicted: PredictedStack;
}

/** Reads the ties of a stack. */
export function stackTies(stack: TiedStack): StackTies {
  const events: ExportEvent[] = [];
  const imports = { before: [] as TakenImport[], after: [] as TakenImport[] };
  const byPath = new Map<string, PredictedStack>();
  const read = (predicted: PredictedStack, nestedStackPath: string | undefined): void => {
    byPath.set(nestedStackPath ?? '', predicted);
    const site = { stack: stack.name, ...(nestedStackPath === undefined ? {} : { nestedStackPath }) };
    events.push(...exportEvents(predicted.outputs ?? [], site));
    for (const side of ['before', 'after'] as const) {
      for (const taken of predicted.imports?.[side] ?? []) imports[side].push(takenImport(taken, site));
    }
    const inner = (logicalId: string) => (nestedStackPath === undefined ? logicalId : `${nestedStackPath}/${logicalId}`);
    for (const change of predicted.changes) if (change.nested !== undefined) read(change.nested, inner(change.logicalId));
    for (const unchanged of predicted.unchangedNested ?? []) read(unchanged.predicted, inner(unchanged.logicalId));
  };
  read(stack.predicted, undefined);
  const waitsFor = (importer: TakenImport, exporterPath: string | undefined): boolean => {
    const from = importer.nestedStackPath?.split('/') ?? [];
    const to = exporterPath?.split('/') ?? [];
    let common = 0;
    while (common < from.length && common < to.length && from[common] === to[common]) common++;
    if (common === to.length) return true;
    // The importer sits in the template that holds the exporter's branch: its outputs are evaluated last.
    if (common === from.length && importer.section === 'Outputs') return true;
    const parent = byPath.get(from.slice(0, common).join('/'));
    return parent?.order?.waitsFor(common < from.length ? from[common] : importer.logicalId, to[common]) === true;
  };
  return { stack: stack.name, events, imports, waitsFor };
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
