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
 * reason)`) is left out. Use the plugin where CDK's validation report is read, or to check
 * what is synthesized; use the `ReplacementGuard` Aspect for annotations on constructs,
 * `cdk synth --strict`, a baseline of what is deployed, and the JSON/SARIF reports. Both can
 * run in one app.
 */
export class ReplacementGuardPlugin implements IPolicyValidationPlugin {
  /** The plugin's name in CDK's validation report. */
  public readonly name = 'cdk-lifecycle';

  /** The rules the plugin evaluates. */
  public readonly ruleIds?: string[] = [FindingId.NAMED_RESOURCE_REPLACEMENT, FindingId.NAME_COLLISION, FindingId.NAME_MAY_COLLIDE];

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
    return { success: !standing.some((finding) => finding.level === 'error'), violations: violationsOf(standing) };
  }
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

/** Every stack of the app with its synthesized template and the CfnResources by logical id. */
function synthesizedStacks(root: IConstruct): Array<{ stack: TemplateStack; constructs: Map<string, CfnResource> }> {
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
    }];
  });
}
