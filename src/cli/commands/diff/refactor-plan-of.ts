/**
 * The refactor plan of the stacks `diff` compares: every pair with a stack name (cloud
 * assemblies, or a template with an assembly), each with its account and Region when the
 * assembly gives them. Two template files name no stack, so they give no plan.
 */
import { ChangeSetPredictor, RefactorPlan, RefactorStack } from '../../../change-set';
import { AssemblyStack } from '../../input/read-assembly';
import { StackPair } from '../../input/stack-pairs';

/** The plan of the pairs; undefined when no pair names its stack. */
export function refactorPlanOf(pairs: readonly StackPair[]): RefactorPlan | undefined {
  const stacks: RefactorStack[] = pairs.flatMap((pair) => {
    if (pair.name === undefined) return [];
    const environment = (pair.after ?? pair.before) as Partial<AssemblyStack> | undefined;
    return [{
      stackName: pair.name,
      ...(pair.before === undefined ? {} : { before: pair.before.template }),
      ...(pair.after === undefined ? {} : { after: pair.after.template }),
      ...(environment?.account === undefined ? {} : { account: environment.account }),
      ...(environment?.region === undefined ? {} : { region: environment.region }),
    }];
  });
  return stacks.length === 0 ? undefined : ChangeSetPredictor.planRefactor(stacks);
}
