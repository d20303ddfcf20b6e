import { AppPrediction } from './app/predict-app';
import { FailureVerdict } from './change-set-types';
import { PredictedChangeSet } from './predicted-change-set';

/**
 * The prediction of an app's deployment: each stack's change set, with what only the whole
 * app shows (exports in use, names moved between stacks) as failures on the outputs and
 * resources concerned, in the order `cdk deploy` takes.
 */
export class PredictedApp {
  /** @internal */
  public static _of(prediction: AppPrediction): PredictedApp {
    return new PredictedApp(prediction);
  }

  private readonly sets: ReadonlyMap<string, PredictedChangeSet>;

  private constructor(private readonly prediction: AppPrediction) {
    this.sets = new Map(prediction.stacks.map((stack) => [stack.name, PredictedChangeSet._of(stack.predicted, undefined, stack.name)]));
  }

  /** The stack names, in the order they were given. */
  public get stackNames(): string[] {
    return this.prediction.stacks.map((stack) => stack.name);
  }

  /**
   * The order `cdk deploy` updates the stacks in: each after the stacks it depends on, else
   * in the order given. A stack the app no longer has is not deployed, and not listed.
   */
  public get deploymentOrder(): string[] {
    return [...this.prediction.order.names];
  }

  /** Every failure of every stack (`stackName` set), in deployment order, certain ones first. */
  public get failures(): FailureVerdict[] {
    const order = [...this.prediction.order.names, ...this.stackNames.filter((name) => !this.prediction.order.names.includes(name))];
    const all = order.flatMap((name) => this.sets.get(name)!.failures);
    return [...all.filter((failure) => failure.certainty === 'Certain'), ...all.filter((failure) => failure.certainty !== 'Certain')];
  }

  /**
   * The change set of one stack.
   *
   * @param stackName a name given to `predictApp`
   * @returns the change set, or undefined for a name that was not given
   */
  public changeSetOf(stackName: string): PredictedChangeSet | undefined {
    return this.sets.get(stackName);
  }
}
