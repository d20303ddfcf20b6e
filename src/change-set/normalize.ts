/**
 * Step 1 of the pipeline: read a template into the few shapes the engine needs.
 *
 * Pure and forgiving: a missing `Resources` section, a resource that is not an object or
 * has no `Type`, properties that are not an object, all read as "nothing there" instead of
 * throwing. The input is never changed, and not copied: the result points into it (except
 * for a resource that contains itself, possible only for objects built in code, which is
 * read as a copy with its cycles cut).
 *
 * Each resource keeps its JSON text: equal texts mean an unchanged resource, and the text
 * tells cheaply which names a resource may reference (both done natively, which matters for
 * a first, not yet optimized, call on a large template).
 */
import { checkDepth, isObject, JsonObject, own } from './json';

/** Resource attributes CloudFormation reports in change sets, beside `Properties`. */
export const REPORTED_ATTRIBUTES = ['Metadata', 'CreationPolicy', 'UpdatePolicy', 'DeletionPolicy', 'UpdateReplacePolicy'] as const;

/** One of `REPORTED_ATTRIBUTES`. */
export type ReportedAttribute = typeof REPORTED_ATTRIBUTES[number];

/** One resource of a template. */
export interface NormalizedResource {
  readonly logicalId: string;
  /** `Type`, or '' when it is missing or not a string. */
  readonly type: string;
  /** `Properties`, or an empty object. */
  readonly properties: JsonObject;
  /** The reported attributes that are present. */
  readonly attributes: Readonly<Partial<Record<ReportedAttribute, unknown>>>;
  /** The whole resource as compact JSON text. */
  readonly text: string;
  /** The resource-level `Condition`, when it names one. */
  readonly condition?: string;
  /**
   * Set once conditions are resolved (`resolve-conditions.ts`) when it is not known whether
   * the resource exists: its `Condition` depends on a value not known offline.
   */
  readonly existenceUnknown?: boolean;
}

/** The parts of a template the engine reads. */
export interface NormalizedTemplate {
  readonly resources: ReadonlyMap<string, NormalizedResource>;
  /** Declared parameters and their `Default` as CloudFormation's string, if any. */
  readonly parameters: ReadonlyMap<string, string | undefined>;
  /** Parameters whose value is a list (`CommaDelimitedList`, `List<...>`). */
  readonly listParameters: ReadonlySet<string>;
  /**
   * Parameters whose value CloudFormation reads from Systems Manager at deploy time
   * (`AWS::SSM::Parameter::Value<...>`): the value written is a parameter name, not the value.
   */
  readonly deployTimeParameters: ReadonlySet<string>;
  /** Parameters declared `NoEcho: true`: CloudFormation masks their values. */
  readonly noEchoParameters: ReadonlySet<string>;
  /** The `Conditions` section, or an empty object. */
  readonly conditions: JsonObject;
  /** The `Mappings` section, or an empty object. */
  readonly mappings: JsonObject;
}

/** Reads a template; anything that is not a template reads as an empty one. */
export function normalize(template: unknown): NormalizedTemplate {
  const resources = new Map<string, NormalizedResource>();
  const parameters = new Map<string, string | undefined>();
  const listParameters = new Set<string>();
  const deployTimeParameters = new Set<string>();
  const noEchoParameters = new Set<string>();
  if (!isObject(template)) return { resources, parameters, listParameters, deployTimeParameters, noEchoParameters, conditions: {}, mappings: {} };

  const resourceSection = own(template, 'Resources');
  if (isObject(resourceSection)) {
    for (const logicalId of Object.keys(resourceSection)) {
      // Fn::ForEach (the LanguageExtensions transform) expands to resources only at deploy time.
      if (logicalId.startsWith('Fn::ForEach::')) continue;
      const resource = own(resourceSection, logicalId);
      if (!isObject(resource)) continue;
      resources.set(logicalId, normalizeResource(logicalId, resource));
    }
  }

  const parameterSection = own(template, 'Parameters');
  if (isObject(parameterSection)) {
    for (const name of Object.keys(parameterSection)) {
      const declaration = own(parameterSection, name);
      parameters.set(name, isObject(declaration) ? parameterText(own(declaration, 'Default')) : undefined);
      const type = isObject(declaration) ? own(declaration, 'Type') : undefined;
      // (Systems Manager list types are deploy-time parameters: their value is never known here.)
      if (typeof type === 'string' && (type === 'CommaDelimitedList' || type.startsWith('List<'))) listParameters.add(name);
      if (typeof type === 'string' && type.startsWith('AWS::SSM::Parameter::Value<')) deployTimeParameters.add(name);
      const noEcho = isObject(declaration) ? own(declaration, 'NoEcho') : undefined;
      if (noEcho === true || noEcho === 'true') noEchoParameters.add(name);
    }
  }
  const conditions = own(template, 'Conditions');
  const mappings = own(template, 'Mappings');
  return {
    resources,
    parameters,
    listParameters,
    deployTimeParameters,
    noEchoParameters,
    conditions: isObject(conditions) ? conditions : {},
    mappings: isObject(mappings) ? mappings : {},
  };
}

function normalizeResource(logicalId: string, written: JsonObject): NormalizedResource {
  let text = jsonText(written);
  const resource = text === undefined ? withoutCycles(written) as JsonObject : written;
  text ??= jsonText(resource) ?? '';
  let type: unknown;
  let properties: unknown;
  let condition: unknown;
  const attributes: Partial<Record<ReportedAttribute, unknown>> = {};
  // One pass over the resource's own keys (the names read here are not Object.prototype members).
  for (const key of Object.keys(resource)) {
    if (key === 'Type') type = resource.Type;
    else if (key === 'Properties') properties = resource.Properties;
    else if (key === 'Condition') condition = resource.Condition;
    else if (REPORTED.has(key) && resource[key] !== undefined) attributes[key as ReportedAttribute] = resource[key];
  }
  return {
    logicalId,
    type: typeof type === 'string' ? type : '',
    properties: isObject(properties) ? properties : {},
    attributes,
    text,
    ...(typeof condition === 'string' ? { condition } : {}),
  };
}

const REPORTED: ReadonlySet<string> = new Set(REPORTED_ATTRIBUTES);

/** JSON text, or undefined when the value cannot be written as JSON (a cycle, a BigInt). */
function jsonText(value: unknown): string | undefined {
  try {
    return JSON.stringify(value);
  } catch {
    return undefined;
  }
}

/**
 * A parameter value as CloudFormation holds it: a string; lists joined with commas.
 * Anything else (an object, null) is not a usable value.
 */
export function parameterText(value: unknown): string | undefined {
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  if (Array.isArray(value) && value.every((item) => ['string', 'number', 'boolean'].includes(typeof item))) return value.join(',');
  return undefined;
}

/**
 * A copy of a value that JSON cannot write: each reference back to an enclosing object
 * becomes null, and a BigInt its decimal string; anything nested deeper than `MAX_DEPTH` is
 * a `NestingLimitError` (JSON cannot write it either, and cutting it would hide a difference).
 */
function withoutCycles(value: unknown, ancestors: ReadonlySet<object> = new Set()): unknown {
  if (typeof value === 'bigint') return value.toString();
  if (typeof value !== 'object' || value === null) return value;
  if (ancestors.has(value)) return null;
  checkDepth(ancestors.size);
  const inner = new Set(ancestors).add(value);
  if (Array.isArray(value)) return value.map((item) => withoutCycles(item, inner));
  return Object.fromEntries(Object.keys(value).map((key) => [key, withoutCycles((value as Record<string, unknown>)[key], inner)]));
}
