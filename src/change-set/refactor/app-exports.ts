/**
 * The exports of an app on one side of the change (deployed, or new), and the export names its
 * stacks import: the ties a refactor has to keep, read with the shared reader
 * (`template/template-exports.ts`).
 *
 * Names are evaluated as far as they can be known offline for their own stack: literals,
 * `Fn::Sub`/`Fn::Join` of `AWS::StackName` (and the account and Region when the stack's
 * environment gives them) and parameters with a default. A name that cannot be known is not an
 * export here: nothing can be said to import it.
 */
import { Evaluate, readImports, readOutputs, TemplateImport } from '../../template/template-exports';
import { canonicalText } from '../json';
import { NormalizedTemplate } from '../normalize';
import { TemplateEvaluator } from '../template-evaluator';

/** One stack as this reader needs it. */
export interface ExportingStack {
  readonly name: string;
  /** The template as written (its `Outputs` are read). */
  readonly raw: unknown;
  readonly normalized: NormalizedTemplate;
  /** `unknown-account` / `unknown-region` when not known. */
  readonly account: string;
  readonly region: string;
}

/** An export: the stack and output that declare it, and the output's value as written. */
export interface AppExport {
  readonly name: string;
  readonly stack: string;
  readonly outputId: string;
  readonly value: unknown;
}

/** The exports of the stacks of one side, by name, and what each stack imports. */
export class AppExports {
  /** Reads the exports and imports of the stacks. */
  public static of(stacks: readonly ExportingStack[]): AppExports {
    return new AppExports(stacks);
  }

  private readonly byName = new Map<string, AppExport>();
  /** `stack\0canonical value` -> the first export of that value. */
  private readonly byValue = new Map<string, AppExport>();
  /** `stack\0output id` -> its export. */
  private readonly byOutput = new Map<string, AppExport>();
  private readonly evaluators = new Map<string, Evaluate>();
  private readonly imports = new Map<string, TemplateImport[]>();

  private constructor(stacks: readonly ExportingStack[]) {
    for (const stack of stacks) {
      const evaluate = evaluatorOf(stack);
      this.evaluators.set(stack.name, evaluate);
      for (const output of readOutputs(stack.raw, evaluate)) {
        const name = output.exportName?.name;
        if (name === undefined || this.byName.has(name)) continue;
        const entry = { name, stack: stack.name, outputId: output.outputId, value: output.value };
        this.byName.set(name, entry);
        this.byOutput.set(`${stack.name}\u0000${output.outputId}`, entry);
        const value = `${stack.name}\u0000${canonicalText(output.value)}`;
        if (!this.byValue.has(value)) this.byValue.set(value, entry);
      }
      this.imports.set(stack.name, readImports(stack.raw, evaluate));
    }
  }

  /** The export of that name, when a stack of this side declares it. */
  public get(name: string): AppExport | undefined {
    return this.byName.get(name);
  }

  /** Every export, in the order the stacks declare them. */
  public get all(): readonly AppExport[] {
    return [...this.byName.values()];
  }

  /** The export an output of `stack` declares, when it has one. */
  public ofOutput(stack: string, outputId: string): AppExport | undefined {
    return this.byOutput.get(`${stack}\u0000${outputId}`);
  }

  /** The export an `Fn::ImportValue` operand written in `stack` names, when it is known and declared. */
  public imported(stack: string, operand: unknown): AppExport | undefined {
    const evaluate = this.evaluators.get(stack);
    if (evaluate === undefined) return undefined;
    const name = evaluate(operand);
    return name.known && typeof name.value === 'string' ? this.byName.get(name.value) : undefined;
  }

  /** The names `stack` imports, known ones only, with where each import sits. */
  public importsOf(stack: string): readonly TemplateImport[] {
    return this.imports.get(stack) ?? [];
  }

  /** The export of `stack` whose value is this expression (compared as written), when there is one. */
  public exportOf(stack: string, value: unknown): AppExport | undefined {
    return this.byValue.get(`${stack}\u0000${canonicalText(value)}`);
  }
}

/** Evaluates a stack's expressions with what is known of it offline. */
function evaluatorOf(stack: ExportingStack): Evaluate {
  const values = new Map<string, string>();
  for (const [name, value] of stack.normalized.parameters) if (value !== undefined) values.set(name, value);
  values.set('AWS::StackName', stack.name);
  if (stack.account !== 'unknown-account') values.set('AWS::AccountId', stack.account);
  if (stack.region !== 'unknown-region') values.set('AWS::Region', stack.region);
  const evaluator = new TemplateEvaluator(stack.normalized, values);
  return (expression) => evaluator.value(expression);
}
