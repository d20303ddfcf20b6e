/**
 * The guard's standing errors, per app, and the failure they make of the app's synthesis.
 *
 * An error is an annotation (`Annotations.of(construct).addError`), and `cdk synth` fails on the
 * errors in the metadata of the stacks it selects. Without a stack selector those are the
 * top-level stacks only (the CLI's default selection, which also validates only them), so an
 * error in a stack inside a Stage would pass `cdk synth` and `cdk deploy`. The app's own
 * synthesis sees every Stage (each is synthesized first, with its annotations), so the guard
 * fails it there: a validation on the app returns the errors, and aws-cdk-lib throws
 * ("Validation failed with the following errors"), as it does for any construct's validation.
 *
 * Errors only in top-level stacks are left to `cdk synth`, which reports each under its stack, as
 * it does for any annotation; the app's synthesis then goes on, so `Annotations.fromStack` and
 * `Template.fromStack` keep working in tests. A Stage synthesized on its own (`Template.fromStack`
 * of one of its stacks) is not failed either: only the synthesis of the whole app is.
 */
import { Stage } from 'aws-cdk-lib';
import { IConstruct } from 'constructs';
import { addFinding } from './add-finding';

/** One standing error: where it is and what it says. */
interface StandingError {
  readonly constructPath: string;
  /** True for a construct in a stack inside a Stage: `cdk synth` does not check it without a selector. */
  readonly inStage: boolean;
  readonly text: string;
}

/** The guard's standing errors of every app it visits. */
export class GuardErrors {
  private readonly byApp = new WeakMap<IConstruct, Map<string, StandingError>>();

  /**
   * Adds a finding as `addFinding` does and remembers it when it is an error that stands (not
   * acknowledged). Returns whether the finding stands.
   */
  public add(construct: IConstruct, level: 'warning' | 'error', id: string, message: string): boolean {
    const stands = addFinding(construct, level, id, message);
    if (stands && level === 'error') this.remember(construct, `${message} [${id}]`);
    return stands;
  }

  /**
   * Remembers an error that cannot be annotated any more (its Stage's cloud assembly is written):
   * it counts for the app's synthesis only.
   */
  public remember(construct: IConstruct, text: string): void {
    const root = construct.node.root;
    let errors = this.byApp.get(root);
    if (errors === undefined) this.byApp.set(root, errors = new Map());
    // A synthesis may run twice (an assertion synthesizes once per call): one entry per error.
    errors.set(`${construct.node.path}\u0000${text}`, { constructPath: construct.node.path, inStage: Stage.of(construct) !== root, text });
  }

  /**
   * The validation messages that fail the synthesis of the app `root`: one message listing every
   * standing error of the app when one of them is in a stack inside a Stage; none otherwise.
   */
  public failureOf(root: IConstruct): string[] {
    const errors = [...(this.byApp.get(root)?.values() ?? [])];
    const inStages = errors.filter((error) => error.inStage).length;
    if (inStages === 0) return [];
    const count = (n: number) => (n === 1 ? '1 error' : `${n} errors`);
    const found = inStages === errors.length ? count(inStages) : `${count(errors.length)}, ${inStages} of them`;
    return [[
      `ReplacementGuard found ${found} in stacks inside Stages, which \`cdk synth\` and \`cdk deploy\` check only when they are selected (\`cdk synth '**'\`): the synthesis fails here so that none of them is deployed.`,
      ...errors.map((error) => `    ${error.constructPath}: ${error.text}`),
      '  Fix each, or acknowledge one whose failure is accepted with Annotations.of(construct).acknowledgeWarning(id, reason) (the id is in brackets).',
    ].join('\n')];
  }
}
