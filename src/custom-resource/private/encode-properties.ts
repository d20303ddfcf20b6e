/**
 * Synth-time half of type fidelity: the shape of the JSON types in a `ProvidedResource`'s
 * properties, so the runtime can undo CloudFormation's stringification.
 *
 * The shape grows with the number of distinct shapes, not with the number of values: a string
 * has none (strings are what CloudFormation delivers anyway), a number is `"n"`, a boolean
 * `"b"`, a null `"z"`; an object is an object of the shapes of its members that have one; a
 * list whose items all have one shape is `[shape]` (60,000 numbers: `["n"]`), any other list
 * an object of the shapes of its items by index. The properties are resolved first (tokens
 * included: `Lazy.any(() => 7)` is the number 7, `Fn.conditionIf(c, 5, 6)` a number), and an
 * intrinsic whose every outcome has one shape (the branches of `Fn::If`) has that shape.
 *
 * A number token is a number in the user's code (`cluster.clusterEndpoint.port`, a
 * `CfnParameter`'s `valueAsNumber`, also in a list or a branch of `Fn.conditionIf`) but
 * resolves to an intrinsic (`Fn::GetAtt`, `Ref`) that has no shape of its own: the shapes are
 * read from a resolution in which every number token stands for a number
 * (`resolveForShapes`).
 *
 * CloudFormation refuses a template with `null` anywhere ("'null' values are not allowed in
 * templates"), so the properties are written without them: a null object member is left
 * out, a null list item becomes "" (keeping the positions of the items after it), and the
 * runtime puts each null back from the shape.
 */
import {
  DefaultTokenResolver, IPostProcessor, IResolvable, IResolveContext, StringConcat, Token, Tokenization,
} from 'aws-cdk-lib';
import { ConstructPropsError } from './validation-error';
import { ENCODING_VERSION, EncodedOptions, TypeShape } from '../../runtime/contract';

/** The shape of a resolved JSON value (template JSON: intrinsics are objects), undefined for a string. */
export function shapeOf(value: unknown): TypeShape | undefined {
  if (value === null) return 'z';
  if (typeof value === 'number') return 'n';
  if (typeof value === 'boolean') return 'b';
  if (Array.isArray(value)) return listShape(value.map(shapeOf));
  if (typeof value !== 'object' || value === undefined) return undefined;
  const keys = Object.keys(value);
  if (keys.length === 1 && (keys[0] === 'Ref' || keys[0].startsWith('Fn::'))) return intrinsicShape(keys[0], (value as Record<string, unknown>)[keys[0]]);
  const shape: Record<string, TypeShape> = {};
  for (const key of keys) {
    const member = shapeOf((value as Record<string, unknown>)[key]);
    if (member !== undefined) defineOwn(shape, key, member);
  }
  return Object.keys(shape).length > 0 ? shape : undefined;
}

/** `[shape]` when every item has the same one, else the items' shapes by index. */
function listShape(items: Array<TypeShape | undefined>): TypeShape | undefined {
  if (items.length === 0 || items.every((item) => item === undefined)) return undefined;
  const first = JSON.stringify(items[0]);
  if (items[0] !== undefined && items.every((item) => JSON.stringify(item) === first)) return [items[0]];
  const byIndex: Record<string, TypeShape> = {};
  items.forEach((item, index) => { if (item !== undefined) byIndex[index] = item; });
  return byIndex;
}

/** An intrinsic's shape: the one every branch of `Fn::If` shares (AWS::NoValue aside), else none (a string). */
function intrinsicShape(name: string, argument: unknown): TypeShape | undefined {
  if (name !== 'Fn::If' || !Array.isArray(argument) || argument.length !== 3) return undefined;
  const branches = argument.slice(1).filter((branch) => !(typeof branch === 'object' && branch !== null && (branch as { Ref?: unknown }).Ref === 'AWS::NoValue'));
  const shapes = branches.map(shapeOf);
  const first = JSON.stringify(shapes[0]);
  return shapes.length > 0 && shapes.every((shape) => JSON.stringify(shape) === first) ? shapes[0] : undefined;
}

function defineOwn(target: Record<string, unknown>, key: string, value: unknown): void {
  Object.defineProperty(target, key, { value, enumerable: true, writable: true, configurable: true });
}

/** What a number token stands for when only its type matters. */
const A_NUMBER = 0;

/** The value with each number token replaced by a plain number (a copy; tokens of other types stay). */
function numbersResolved(value: unknown): unknown {
  if (typeof value === 'number') return Token.isUnresolved(value) ? A_NUMBER : value;
  if (Array.isArray(value)) return value.map(numbersResolved);
  if (typeof value !== 'object' || value === null || Tokenization.isResolvable(value)) return value;
  const prototype = Object.getPrototypeOf(value);
  if (prototype !== Object.prototype && prototype !== null) return value;
  const copy: Record<string, unknown> = {};
  for (const [key, item] of Object.entries(value)) defineOwn(copy, key, numbersResolved(item));
  return copy;
}

/**
 * Resolves as aws-cdk-lib does, but every number token met on the way (also one a `Lazy` or
 * an intrinsic's operands produce) becomes a plain number: the result has the shapes the
 * user's values have.
 */
class NumberShapeResolver extends DefaultTokenResolver {
  constructor() {
    super(new StringConcat());
  }

  public resolveToken(t: IResolvable, context: IResolveContext, postProcessor: IPostProcessor): any {
    const produced: IResolvable = {
      creationStack: t.creationStack,
      typeHint: t.typeHint,
      resolve: (inner) => numbersResolved(t.resolve(inner)),
      toString: () => t.toString(),
    };
    return super.resolveToken(produced, context, postProcessor);
  }
}

/**
 * The properties resolved for their shapes only: number tokens are numbers (`0`), everything
 * else as `context.resolve` makes it (strings may differ: they have no shape).
 */
export function resolveForShapes(properties: { [key: string]: unknown }, context: IResolveContext): unknown {
  const options = { scope: context.scope, preparing: context.preparing, resolver: new NumberShapeResolver() };
  return Tokenization.resolve(numbersResolved(properties), options);
}

/** The reserved property's value for these (resolved) properties. */
export function encodeOptions(properties: { [key: string]: unknown }, replaceOnChange: string[]): EncodedOptions {
  const types = shapeOf(properties);
  return {
    v: ENCODING_VERSION,
    ...(types !== undefined ? { t: types } : {}),
    ...(replaceOnChange.length ? { replaceOnChange } : {}),
  };
}

/** What a null list item is written as; the runtime turns it back into null. */
export const NULL_ITEM = '';

/**
 * The properties as they are written into the template: nulls left out (members) or written
 * as "" (list items), everything else as given.
 *
 * @throws ConstructPropsError for a value CloudFormation cannot take (a number that is not
 * finite, undefined in a list or a hole in a sparse one, a function, a symbol, a bigint, an
 * object that is not plain JSON), naming its path
 */
export function cloudFormationProperties(path: string, properties: { [key: string]: unknown }): { [key: string]: unknown } {
  const write = (value: unknown, at: string, inList: boolean): unknown => {
    if (value === null) return inList ? NULL_ITEM : undefined;
    if (Token.isUnresolved(value)) return value;
    if (Array.isArray(value)) {
      const items: unknown[] = [];
      for (let index = 0; index < value.length; index++) {
        if (!(index in value)) refuse(path, `${at}[${index}]`, 'is a hole in a sparse list: aws-cdk-lib drops it and moves the items after it; give every item (null where there is none)');
        if (value[index] === undefined) refuse(path, `${at}[${index}]`, 'is undefined inside a list: aws-cdk-lib drops it and moves the items after it; leave it out or use null (ProvidedResource.JSON_NULL in Python, Java, Go and .NET, where jsii turns None, null and nil into undefined)');
        items.push(write(value[index], `${at}[${index}]`, true));
      }
      return items;
    }
    switch (typeof value) {
      case 'string':
      case 'boolean':
        return value;
      case 'number':
        if (!Number.isFinite(value)) refuse(path, at, `is ${value}: a template holds finite numbers only (JSON has no ${value})`);
        return value;
      case 'object': {
        const prototype = Object.getPrototypeOf(value);
        if (prototype !== Object.prototype && prototype !== null) {
          refuse(path, at, `is ${describe(value)}: properties must be JSON (strings, numbers, booleans, null, lists and plain objects of them) or tokens; convert it first (for example to a string)`);
        }
        const written: { [key: string]: unknown } = {};
        for (const [key, item] of Object.entries(value as Record<string, unknown>)) {
          const out = item === undefined ? undefined : write(item, `${at}.${key}`, false);
          if (out !== undefined) defineOwn(written, key, out);
        }
        return written;
      }
      default:
        return refuse(path, at, `is ${describe(value)}: properties must be JSON (strings, numbers, booleans, null, lists and plain objects of them) or tokens`);
    }
  };
  return write(properties, 'properties', false) as { [key: string]: unknown };
}

function refuse(path: string, property: string, message: string): never {
  throw new ConstructPropsError(path, property, message);
}

function describe(value: unknown): string {
  if (typeof value === 'bigint') return `the bigint ${value}n`;
  if (typeof value === 'function') return 'a function';
  if (typeof value === 'symbol') return `the symbol ${String(value)}`;
  const name = (value as { constructor?: { name?: unknown } }).constructor?.name;
  return typeof name === 'string' && name !== '' ? `a ${name}` : 'an object that is not plain JSON';
}
