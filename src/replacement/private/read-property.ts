/**
 * Reads one CloudFormation property of a `CfnResource` without rendering or resolving the
 * others: resolving every property of every resource in an aspect costs ~10% of a synth,
 * and the guard needs only the name. Literal names are never resolved; a token is resolved
 * once, when the tree is validated.
 *
 * Order, as CloudFormation output would have it: a property override (`addPropertyOverride`
 * or `addOverride('Properties.X')`, including a deletion override) wins; then the L1's
 * attribute (found through the class's CloudFormation-to-attribute name map); then the
 * properties a raw `CfnResource` was created with.
 */
import { CfnResource, IResolveContext, Stack, Token, Tokenization } from 'aws-cdk-lib';

/**
 * A property as written: absent, a literal, or a token. A token may still resolve to nothing:
 * L2 constructs pass their (often absent) physical name as a token, and with
 * `PhysicalName.GENERATE_IF_NEEDED` CDK fills it in late in the synthesis.
 */
export interface PropertyValue {
  readonly kind: 'absent' | 'literal' | 'token';
  readonly value?: unknown;
}

const attributeNameCache = new WeakMap<object, Map<string, string>>();

function attributeNames(resource: CfnResource): Map<string, string> | undefined {
  const names = (resource as unknown as { cfnPropertyNames?: Record<string, string> }).cfnPropertyNames;
  if (!names || typeof names !== 'object') return undefined;
  const key = Object.getPrototypeOf(resource) as object;
  let map = attributeNameCache.get(key);
  if (!map) {
    map = new Map(Object.entries(names).map(([attribute, cfnName]) => [cfnName, attribute]));
    attributeNameCache.set(key, map);
  }
  return map;
}

function valueOf(resource: CfnResource, cfnName: string): unknown {
  const overrides = (resource as unknown as { rawOverrides?: { Properties?: Record<string, unknown> } }).rawOverrides?.Properties;
  if (overrides && typeof overrides === 'object' && Object.prototype.hasOwnProperty.call(overrides, cfnName)) return overrides[cfnName];
  const attribute = attributeNames(resource)?.get(cfnName);
  if (attribute !== undefined) return (resource as unknown as Record<string, unknown>)[attribute];
  const raw = (resource as unknown as { _cfnProperties?: Record<string, unknown> })._cfnProperties;
  return raw && typeof raw === 'object' ? raw[cfnName] : undefined;
}

/** Reads `cfnName` of `resource` as written, without resolving anything. */
export function readCfnProperty(resource: CfnResource, cfnName: string): PropertyValue {
  const value = valueOf(resource, cfnName);
  if (value === undefined || value === null) return { kind: 'absent' };
  return { kind: Token.isUnresolved(value) ? 'token' : 'literal', value };
}

/**
 * Whether a token property resolves to a value now. Most names seen here are an L2's absent
 * physical name, a single token whose resolvable yields `undefined`: that one resolvable is
 * asked directly, which costs a fraction of a full `Stack.resolve`. Anything else (a token
 * inside a longer string, a value that is itself a token) goes through `Stack.resolve`.
 */
export function resolvesToValue(resource: CfnResource, value: unknown): boolean {
  const fragments = typeof value === 'string' ? Tokenization.reverseString(value) : undefined;
  const token = fragments && fragments.length === 1 ? fragments.firstToken : undefined;
  if (token) {
    try {
      const direct = token.resolve(resolveContext(resource));
      if (direct === undefined || direct === null) return false;
      if (!Token.isUnresolved(direct)) return true;
    } catch {
      // fall through to a full resolution
    }
  }
  try {
    const resolved = Stack.of(resource).resolve(value);
    return resolved !== undefined && resolved !== null;
  } catch {
    return true;
  }
}

function resolveContext(resource: CfnResource): IResolveContext {
  return {
    scope: resource,
    preparing: false,
    documentPath: [],
    resolve: (x: unknown) => Stack.of(resource).resolve(x),
    registerPostProcessor: () => undefined,
  };
}

/** A short rendering of a property value for messages: the literal, or what a token resolves to. */
export function describeValue(resource: CfnResource, value: unknown): string {
  if (typeof value === 'string' && !Token.isUnresolved(value)) return JSON.stringify(value);
  let resolved: unknown;
  try {
    resolved = Stack.of(resource).resolve(value);
  } catch {
    return 'a token';
  }
  const text = JSON.stringify(resolved) ?? String(resolved);
  const clipped = text.length > 120 ? `${text.slice(0, 117)}...` : text;
  return typeof resolved === 'string' ? `${clipped} (a token resolved at synth time, such as a name CDK generates)` : `a token, ${clipped}`;
}
