import { CfnResource, IAspect, Stack, Stage } from 'aws-cdk-lib';
import { IConstruct } from 'constructs';
import { FindingId } from './finding-ids';
import { Baseline } from './private/baseline';
import { BaselineCheck } from './private/baseline-check';
import { GuardErrors } from './private/guard-errors';
import { addToEveryStage, addToStagesAtSynth } from './private/guard-stages';
import { logicalIdOf } from './private/logical-id';
import { NameCollisions } from './private/name-collisions';
import { NamedResourceFinding, namedResourceMessage } from './private/named-resource-finding';
import { describeValue, readCfnProperty, resolvesToValue } from './private/read-property';
import { knowledgeFor, ResourceKnowledge } from './private/replacement-knowledge';
import { ReplacementReport } from './private/replacement-report';
import { ResourceTypeFilter } from './private/resource-type-filter';
import { Severity } from './severity';

/**
 * Options of a `ReplacementGuard`.
 */
export interface ReplacementGuardProps {
  /**
   * Whether findings are warnings or errors.
   *
   * Warnings can be acknowledged, and `cdk synth --strict` fails on them; errors fail the
   * synthesis.
   *
   * @default Severity.WARNING
   */
  readonly severity?: Severity;

  /**
   * Check only these resource types. `*` matches any characters, e.g. `AWS::S3::*`.
   * The list may not be empty, and each entry must be a known CloudFormation type, a
   * custom resource type (`Custom::...`) or contain `*`; otherwise the guard throws.
   *
   * @default - every resource type
   */
  readonly includeResourceTypes?: string[];

  /**
   * Skip these resource types. `*` matches any characters. Checked like
   * `includeResourceTypes`.
   *
   * @default - none
   */
  readonly excludeResourceTypes?: string[];

  /**
   * Write the findings of each stack into the cloud assembly directory: a JSON report,
   * `<stack artifact id>.cdk-lifecycle.json`, and a SARIF 2.1.0 log for code scanning,
   * `<stack artifact id>.cdk-lifecycle.sarif` (rules are the FindingIds, results located by
   * construct path and by the source line that created the construct).
   *
   * @default false
   */
  readonly writeReport?: boolean;

  /**
   * What is deployed: a template file (JSON) or a cloud assembly directory (`cdk.out`).
   * For each stack with a baseline (matched by artifact id or stack name; a single template
   * file also applies to an app's only stack), the guard predicts the change set and adds an
   * error on each resource whose update will certainly fail (a named resource replaced, or
   * moved to a new logical id, under the same name) and a warning on each that may fail.
   * Stacks without a baseline are checked as without this option: a warning on every named
   * resource that has properties whose change would replace it.
   *
   * @default - no baseline: every named resource with replacing properties is reported
   */
  readonly baseline?: string;
}

/**
 * An Aspect that finds resources with an explicit physical name whose replacement would fail.
 *
 * CloudFormation replaces a resource by creating the new one before deleting the old one; a
 * resource with a fixed name (BucketName, TableName, RoleName, ...) cannot exist twice, so
 * the update fails and rolls back. For every resource whose name property is set (a literal,
 * a token, or a name CDK generates) and that has properties whose change forces
 * replacement, the guard adds one finding, with the id `cdk-lifecycle:named-resource-replacement`.
 *
 * To guard every stack of an app, those inside Stages included, use `ReplacementGuard.applyTo(app)`:
 * CDK does not carry an aspect added with `Aspects.of(app).add(...)` into Stages.
 *
 * An error (a certain failure against the baseline, a name collision, or any finding with
 * `severity: Severity.ERROR`) fails `cdk synth` wherever it is. `cdk synth` checks the errors of
 * the stacks it selects, and without a selector those are the top-level stacks only; so when an
 * error is in a stack inside a Stage, the guard fails the app's synthesis itself
 * (`app.synth()` throws, listing every error of the guard in the app). A Stage synthesized on its
 * own (`Template.fromStack` of one of its stacks) does not fail: its stacks carry the errors.
 *
 * @example
 * ReplacementGuard.applyTo(app);
 */
export class ReplacementGuard implements IAspect {
  /**
   * Guards every stack of `scope` (an App or a Stage): its own stacks and those of every Stage
   * nested in it, Stages created after this call included.
   *
   * `Aspects.of(app).add(guard)` reaches only the stacks outside Stages: CDK synthesizes each
   * Stage on its own, with the aspects added to it, before the app's aspects run. This method
   * adds one guard to `scope` and to each Stage under it, and again, for Stages created since,
   * when `scope.synth()` is called (as `cdk synth` and `app.synth()` do). A Stage synthesized on
   * its own (`Template.fromStack` of a stack in a Stage created after this call) is guarded only
   * when it existed at this call or `scope` has been synthesized since.
   *
   * @param scope the App (or a Stage) whose stacks are guarded
   * @param props the guard's options, as for `new ReplacementGuard(props)`
   * @returns the guard, one instance for every Stage
   */
  public static applyTo(scope: Stage, props: ReplacementGuardProps = {}): ReplacementGuard {
    if (!Stage.isStage(scope)) {
      throw new Error(`ReplacementGuard.applyTo: ${String((scope as IConstruct)?.node?.path ?? scope)} is not an App or a Stage; pass the app (or a Stage) whose stacks should be guarded`);
    }
    const guard = new ReplacementGuard(props);
    addToEveryStage(scope, guard);
    addToStagesAtSynth(scope, guard);
    return guard;
  }

  private readonly severity: Severity;
  private readonly filter: ResourceTypeFilter;
  private readonly writeReport: boolean;
  private readonly baseline?: Baseline;
  /** Stacks checked against the baseline: their resources get no per-resource findings. */
  private readonly baselined = new WeakSet<Stack>();
  private topLevelStackCount?: number;
  /** The app's check against the baseline, made on the first stack that has one. */
  private baselineCheck?: BaselineCheck;
  /** The checks each Stage the guard visits waits to run until its tree is validated. */
  private readonly stages = new WeakMap<IConstruct, StageChecks>();
  /** The standing errors of each app, which fail its synthesis when one is inside a Stage. */
  private readonly errors = new GuardErrors();

  /**
   * @param props how findings are reported and which resources are checked
   */
  constructor(props: ReplacementGuardProps = {}) {
    this.severity = props.severity ?? Severity.WARNING;
    this.filter = ResourceTypeFilter.of(props.includeResourceTypes, props.excludeResourceTypes);
    this.writeReport = props.writeReport ?? false;
    this.baseline = props.baseline !== undefined ? Baseline.load(props.baseline) : undefined;
  }

  public visit(node: IConstruct): void {
    if (Stack.isStack(node)) {
      this.visitStack(node);
      return;
    }
    if (!CfnResource.isCfnResource(node)) return;
    if (!this.filter.accepts(node.cfnResourceType)) return;

    const knowledge = knowledgeFor(node);
    if (!knowledge) return;
    const stage = this.checksOf(node);
    // Every named resource takes part in the check across the app, baseline or not.
    stage.collisions.consider(node, knowledge);
    if (this.baseline && this.baselined.has(Stack.of(node))) return;
    // Types whose only replacing properties are their names and the parents they are unique
    // under: such a change creates a resource under another name, which cannot collide.
    if (knowledge.always.length === 0 && knowledge.conditionally.length === 0) return;

    const reads = knowledge.nameProperties.map((property) => ({ property, ...readCfnProperty(node, property) }));
    const literals = reads.filter((r) => r.kind === 'literal');
    const tokens = reads.filter((r) => r.kind === 'token');
    if (tokens.length === 0) {
      if (literals.length > 0) this.check(node, knowledge, literals);
      return;
    }
    // Tokens are resolved once, when the tree is validated: by then CDK has filled in the
    // names it generates (PhysicalName.GENERATE_IF_NEEDED), which happens after aspects run.
    stage.pending.push(() => this.check(node, knowledge, [...literals, ...tokens.filter((t) => resolvesToValue(node, t.value))]));
  }

  private visitStack(stack: Stack): void {
    if (this.writeReport) ReplacementReport.of(stack);
    if (!this.baseline || stack.nested) return;
    this.topLevelStackCount ??= stack.node.root.node.findAll().filter((c) => Stack.isStack(c) && !c.nested).length;
    const deployed = this.baseline.templateFor(stack.artifactId, stack.stackName, this.topLevelStackCount === 1);
    // A stack the baseline does not have is new: with a cloud assembly baseline it takes part in the
    // app's prediction (a name may move into it), and its resources get the findings of a guard without baseline.
    if (deployed === undefined && !this.baseline.isAssembly) return;
    if (deployed !== undefined) this.baselined.add(stack);
    const report = this.writeReport ? ReplacementReport.of(stack) : undefined;
    this.baselineCheck ??= new BaselineCheck(this.baseline, this.errors);
    this.baselineCheck.add(stack, deployed, report);
    // The stack's Stage checks it against the baseline when it is validated.
    this.checksOf(stack);
  }

  /**
   * The checks of the node's Stage (the App for a top-level stack), registered on first use with
   * the Stage's validation, which runs them once CDK has prepared the Stage (references resolved,
   * names generated). The app gets its validation too: it fails the app's synthesis when an
   * error is in a stack inside a Stage, which `cdk synth` does not check without a selector.
   */
  private checksOf(node: IConstruct): StageChecks {
    const stage: IConstruct = Stage.of(node) ?? node.node.root;
    let checks = this.stages.get(stage);
    if (checks === undefined) {
      const created: StageChecks = { pending: [], collisions: new NameCollisions(this.errors) };
      this.stages.set(stage, created);
      stage.node.addValidation({ validate: () => this.validateStage(stage, created) });
      if (stage !== stage.node.root) this.checksOf(stage.node.root);
      checks = created;
    }
    return checks;
  }

  /**
   * Runs a Stage's checks. On the app, which is validated after every Stage in it has been
   * synthesized, returns the errors that fail the synthesis (see GuardErrors).
   */
  private validateStage(stage: IConstruct, checks: StageChecks): string[] {
    checks.pending.forEach((check) => check());
    checks.collisions.check();
    this.baselineCheck?.checkStage(stage);
    return stage === stage.node.root ? this.errors.failureOf(stage) : [];
  }

  private check(node: CfnResource, knowledge: ResourceKnowledge, set: ReadonlyArray<{ property: string; value?: unknown }>): void {
    if (set.length === 0) return;
    const names = set.map((n) => ({ property: n.property, value: describeValue(node, n.value) }));
    const stack = Stack.of(node);
    const partial = {
      id: FindingId.NAMED_RESOURCE_REPLACEMENT,
      severity: this.severity,
      constructPath: node.node.path,
      logicalId: logicalIdOf(stack, node),
      resourceType: node.cfnResourceType,
      names,
      always: knowledge.always,
      conditionally: knowledge.conditionally,
    };
    this.report(node, { ...partial, message: namedResourceMessage(partial) });
  }

  private report(node: CfnResource, finding: NamedResourceFinding): void {
    const stands = this.errors.add(node, this.severity === Severity.ERROR ? 'error' : 'warning', finding.id, finding.message);
    if (stands && this.writeReport) ReplacementReport.of(Stack.of(node)).findings.push(finding);
  }
}

/** What a Stage's validation runs: the checks of resources whose names are tokens, and the names shared in the Stage. */
interface StageChecks {
  readonly pending: Array<() => void>;
  readonly collisions: NameCollisions;
}
