import { StackDiff } from './predict-stacks';
import { PredictedOutputChange } from '../../../change-set';
import { Review, ReviewChange } from '../../../review/review-model';
import { valueDiff } from '../../../review/value-diff';

/**
 * `--json`: `{"Changes": [...]}` (the engine's `toJson()`) for two template files; for cloud
 * assemblies, the same per stack in an object keyed by stack name. A stack whose outputs
 * change also has `"Outputs": [...]` (`OutputKey`, `Action`, `ExportName`, values, `ValueChange`,
 * `Failure`, `Notes`), and a stack the prediction says something of as a whole has `"Notes": [...]`
 * (a stack the app no longer has stays deployed; a stack name changed). With review rules, each
 * `ResourceChange` also has `PredictorAdditions.ReviewLevel: { Level, Rule?, Reason, LoweredFrom? }` (with
 * the data verdict, among the predictor's additions: CloudFormation has no such field). With
 * `--property-values`, a change whose direct details have values also has
 * `PredictorAdditions.ValueChanges: [{ Path, BeforeValue?, AfterValue? }]`, each changed path of
 * those values (`PolicyDocument.Statement[1].Action`). Ends with a newline.
 */
export function renderJson(diffs: readonly StackDiff[], review?: Review): string {
  const changesOf = (diff: StackDiff) => {
    const json = withValueChanges(diff.changeSet.toJson() as unknown[]);
    return review === undefined ? json : withLevels(json, review.changes.filter((change) => change.stack === (diff.name ?? '')), undefined);
  };
  const stackJson = (diff: StackDiff) => {
    const outputs = diff.changeSet.outputs;
    const security = securityJson(diff);
    const notes = diff.changeSet.notes;
    return {
      ...(notes.length === 0 ? {} : { Notes: notes }),
      Changes: changesOf(diff),
      ...(outputs.length === 0 ? {} : { Outputs: outputs.map(outputJson) }),
      ...(security === undefined ? {} : { SecurityChanges: security }),
    };
  };
  const single = diffs.length === 1 && diffs[0].name === undefined;
  const output = single ? stackJson(diffs[0]) : Object.fromEntries(diffs.map((diff) => [diff.name, stackJson(diff)]));
  return `${JSON.stringify(output, null, 2)}\n`;
}

/** The stack's IAM statements, managed policies, security-group rules and security settings added and removed, each with whether it broadens permissions and why (none when nothing changed). */
function securityJson(diff: StackDiff): unknown[] | undefined {
  const rows = [...diff.security].flatMap(([nested, changes]) => {
    const at = nested === '' ? {} : { NestedStackPath: nested };
    return [
      ...changes.statements.map(({ change, item, broadening, why }) => ({
        Change: change,
        Kind: 'IamStatement',
        LogicalResourceId: item.logicalId,
        Source: item.source,
        Effect: item.effect,
        Actions: item.actions,
        Principals: item.principals,
        Resources: item.resources,
        ...(item.negated.length === 0 ? {} : { Negated: item.negated }),
        ...(item.condition === undefined ? {} : { Condition: item.condition }),
        ...verdict(broadening, why),
        ...at,
      })),
      ...changes.managedPolicies.map(({ change, item, broadening, why }) => ({
        Change: change, Kind: 'ManagedPolicy', LogicalResourceId: item.logicalId, Principal: item.principal, PolicyArn: item.policyArn, ...verdict(broadening, why), ...at,
      })),
      ...changes.rules.map(({ change, item, broadening, why }) => ({
        Change: change,
        Kind: 'SecurityGroupRule',
        LogicalResourceId: item.logicalId,
        Direction: item.direction,
        Group: item.group,
        Protocol: item.protocol,
        Ports: item.ports,
        Peer: item.peer,
        ...verdict(broadening, why),
        ...at,
      })),
      ...changes.settings.map(({ change, item, broadening, why }) => ({
        Change: change,
        Kind: 'SecuritySetting',
        LogicalResourceId: item.logicalId,
        Name: item.name,
        Role: item.role === 'limit' ? 'Limit' : 'Grant',
        Subject: item.subject,
        Value: item.value,
        ...verdict(broadening, why),
        ...at,
      })),
    ];
  });
  return rows.length === 0 ? undefined : rows;
}

/** `Broadening`, and `BroadeningReason` (what becomes allowed) when it broadens. */
function verdict(broadening: boolean, why: string | undefined): { Broadening: boolean; BroadeningReason?: string } {
  return { Broadening: broadening, ...(broadening && why !== undefined ? { BroadeningReason: why } : {}) };
}

/** An output change in CloudFormation's spelling (`OutputKey`, `ExportName`, as `DescribeStacks` names them). */
function outputJson(output: PredictedOutputChange): unknown {
  return {
    OutputKey: output.outputId,
    Action: output.action,
    ...(output.exportName === undefined ? {} : { ExportName: output.exportName }),
    ...(output.previousExportName === undefined ? {} : { PreviousExportName: output.previousExportName }),
    ...(output.beforeValue === undefined ? {} : { BeforeValue: output.beforeValue }),
    ...(output.afterValue === undefined ? {} : { AfterValue: output.afterValue }),
    ValueChange: output.valueChange,
    ...(output.valueChangeReason === undefined ? {} : { ValueChangeReason: output.valueChangeReason }),
    ...(output.failure === undefined ? {} : { Failure: { Certainty: output.failure.certainty, Reason: output.failure.reason } }),
    ...(output.notes.length === 0 ? {} : { Notes: output.notes }),
    ...(output.nestedStackPath === undefined ? {} : { NestedStackPath: output.nestedStackPath }),
  };
}

interface DetailJson {
  readonly Target: {
    readonly Attribute: string;
    readonly Name?: string;
    readonly BeforeValue?: string;
    readonly AfterValue?: string;
    readonly Path?: string;
  };
  readonly ChangeSource: string;
}

/** Each change with the changed paths of its direct details' values (when the JSON has values: `--property-values`). */
function withValueChanges(changes: readonly unknown[]): unknown[] {
  return (changes as Array<ChangeJson & { ResourceChange: { Details?: DetailJson[] } }>).map((entry) => {
    const details = entry.ResourceChange.Details ?? [];
    const values = details.filter((detail) => detail.ChangeSource === 'DirectModification' && detail.Target.Path !== undefined).flatMap((detail) => {
      const target = detail.Target.Attribute !== 'Properties' ? detail.Target.Attribute : detail.Target.Name ?? 'Properties';
      return valueDiff(target, detail.Target.BeforeValue, detail.Target.AfterValue).map((value) => ({
        Path: value.path,
        ...(value.before === undefined ? {} : { BeforeValue: value.before }),
        ...(value.after === undefined ? {} : { AfterValue: value.after }),
      }));
    });
    const nested = entry.ResourceChange.NestedChanges;
    return {
      ...entry,
      ResourceChange: {
        ...entry.ResourceChange,
        ...(values.length === 0 ? {} : { PredictorAdditions: { ...entry.ResourceChange.PredictorAdditions, ValueChanges: values } }),
        ...(nested === undefined ? {} : { NestedChanges: withValueChanges(nested) }),
      },
    };
  });
}

interface ChangeJson {
  readonly ResourceChange: {
    readonly LogicalResourceId: string;
    readonly NestedChanges?: unknown[];
    readonly PredictorAdditions?: Record<string, unknown>;
  };
}

/** The changes with each one's review level, nested changes included. */
function withLevels(changes: readonly unknown[], reviewed: readonly ReviewChange[], nestedStackPath: string | undefined): unknown[] {
  return (changes as ChangeJson[]).map((entry) => {
    const id = entry.ResourceChange.LogicalResourceId;
    const change = reviewed.find((candidate) => candidate.logicalId === id && candidate.nestedStackPath === nestedStackPath);
    const nested = entry.ResourceChange.NestedChanges;
    return {
      ...entry,
      ResourceChange: {
        ...entry.ResourceChange,
        ...(change === undefined ? {} : {
          PredictorAdditions: {
            ...entry.ResourceChange.PredictorAdditions,
            ReviewLevel: {
              Level: change.level,
              ...(change.ruleId === undefined ? {} : { Rule: change.ruleId }),
              Reason: change.levelReason,
              ...(change.lowered === undefined ? {} : { LoweredFrom: change.lowered.from }),
            },
          },
        }),
        ...(nested === undefined ? {} : { NestedChanges: withLevels(nested, reviewed, nestedStackPath === undefined ? id : `${nestedStackPath}/${id}`) }),
      },
    };
  });
}
