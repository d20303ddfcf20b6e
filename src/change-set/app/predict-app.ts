/**
 * The app as CloudFormation deploys it: each stack's change set, then what only the whole app
 * shows, played in the order `cdk deploy` takes:
 *
 *   predict each stack -> deployment order -> ties (exports, imports) -> export verdicts
 *     -> names moved between stacks -> verdicts attached to outputs and resources
 *
 * Pure, like the per-stack pipeline: the templates are never changed.
 */
import { crossStackNames } from './cross-stack-names';
import { DeploymentOrder } from './deployment-order';
import { ExportLink, exportLinks } from './export-links';
import { ExportVerdict, exportVerdicts } from './export-verdicts';
import { stackTies } from './stack-ties';
import { staysDeployed } from './stays-deployed';
import { isObject, own } from '../json';
import { Failure, PredictedResource, PredictedStack } from '../model';
import { OutputChange } from '../output-changes';
import { PredictOptions } from '../predict-options';
import { predictWithSpec } from '../predict-with-spec';
import { ReplacementSpec, SpecLookup } from '../replacement-spec-lookup';

/** One stack of the app, as given. */
export interface AppStackInput {
  readonly name: string;
  /** The deployed template; undefined for a stack not deployed yet. */
  readonly before?: unknown;
  /** The new template; undefined for a stack the app no longer has. */
  readonly after?: unknown;
  /** Nested stack templates by path of logical ids, on each side. */
  readonly nestedBefore: ReadonlyMap<string, unknown>;
  readonly nestedAfter: ReadonlyMap<string, unknown>;
  /** Options of the stack's own prediction (parameters, description, environment); nested stacks are taken from the maps. */
  readonly options: Omit<PredictOptions, 'nestedStacks'>;
  /** Names of the stacks it depends on (the new app's manifest). */
  readonly dependsOn: readonly string[];
  readonly account?: string;
  readonly region?: string;
}

/** The prediction of the app. */
export interface AppPrediction {
  /** Each stack's prediction, in the order given; a stack the app no longer has changes nothing and says so in its notes. */
  readonly stacks: ReadonlyArray<{ readonly name: string; readonly predicted: PredictedStack }>;
  /** The order of the new app's stacks; a stack it no longer has is not in it. */
  readonly order: DeploymentOrder;
  /** Who imports which export, on either side (importers outside the app included, when given). */
  readonly links: readonly ExportLink[];
}

const EMPTY = { Resources: {} };

/**
 * Predicts the app.
 *
 * @param externalImporters for each export name, the stacks outside the app known to import it (a snapshot of the deployed state)
 */
export function predictApp(
  inputs: readonly AppStackInput[],
  spec: ReplacementSpec,
  externalImporters: ReadonlyMap<string, readonly string[]> = new Map(),
): AppPrediction {
  const predicted = inputs.map((input) => {
    // Each nested stack with the sides given: one on a side only is added or removed whole with its stack resource.
    const nestedStacks: NonNullable<PredictOptions['nestedStacks']> = {};
    for (const path of new Set([...input.nestedBefore.keys(), ...input.nestedAfter.keys()])) {
      nestedStacks[path] = { before: input.nestedBefore.get(path), after: input.nestedAfter.get(path) };
    }
    return {
      input,
      predicted: predictWithSpec(input.before ?? EMPTY, input.after ?? EMPTY, { ...input.options, nestedStacks }, spec),
    };
  });
  const deployed = inputs.filter((input) => input.after !== undefined);
  const order = new DeploymentOrder(deployed.map((input) => ({ name: input.name, dependsOn: input.dependsOn })));
  const ties = predicted.map(({ input, predicted: stack }) => stackTies({ name: input.name, predicted: stack }));
  const exportFindings = exportVerdicts(ties, order, externalImporters);
  const moves = crossStackNames(predicted.map(({ input, predicted: stack }) => ({
    name: input.name,
    predicted: stack,
    ...(input.account === undefined ? {} : { account: input.account }),
    ...(input.region === undefined ? {} : { region: input.region }),
  })), order, new SpecLookup(spec));

  return {
    order,
    links: exportLinks(ties, externalImporters),
    stacks: predicted.map(({ input, predicted: stack }) => {
      // A stack the app no longer has changes nothing: its deletion's prediction only told the rest of the app what it holds.
      if (input.after === undefined && input.before !== undefined) return { name: input.name, predicted: staysDeployed(input.name, stack) };
      let result = stack;
      for (const finding of exportFindings) if (finding.target.site.stack === input.name) result = withExportVerdict(result, finding);
      for (const move of moves) {
        if (move.site.stack !== input.name) continue;
        result = atPath(result, move.site.nestedStackPath, move.failure, (at) => withResourceFailure(at, move.site.logicalId, move.failure));
      }
      return { name: input.name, predicted: result };
    }),
  };
}

/** The stack with an export verdict on its output, or on the resource or output that imports. */
function withExportVerdict(stack: PredictedStack, verdict: ExportVerdict): PredictedStack {
  const { target } = verdict;
  const failure = verdict.failure;
  if (target.kind === 'import' && target.site.section === 'Resources') {
    if (failure === undefined) return stack;
    return atPath(stack, target.site.nestedStackPath, failure, (at) => withResourceFailure(at, target.site.logicalId, failure));
  }
  const outputId = target.kind === 'output' ? target.site.outputId : target.site.logicalId;
  return atPath(stack, target.site.nestedStackPath, failure, (at) => ({
    ...at,
    outputs: (at.outputs ?? []).map((output): OutputChange => {
      if (output.outputId !== outputId) return output;
      return {
        ...output,
        ...(failure === undefined ? {} : { failure: stronger(output.failure, failure) }),
        ...(verdict.note === undefined ? {} : { notes: [...output.notes ?? [], verdict.note] }),
      };
    }),
  }));
}

function withResourceFailure(stack: PredictedStack, logicalId: string, failure: Failure): PredictedStack {
  return {
    ...stack,
    changes: stack.changes.map((change): PredictedResource => (change.logicalId === logicalId
      ? { ...change, failure: stronger(change.failure, failure) }
      : change)),
  };
}

/** The failure that stands: a Certain one over a Possible one, else the one found first. */
function stronger(existing: Failure | undefined, found: Failure): Failure {
  if (existing === undefined) return found;
  return existing.certainty === 'Possible' && found.certainty === 'Certain' ? found : existing;
}

/**
 * The stack with `update` applied to the nested stack at `path` (to itself without one). A
 * nested stack that was not predicted (added or removed whole, or without its templates) has
 * no change set of its own: its failure goes on its stack resource, naming the nested stack.
 */
function atPath(
  stack: PredictedStack, path: string | undefined, failure: Failure | undefined, update: (stack: PredictedStack) => PredictedStack,
): PredictedStack {
  if (path === undefined) return update(stack);
  const [head, ...rest] = path.split('/');
  const inner = rest.length === 0 ? undefined : rest.join('/');
  const holder = stack.changes.find((change) => change.logicalId === head);
  if (holder?.nested === undefined) {
    if (failure === undefined || holder === undefined) return stack;
    return withResourceFailure(stack, head, { ...failure, reason: `in nested stack ${path}: ${failure.reason}` });
  }
  return {
    ...stack,
    changes: stack.changes.map((change) => (change === holder ? { ...change, nested: atPath(holder.nested!, inner, failure, update) } : change)),
  };
}

/** Reads nested stack templates given as `{ path: { before, after } }`. */
export function nestedSides(nestedStacks: unknown): { before: Map<string, unknown>; after: Map<string, unknown> } {
  const before = new Map<string, unknown>();
  const after = new Map<string, unknown>();
  if (isObject(nestedStacks)) {
    for (const path of Object.keys(nestedStacks)) {
      const entry = nestedStacks[path];
      if (!isObject(entry)) continue;
      if (own(entry, 'before') !== undefined) before.set(path, own(entry, 'before'));
      if (own(entry, 'after') !== undefined) after.set(path, own(entry, 'after'));
    }
  }
  return { before, after };
}
