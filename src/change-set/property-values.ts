/**
 * The values a change set shows when it is described with `IncludePropertyValues`: each
 * detail's `Path`, `BeforeValue`, `AfterValue` and `AttributeChangeType`, and each change's
 * `BeforeContext` and `AfterContext` (the resource's `Properties` and `Metadata`).
 *
 * Values are written as CloudFormation writes them: a string as it is, any other scalar as
 * its string (`"false"`, `"10"`), a structure as JSON text with its scalars as strings.
 * Intrinsic functions are evaluated where that is known offline (parameters, conditions,
 * mappings, the pseudo parameters given); anything else (a resource's id or attribute) is
 * shown as written, where CloudFormation shows the deployed value. Secrets are masked as
 * CloudFormation masks them: the value of a `NoEcho` parameter, and any value computed from
 * one, is `****`; a dynamic reference (`{{resolve:ssm-secure:...}}`) is shown as the
 * reference it is, since CloudFormation resolves it only when the change set executes.
 */
import { checkDepth, intrinsicName, isObject, own } from './json';
import { Detail, RenderedDetail } from './model';
import { NormalizedResource, NormalizedTemplate } from './normalize';
import { collectReferences } from './references';
import { TemplateEvaluator } from './template-evaluator';

/** How CloudFormation masks a `NoEcho` parameter's value. */
export const MASK = '****';

/** Renders the values of one side of the update. */
export class ValueRenderer {
  /**
   * @param template the side's template (its `NoEcho` parameters)
   * @param evaluator the side's evaluator
   */
  constructor(private readonly template: NormalizedTemplate, private readonly evaluator: TemplateEvaluator) {}

  /** A value's text, or undefined when there is no value. */
  public text(value: unknown): string | undefined {
    if (value === undefined) return undefined;
    return asText(this.resolve(value, 0));
  }

  /** The resource's context: `{"Properties": {...}, "Metadata": {...}}` as JSON text. */
  public context(resource: NormalizedResource): string {
    const metadata = resource.attributes.Metadata;
    return JSON.stringify(scalarsAsText({
      Properties: this.resolve(resource.properties, 0),
      ...(metadata === undefined ? {} : { Metadata: this.resolve(metadata, 0) }),
    }, 0));
  }

  private resolve(value: unknown, depth: number): unknown {
    checkDepth(depth);
    if (Array.isArray(value)) return value.map((item) => this.resolve(item, depth + 1));
    if (!isObject(value)) return value;
    if (intrinsicName(value) !== undefined) {
      if (collectReferences(value).some((reference) => this.template.noEchoParameters.has(reference.target))) return MASK;
      const evaluated = this.evaluator.value(value);
      return evaluated.known ? evaluated.value : value;
    }
    return Object.fromEntries(Object.keys(value).map((key) => [key, this.resolve(value[key], depth + 1)]));
  }
}

/** A detail with its path, change type and values. */
export function withValues(detail: Detail, old: NormalizedResource | undefined, current: NormalizedResource | undefined, renderers: {
  readonly before: ValueRenderer;
  readonly after: ValueRenderer;
}): RenderedDetail {
  const before = old === undefined ? undefined : renderers.before.text(targetValue(detail, old));
  const after = current === undefined ? undefined : renderers.after.text(targetValue(detail, current));
  return {
    ...detail,
    path: pathOf(detail),
    changeType: before === undefined ? 'Add' : after === undefined ? 'Remove' : 'Modify',
    ...(before === undefined ? {} : { beforeValue: before }),
    ...(after === undefined ? {} : { afterValue: after }),
  };
}

/** `/Properties/<Name>` for a property (tags included), `/<Attribute>` for an attribute. */
function pathOf(detail: Detail): string {
  if (detail.attribute === 'Tags') return '/Properties/Tags';
  if (detail.attribute !== 'Properties') return `/${detail.attribute}`;
  return detail.name === undefined ? '/Properties' : `/Properties/${detail.name}`;
}

function targetValue(detail: Detail, resource: NormalizedResource): unknown {
  if (detail.attribute === 'Tags') return own(resource.properties, 'Tags');
  if (detail.attribute !== 'Properties') return resource.attributes[detail.attribute];
  return detail.name === undefined ? undefined : own(resource.properties, detail.name);
}

function asText(value: unknown): string {
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  return JSON.stringify(scalarsAsText(value, 0)) ?? 'null';
}

function scalarsAsText(value: unknown, depth: number): unknown {
  checkDepth(depth);
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  if (Array.isArray(value)) return value.map((item) => scalarsAsText(item, depth + 1));
  if (!isObject(value)) return value;
  return Object.fromEntries(Object.keys(value).map((key) => [key, scalarsAsText(value[key], depth + 1)]));
}
