/**
 * Step 1 of the pipeline: read a template into the few shapes the engine needs.
 *
 * Pure and forgiving: a missing `Resources` section, a resource that is not an object or
 * has no `Type`, properties that are not an object, all read as "nothing there" instead of
 * throwing. The input is never copied or changed; the result points into it.
 */
import { isObject, JsonObject, own } from './json';

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
}

/** The parts of a template the engine reads. */
export interface NormalizedTemplate {
  readonly resources: ReadonlyMap<string, NormalizedResource>;
  /** Declared parameters and their `Default` as CloudFormation's string, if any. */
  readonly parameters: ReadonlyMap<string, string | undefined>;
}

/** Reads a template; anything that is not a template reads as an empty one. */
export function normalize(template: unknown): NormalizedTemplate {
  const resources = new Map<string, NormalizedResource>();
  const parameters = new Map<string, string | undefined>();
  if (!isObject(template)) return { resources, parameters };

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
    }
  }
  return { resources, parameters };
}

function normalizeResource(logicalId: string, resource: JsonObject): NormalizedResource {
  const type = own(resource, 'Type');
  const properties = own(resource, 'Properties');
  const attributes: Partial<Record<ReportedAttribute, unknown>> = {};
  for (const attribute of REPORTED_ATTRIBUTES) {
    const value = own(resource, attribute);
    if (value !== undefined) attributes[attribute] = value;
  }
  return {
    logicalId,
    type: typeof type === 'string' ? type : '',
    properties: isObject(properties) ? properties : {},
    attributes,
  };
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
