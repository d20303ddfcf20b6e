/**
 * A template CloudFormation refuses before it starts (see `checkTemplate`): nothing of its
 * stack is played, and the CLI prints each problem with its rule and exits 2.
 */
import { checkTemplate, TemplateProblem } from './template-checks';
import { AssemblyStack } from '../../assembly/read-assembly';
import { LocalSetupError } from '../local-setup-error';

/** The template of a stack breaks CloudFormation's template checks. */
export class TemplateRejectedError extends LocalSetupError {
  /**
   * @param stackName the stack whose template is refused
   * @param problems what breaks which rule, at which JSON pointer
   */
  public constructor(public readonly stackName: string, public readonly problems: readonly TemplateProblem[]) {
    super(
      [`CloudFormation would refuse the template of stack ${stackName} before it starts, so nothing was played:`,
        ...problems.map((problem) => `  - ${problem.path === '' ? '' : `[${problem.path}] `}${problem.message} [${problem.rule}]`)].join('\n'),
      'fix the template: every custom resource of a refused template would never get a request',
    );
    this.name = 'TemplateRejectedError';
  }
}

/**
 * Refuses a stack whose template (or a nested stack's) CloudFormation would refuse.
 *
 * @throws TemplateRejectedError listing every problem
 */
export function assertTemplateAccepted(stack: AssemblyStack): void {
  const problems = [
    ...checkTemplate(stack.template, stack.templateBytes),
    ...[...stack.nestedTemplates].flatMap(([nested, template]) => checkTemplate(template)
      .map((problem) => ({ ...problem, message: `nested stack ${nested}: ${problem.message}` }))),
  ];
  if (problems.length > 0) throw new TemplateRejectedError(stack.name, problems);
}
