import { ConstructPaths, constructPathsOf } from './construct-paths';
import { ChangeSetPredictor, NestedStackTemplates, PredictedChangeSet } from '../../../change-set';
import { ParameterMap, parametersFor, ScopedParameters } from '../../input/parameter-values';
import { StackPair, StackTemplates } from '../../input/stack-pairs';

/** One stack's predicted change set. */
export interface StackDiff {
  /** The stack name; undefined when two template files are compared. */
  readonly name?: string;
  readonly displayName?: string;
  /** Set for a stack on one side only: all its resources are added or removed. */
  readonly onlyIn?: 'before' | 'after';
  readonly changeSet: PredictedChangeSet;
  /** Construct paths (from `aws:cdk:path` metadata) by nested stack path and logical id. */
  readonly constructPaths: ConstructPaths;
}

/** `--parameters-before` and `--parameters-after`, parsed. */
export interface ParameterArgs {
  readonly before: ScopedParameters;
  readonly after: ScopedParameters;
}

const EMPTY: StackTemplates = { template: { Resources: {} }, nestedTemplates: new Map() };

/** Runs the engine on each pair; nested stacks are compared where both sides have their template. */
export function predictStacks(pairs: readonly StackPair[], parameters: ParameterArgs): StackDiff[] {
  return pairs.map((pair) => {
    const before = pair.before ?? EMPTY;
    const after = pair.after ?? EMPTY;
    const nestedStacks: { [path: string]: NestedStackTemplates } = {};
    for (const [path, template] of after.nestedTemplates) {
      const old = before.nestedTemplates.get(path);
      if (old !== undefined) nestedStacks[path] = { before: old, after: template };
    }
    const changeSet = ChangeSetPredictor.predict(before.template, after.template, {
      parameters: { before: nonEmpty(parametersFor(parameters.before, pair.name)), after: nonEmpty(parametersFor(parameters.after, pair.name)) },
      nestedStacks,
    });
    const onlyIn = pair.before === undefined ? 'after' : pair.after === undefined ? 'before' : undefined;
    return {
      ...(pair.name === undefined ? {} : { name: pair.name }),
      ...(pair.displayName === undefined ? {} : { displayName: pair.displayName }),
      ...(onlyIn === undefined ? {} : { onlyIn }),
      changeSet,
      constructPaths: constructPathsOf(pair.before, pair.after),
    };
  });
}

function nonEmpty(values: ParameterMap): ParameterMap | undefined {
  return Object.keys(values).length === 0 ? undefined : values;
}
