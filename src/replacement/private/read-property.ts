/**
 * Reads one CloudFormation property of a `CfnResource` without rendering or resolving the
 * others: resolving every property of every resource in an aspect costs ~10% of a synth,
 * and the guard needs only the name.
 *
 * Order, as CloudFormation output would have it: a property override (`addPropertyOverride`
 * or `addOverride('Properties.X')`, including a deletion override) wins; then the L1's
 * attribute (found through the class's CloudFormation-to-attribute name map); then the
 * properties a raw `CfnResource` was created with.
 */
import { CfnResource, Stack, Token } from 'aws-cdk-lib';

/** The value of a property, and whether it is set at all. */
export interface PropertyValue {
  readonly set: boolean;
  readonly value?: unknown;
  /**
   * A token that resolves to nothing yet. L2 constructs pass their physical name this way;
   * with `PhysicalName.GENERATE_IF_NEEDED`, CDK fills it in later in the synthesis (when a
   * reference from another environment needs it).
   */
  readonly pending?: boolean;
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

function overrideOf(resource: CfnResource, cfnName: string): PropertyValue | undefined {
  const overrides = (resource as unknown as { rawOverrides?: { Properties?: Record<string, unknown> } }).rawOverrides;
  const properties = overrides?.Properties;
  if (!properties || typeof properties !== 'object' || !Object.prototype.hasOwnProperty.call(properties, cfnName)) return undefined;
  const value = properties[cfnName];
  return { set: value !== undefined && value !== null, value };
}

/**
 * Reads `cfnName` of `resource`. A token counts as set only when it resolves to a value: L2
 * constructs pass their (often absent) physical name as a token.
 */
export function readCfnProperty(resource: CfnResource, cfnName: string): PropertyValue {
  const raw = readRaw(resource, cfnName);
  if (!raw.set || !Token.isUnresolved(raw.value)) return raw;
  let resolved: unknown;
  try {
    resolved = Stack.of(resource).resolve(raw.value);
  } catch {
    return raw;
  }
  return resolved === undefined || resolved === null ? { set: false, pending: true } : raw;
}

function readRaw(resource: CfnResource, cfnName: string): PropertyValue {
  const override = overrideOf(resource, cfnName);
  if (override) return override;
  const attribute = attributeNames(resource)?.get(cfnName);
  let value: unknown;
  if (attribute !== undefined) {
    value = (resource as unknown as Record<string, unknown>)[attribute];
  } else {
    const raw = (resource as unknown as { _cfnProperties?: Record<string, unknown> })._cfnProperties;
    value = raw && typeof raw === 'object' ? raw[cfnName] : undefined;
  }
  return { set: value !== undefined && value !== null, value };
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
