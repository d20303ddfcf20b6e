import { CfnResource, CustomResource, Duration, IResolvable, IResolveContext, Lazy, RemovalPolicy, Token } from 'aws-cdk-lib';
import { Construct } from 'constructs';
import { CLOUDFORMATION_PROPERTIES, RESERVED_PROPERTY } from '../runtime/contract';
import { LIFECYCLE_METADATA_KEY, LifecycleMetadata } from '../spec/lifecycle-metadata';
import { cloudFormationProperties, encodeOptions, resolveForShapes } from './private/encode-properties';
import { requestSizeProblem } from './private/request-size';
import { ConstructPropsError, futurePath } from './private/validation-error';
import { ResourceProvider } from './resource-provider';

/**
 * Properties of a `ProvidedResource`.
 */
export interface ProvidedResourceProps {
  /** The provider that handles this resource's requests. */
  readonly provider: ResourceProvider;

  /**
   * The resource type, `Custom::` followed by a name.
   *
   * At most 60 characters in all, of letters, digits and `_@-`.
   *
   * @default 'AWS::CloudFormation::CustomResource'
   */
  readonly resourceType?: string;

  /**
   * Properties passed to the handler. Numbers, booleans and nulls reach the handler with
   * their JSON types, although CloudFormation delivers every scalar as a string.
   *
   * In Python, Java, Go and .NET, jsii turns `None`, `null` and `nil` into "no value": a
   * member set to one is left out, and one in a list fails synth. Write
   * `ProvidedResource.JSON_NULL` where the handler should receive `null`.
   *
   * @default - no properties
   */
  readonly properties?: { [key: string]: any };

  /**
   * How long CloudFormation waits for an answer (1 to 3,600 seconds). The runtime answers
   * before this deadline too.
   *
   * @default - CloudFormation's default, 3,600 seconds
   */
  readonly serviceTimeout?: Duration;

  /**
   * Top-level properties whose change replaces the physical resource: the handler gets a
   * Create (with `Replacing` details), a new physical id is answered, and CloudFormation
   * then deletes the old resource. Each entry must be a key of `properties`. A handler that
   * answers such a Create with the old id gets a FAILED response (it would silently turn the
   * replacement into an in-place update).
   *
   * @default - no property forces replacement; changes are updates in place
   */
  readonly replaceOnChange?: string[];

  /**
   * The property that gives the physical resource an explicit name. `ReplacementGuard` and
   * the change-set predictor use it (with `replaceOnChange`) to warn when a replacement
   * would collide with the existing resource's name.
   *
   * @default - the resource has no explicit name
   */
  readonly nameProperty?: string;

  /**
   * What happens to the physical resource when the resource leaves the stack.
   *
   * @default RemovalPolicy.DESTROY
   */
  readonly removalPolicy?: RemovalPolicy;
}

const RESOURCE_TYPE_PATTERN = /^Custom::[A-Za-z0-9_@-]+$/;
const RESERVED_NAMES = [...CLOUDFORMATION_PROPERTIES, RESERVED_PROPERTY];

/**
 * A custom resource handled by a `ResourceProvider`, with typed properties and
 * `replaceOnChange`.
 *
 * `ref` is the physical id; `getAttString(key)` reads a key of the handler's Data.
 */
export class ProvidedResource extends CustomResource {
  /**
   * A JSON `null` in `properties`, for the languages where null means "no value".
   *
   * jsii turns Python's `None`, Java's `null` and Go's `nil` into "no value" before the
   * resource sees them; this value reaches the handler as `null`, as a literal `null` does
   * in TypeScript.
   */
  public static readonly JSON_NULL: IResolvable = Lazy.any({ produce: () => null });

  /** The top-level properties whose change replaces the physical resource. */
  public readonly replaceOnChange: string[];

  /** The property that names the physical resource, if declared. */
  public readonly nameProperty?: string;

  /**
   * @param scope the construct to define the resource in
   * @param id the resource's construct id (its logical id derives from it)
   * @param props the provider, the type and the properties
   */
  constructor(scope: Construct, id: string, props: ProvidedResourceProps) {
    const path = futurePath(scope, id);
    const properties = props.properties ?? {};
    const replaceOnChange = props.replaceOnChange ?? [];
    validateProps(path, props, properties, replaceOnChange);
    // Refuses what no template can hold (undefined, holes, functions...) now, naming the path.
    cloudFormationProperties(path, properties);
    // Written and typed once their tokens are resolved (at synth): a Lazy that makes a number
    // is typed as one, a null it makes is written as a literal one is.
    const written: { [key: string]: unknown } = {};
    for (const [key, value] of Object.entries(properties)) {
      if (value === undefined) continue;
      const produce = (context: IResolveContext) => cloudFormationProperties(path, { [key]: context.resolve(value) })[key];
      written[key] = Lazy.uncachedAny({ produce });
    }
    // Number tokens (an endpoint's port, a parameter's valueAsNumber) are numbers in the user's
    // code: their shape is read from a resolution that keeps them numbers.
    const encode = (context: IResolveContext) => encodeOptions(resolveForShapes(properties, context) as { [key: string]: unknown }, replaceOnChange);
    written[RESERVED_PROPERTY] = Lazy.uncachedAny({ produce: encode });

    super(scope, id, {
      serviceToken: props.provider.serviceToken,
      resourceType: props.resourceType,
      serviceTimeout: props.serviceTimeout,
      removalPolicy: props.removalPolicy,
      properties: written,
    });
    props.provider.addDependent(this);
    const overSns = props.provider.topic !== undefined;
    this.node.addValidation({
      validate: () => {
        const problem = requestSizeProblem(this.stack.resolve(written), overSns);
        return problem === undefined ? [] : [`${this.node.path}: properties ${problem}`];
      },
    });
    if (props.serviceTimeout !== undefined && !props.serviceTimeout.isUnresolved()) {
      // The type is an integer: aws-cdk-lib writes it as a string, which CloudFormation's
      // template validation coerces with a warning (W9003).
      (this.node.defaultChild as CfnResource).addPropertyOverride('ServiceTimeout', props.serviceTimeout.toSeconds());
    }
    this.replaceOnChange = [...replaceOnChange];
    this.nameProperty = props.nameProperty;
    if (replaceOnChange.length > 0 || props.nameProperty !== undefined) {
      const metadata: LifecycleMetadata = {
        ...(replaceOnChange.length > 0 ? { replaceOnChange } : {}),
        ...(props.nameProperty !== undefined ? { nameProperty: props.nameProperty } : {}),
      };
      (this.node.defaultChild as CfnResource).addMetadata(LIFECYCLE_METADATA_KEY, metadata);
    }
  }
}

function validateProps(path: string, props: ProvidedResourceProps, properties: { [key: string]: unknown }, replaceOnChange: string[]): void {
  const type = props.resourceType;
  if (type !== undefined && !Token.isUnresolved(type)) {
    if (!RESOURCE_TYPE_PATTERN.test(type) || type.length > 60) {
      throw new ConstructPropsError(path, 'resourceType', `must be "Custom::" followed by a name, at most 60 characters in all, of A-Z a-z 0-9 _ @ -; got: ${JSON.stringify(type)} (${type.length})`);
    }
  }
  if (props.serviceTimeout !== undefined && !props.serviceTimeout.isUnresolved()) {
    const ms = props.serviceTimeout.toMilliseconds();
    if (ms < 1000 || ms > 3_600_000 || ms % 1000 !== 0) {
      throw new ConstructPropsError(path, 'serviceTimeout', `must be a whole number of seconds between 1 and 3,600; got ${ms / 1000} seconds`);
    }
    const minimum = props.provider.minimumServiceTimeout;
    if (minimum !== undefined && ms < minimum.toMilliseconds()) {
      const firstDelay = props.provider.pollFirstDelay?.toSeconds() ?? 0;
      throw new ConstructPropsError(path, 'serviceTimeout', `is ${ms / 1000} seconds, but a resource of the polling provider ${props.provider.node.path} needs at least ${minimum.toSeconds()} seconds: its first isComplete call comes after ${firstDelay} seconds (polling.firstDelay), and one call and the answer must fit before CloudFormation's deadline. Give a serviceTimeout of at least ${minimum.toSeconds()} seconds, or a shorter polling.firstDelay`);
    }
  }
  if (typeof properties !== 'object' || properties === null || Array.isArray(properties)) {
    throw new ConstructPropsError(path, 'properties', `must be an object of names to values, got ${Array.isArray(properties) ? 'an array' : String(properties)}`);
  }
  for (const name of Object.keys(properties)) {
    if (RESERVED_NAMES.includes(name)) {
      throw new ConstructPropsError(path, `properties.${name}`, `is reserved (${RESERVED_NAMES.join(', ')} are set by CloudFormation or cdk-lifecycle); rename the property`);
    }
  }
  const nameProperty = props.nameProperty;
  if (nameProperty !== undefined && (typeof nameProperty !== 'string' || nameProperty === '' || Token.isUnresolved(nameProperty) || RESERVED_NAMES.includes(nameProperty))) {
    throw new ConstructPropsError(path, 'nameProperty', `must be the name of a top-level, non-reserved property, got ${JSON.stringify(nameProperty)}`);
  }
  const seen = new Set<string>();
  for (const name of replaceOnChange) {
    if (typeof name !== 'string' || name === '' || Token.isUnresolved(name)) {
      throw new ConstructPropsError(path, 'replaceOnChange', `must list top-level property names, got ${JSON.stringify(name)}`);
    }
    if (RESERVED_NAMES.includes(name)) {
      throw new ConstructPropsError(path, 'replaceOnChange', `cannot list the reserved property "${name}"`);
    }
    if (seen.has(name)) throw new ConstructPropsError(path, 'replaceOnChange', `lists "${name}" twice`);
    seen.add(name);
    if (!Token.isUnresolved(properties) && !Object.prototype.hasOwnProperty.call(properties, name)) {
      const keys = Object.keys(properties);
      throw new ConstructPropsError(path, 'replaceOnChange', `lists "${name}", which is not a key of properties (${keys.length ? `keys: ${keys.join(', ')}` : 'properties is empty'}); only a property the resource has can replace it when it changes`);
    }
  }
}
