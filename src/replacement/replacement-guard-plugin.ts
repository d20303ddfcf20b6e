import * as fs from 'node:fs';
import * as path from 'node:path';
import { CfnResource, IPolicyValidationContext, IPolicyValidationPlugin, PolicyValidationPluginReport, PolicyViolation, Stack, Stage, Token } from 'aws-cdk-lib';
import { IConstruct } from 'constructs';
import { FindingId } from './finding-ids';
import { isAcknowledged } from './private/add-finding';
import { namedResourceMessage } from './private/named-resource-finding';
import { ResourceTypeFilter } from './private/resource-type-filter';
import { collisionFindings, namedResources, setNames, TemplateFinding, TemplateStack } from './private/template-checks';
import { Severity } from './severity';

/**
 * Options of a `ReplacementGuardPlugin`.
 */
export interface ReplacementGuardPluginProps {
  /**
   * Whether named-resource findings are warnings (the synthesis goes on) or errors (it fails).
   * Names that certainly collide are always errors.
   *
   * @default Severity.WARNING
   */
  readonly severity?: Severity;

  /**
   * Check only these resource types (`*` matches any characters), as `ReplacementGuard`'s
   * option of the same name.
   *
   * @default - every resource type
   */
  readonly includeResourceTypes?: string[];

  /**
   * Skip these resource types (`*` matches any characters).
   *
   * @default - none
   */
  readonly excludeResourceTypes?: string[];
}

/**
 * The replacement guard as a CDK policy-validation plugin:
 * `Validations.of(app).addPlugins(new ReplacementGuardPlugin())`.
 *
 * It checks the final templates of every stack of the app (Stages and nested stacks
 * included) once they are synthesized, so escape hatches and overrides count, and reports
 * through CDK's validation report (in the terminal, in `validation-report.json` and in the CDK
 * editor integration) with construct paths and property locations:
 * - a resource with an explicit name whose replacing properties would make a replacement fail
 *   (`cdk-lifecycle:named-resource-replacement`);
 * - two resources of the app that would hold the same unique name
 *   (`cdk-lifecycle:name-collision`, `cdk-lifecycle:name-may-collide` when an account or Region
 *   is not known at synth time).
 *
 * A finding acknowledged as for the Aspect (`Annotations.of(construct).acknowledgeWarning(id,
 * reason)`) is left out. An error makes the synthesis fail, in a stack inside a Stage too:
 * `cdk synth` reads the report only for the stacks it selects (without a selector, the
 * top-level ones), so the report then holds one more error, `cdk-lifecycle:errors-in-stages`,
 * tied to no stack, that lists the errors inside Stages. Use the plugin where CDK's validation report is read, or to check
 * what is synthesized; use the `ReplacementGuard` Aspect for annotations on constructs,
 * `cdk synth --strict`, a baseline of what is deployed, and the JSON/SARIF reports. Both can
 * run in one app.
 */
export class ReplacementGuardPlugin implements IPolicyValidationPlugin {
  /** The plugin's name in CDK's validation report. */
  public readonly name = 'cdk-lifecycle';

  /** The rules the plugin evaluates. */
  public readonly ruleIds?: string[] = [FindingId.NAMED_RESOURCE_REPLACEMENT, FindingId.NAME_COLLISION, FindingId.NAME_MAY_COLLIDE, ERRORS_IN_STAGES];

  private readonly severity: Severity;
  private readonly filter: ResourceTypeFilter;

  /**
   * @param props the severity of named-resource findings and which resource types are checked
   */
  constructor(props: ReplacementGuardPluginProps = {}) {
    this.severity = props.severity ?? Severity.WARNING;
    this.filter = ResourceTypeFilter.of(props.includeResourceTypes, props.excludeResourceTypes);
  }

  /** Checks the synthesized templates of the app. */
  public validate(context: IPolicyValidationContext): PolicyValidationPluginReport {
    const stacks = synthesizedStacks(context.appConstruct);
    const accepts = (type: string) => this.filter.accepts(type);
    const level = this.severity === Severity.ERROR ? 'error' as const : 'warning' as const;
    const findings: TemplateFinding[] = stacks.flatMap(({ stack }) => [...namedResources(stack, accepts)]
      .filter(({ knowledge }) => knowledge.always.length > 0 || knowledge.conditionally.length > 0)
      .flatMap(({ logicalId, type, resource, knowledge }) => {
        const names = setNames(resource, knowledge).map(({ property, value }) => ({ property, value: JSON.stringify(value) }));
        if (names.length === 0) return [];
        const partial = { id: FindingId.NAMED_RESOURCE_REPLACEMENT, severity: this.severity, constructPath: '', logicalId, resourceType: type, names, always: knowledge.always, conditionally: knowledge.conditionally };
        return [{
          id: FindingId.NAMED_RESOURCE_REPLACEMENT,
          level,
          stack,
          logicalId,
          resourceType: type,
          locations: [...names.map((name) => `Properties/${name.property}`), ...[...knowledge.always, ...knowledge.conditionally].map((p) => `Properties/${p.split('.').join('/')}`)],
          message: namedResourceMessage(partial),
        }];
      }));
    const ids = { certain: FindingId.NAME_COLLISION, possible: FindingId.NAME_MAY_COLLIDE };
    findings.push(...collisionFindings(stacks.map(({ stack }) => stack), accepts, ids));
    const standing = findings.filter((finding) => {
      const construct = stacks.find(({ stack }) => stack === finding.stack)?.constructs.get(finding.logicalId);
      return construct === undefined || !isAcknowledged(construct, finding.id);
    });
    const inStages = new Set(stacks.filter(({ inStage }) => inStage).map(({ stack }) => stack));
    const hidden = standing.filter((finding) => finding.level === 'error' && inStages.has(finding.stack));
    const violations = violationsOf(standing);
    if (hidden.length > 0) violations.push(errorsInStages(hidden, stacks));
    return { success: !standing.some((finding) => finding.level === 'error'), violations };
  }
}

/** The rule of the violation that fails `cdk synth` for the errors in stacks inside Stages. */
const ERRORS_IN_STAGES = 'cdk-lifecycle:errors-in-stages';

/**
 * One error tied to no stack, listing the errors in stacks inside Stages. The CDK CLI keeps a
 * violation of the report only for its constructs in the stacks it selects, or without a
 * construct path; without a selector it selects the top-level stacks, so without this one the
 * errors inside Stages would be printed nowhere and `cdk synth` would pass. Its one violating
 * resource has no path (the CLI prints nothing for a violation without any).
 */
function errorsInStages(errors: readonly TemplateFinding[], stacks: readonly SynthesizedStack[]): PolicyViolation {
  const where = errors.map((error) => {
    const construct = stacks.find(({ stack }) => stack === error.stack)?.constructs.get(error.logicalId);
    return `${construct?.node.path ?? `${error.stack.path} ${error.logicalId}`} (${error.id})`;
  });
  const count = errors.length === 1 ? '1 error' : `${errors.length} errors`;
  return {
    ruleName: ERRORS_IN_STAGES,
    description: `${count} of this report ${errors.length === 1 ? 'is' : 'are'} in stacks inside Stages, which \`cdk synth\` and \`cdk deploy\` check only when they are selected (\`cdk synth '**'\` lists ${errors.length === 1 ? 'it' : 'them'} with ${errors.length === 1 ? 'its' : 'their'} locations): ${where.join(', ')}. This error fails the synthesis for them, so that none is deployed.`,
    severity: 'error',
    fix: 'Fix each of them, or acknowledge one whose failure is accepted with Annotations.of(construct).acknowledgeWarning(id, reason)',
    violatingResources: [{ locations: [] }],
  };
}

/** The findings as CDK's violations, one each (the message names the resource). */
function violationsOf(findings: readonly TemplateFinding[]): PolicyViolation[] {
  return findings.map((finding) => ({
    ruleName: finding.id,
    description: finding.message,
    severity: finding.level,
    fix: finding.id === FindingId.NAMED_RESOURCE_REPLACEMENT
      ? 'Remove the explicit name (CloudFormation generates one), change the name in the same deployment as a replacing property, or acknowledge the finding'
      : 'Give one of the resources another name',
    violatingResources: [{ resourceLogicalId: finding.logicalId, templatePath: finding.stack.templatePath, locations: [...finding.locations] }],
  }));
}

/** One stack of the app as the plugin reads it. */
interface SynthesizedStack {
  /** The synthesized template. */
  readonly stack: TemplateStack;
  /** The stack's CfnResources by logical id. */
  readonly constructs: Map<string, CfnResource>;
  /** True for a stack of a Stage's own assembly, which `cdk synth` without a selector does not check. */
  readonly inStage: boolean;
}

/** Every stack of the app with its synthesized template. */
function synthesizedStacks(root: IConstruct): SynthesizedStack[] {
  const stacks = root.node.findAll().filter((node): node is Stack => Stack.isStack(node));
  return stacks.flatMap((stack) => {
    const stage = Stage.of(stack);
    const templatePath = stage === undefined ? undefined : path.join(stage.outdir, stack.templateFile);
    if (templatePath === undefined || !fs.existsSync(templatePath)) return [];
    const template = JSON.parse(fs.readFileSync(templatePath, 'utf8')) as Record<string, unknown>;
    let top = stack;
    while (top.nestedStackParent !== undefined) top = top.nestedStackParent;
    const known = (value: string) => (Token.isUnresolved(value) ? undefined : value);
    const constructs = new Map<string, CfnResource>();
    for (const node of stack.node.findAll()) {
      if (CfnResource.isCfnResource(node) && Stack.of(node) === stack) constructs.set(stack.resolve(node.logicalId), node);
    }
    const account = known(top.account);
    const region = known(top.region);
    const stackName = stack === top ? known(stack.stackName) : undefined;
    return [{
      stack: {
        path: stack.node.path,
        templatePath,
        template,
        ...(stackName === undefined ? {} : { stackName }),
        ...(account === undefined ? {} : { account }),
        ...(region === undefined ? {} : { region }),
      },
      constructs,
      inStage: stage !== root,
    }];
  });
}
