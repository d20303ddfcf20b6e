/**
 * Values the user gives for what only a deployment knows: `Ref` of a resource or parameter
 * (`Bucket`, `DbPassword`) and `Fn::GetAtt` of a resource (`Db.Endpoint.Address`), optionally
 * for one stack only (`Data:Db.Endpoint.Address`). The runner uses them instead of its own
 * placeholders in every request it plays (the Create of a lifecycle, a change set's requests)
 * and in the functions' environment variables, so that a provider can be played against a
 * local server (a database on 127.0.0.1) before any deploy.
 */
import { AssemblyStack } from '../../assembly/read-assembly';
import { isPlainObject } from '../../change-set/input/read-template';
import { LocalSetupError } from '../local-setup-error';

/** One given value, parsed. */
interface Given {
  /** The key as the user wrote it. */
  readonly key: string;
  /** The stack it is for; undefined for every stack. */
  readonly stack?: string;
  readonly logicalId: string;
  /** `Fn::GetAtt`'s attribute; undefined for `Ref`. */
  readonly attribute?: string;
  readonly value: unknown;
}

/** The values of the user's placeholders, looked up by stack, logical id and attribute. */
export class Placeholders {
  /**
   * Reads `{ "Db.Endpoint.Address": "127.0.0.1", "Data:Bucket": "my-bucket" }`.
   *
   * @throws LocalSetupError for a key that is not `[Stack:]LogicalId[.Attribute]`, or a value
   *   that is not JSON (undefined, a function)
   */
  public static of(values: Readonly<Record<string, unknown>> = {}): Placeholders {
    const given = Object.entries(values).map(([key, value]): Given => {
      const match = /^(?:([^:]+):)?([A-Za-z0-9]+)(?:\.(.+))?$/.exec(key);
      if (match === null) {
        throw new LocalSetupError(`the placeholder "${key}" names no Ref or Fn::GetAtt: expected LogicalId (a Ref), LogicalId.Attribute (a Fn::GetAtt), optionally after Stack:`, 'for example Bucket=my-bucket or Db.Endpoint.Address=127.0.0.1');
      }
      if (value === undefined || typeof value === 'function' || typeof value === 'symbol' || typeof value === 'bigint') {
        throw new LocalSetupError(`the placeholder "${key}" has no JSON value (got ${typeof value}): give the value CloudFormation would use, usually a string`);
      }
      const [, stack, logicalId, attribute] = match;
      return { key, ...(stack === undefined ? {} : { stack }), logicalId, ...(attribute === undefined ? {} : { attribute }), value };
    });
    return new Placeholders(given);
  }

  private constructor(private readonly given: readonly Given[]) {}

  /** Whether any value was given. */
  public get size(): number {
    return this.given.length;
  }

  /**
   * The given value of `Ref logicalId` (no attribute) or `Fn::GetAtt logicalId.attribute` in
   * `stack`: one for that stack wins over one for every stack; undefined when none was given.
   */
  public lookup(stack: AssemblyStack, logicalId: string, attribute?: string): { readonly key: string; readonly value: unknown } | undefined {
    const matches = this.given.filter((given) => given.logicalId === logicalId && given.attribute === attribute
      && (given.stack === undefined || named(stack, given.stack)));
    const found = matches.find((given) => given.stack !== undefined) ?? matches[0];
    return found === undefined ? undefined : { key: found.key, value: found.value };
  }

  /**
   * Checks that each value names a resource or parameter of the stacks (of the stack it is
   * for, when it names one): a misspelt name would otherwise be ignored without a word.
   *
   * @throws LocalSetupError naming the first that does not, and what the stacks have
   */
  public check(stacks: readonly AssemblyStack[]): void {
    for (const given of this.given) {
      const candidates = given.stack === undefined ? stacks : stacks.filter((stack) => named(stack, given.stack!));
      if (candidates.length === 0) {
        throw new LocalSetupError(`the placeholder "${given.key}" is for stack ${given.stack}, which is not in the assembly`, `stacks there: ${stacks.map((stack) => stack.name).join(', ')}`);
      }
      if (candidates.some((stack) => names(stack).includes(given.logicalId))) continue;
      const where = given.stack === undefined ? 'no stack of the assembly has a' : `stack ${given.stack} has no`;
      throw new LocalSetupError(`the placeholder "${given.key}" names ${given.logicalId}, but ${where} resource or parameter of that logical id`, 'a placeholder takes the logical id of a resource (or parameter) of the template, as Ref and Fn::GetAtt name it');
    }
  }
}

/** Whether `name` is the stack's name, artifact id or construct path. */
function named(stack: AssemblyStack, name: string): boolean {
  return [stack.name, stack.artifactId, stack.displayName].includes(name);
}

/** The logical ids a `Ref` can name in a stack: its resources and parameters. */
function names(stack: AssemblyStack): string[] {
  const parameters = isPlainObject(stack.template.Parameters) ? Object.keys(stack.template.Parameters) : [];
  return [...Object.keys(stack.template.Resources), ...parameters];
}
