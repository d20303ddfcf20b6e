import { StackDiff } from './predict-stacks';
import { PredictedOutputChange } from '../../../change-set';
import { Review, ReviewChange } from '../../../review/review-model';

/**
 * `--json`: `{"Changes": [...]}` (the engine's `toJson()`) for two template files; for cloud
 * assemblies, the same per stack in an object keyed by stack name. A stack whose outputs
 * change also has `"Outputs": [...]` (`OutputKey`, `Action`, `ExportName`, values, `ValueChange`,
 * `Failure`, `Notes`). With review rules, each
 * `ResourceChange` also has `PredictorAdditions.ReviewLevel: { Level, Rule?, Reason, LoweredFrom? }` (with
 * the data verdict, among the predictor's additions: CloudFormation has no such field). Ends
 * with a newline.
 */
export function renderJson(diffs: readonly StackDiff[], review?: Review): string {
  const changesOf = (diff: StackDiff) => {
    const json = diff.changeSet.toJson() as unknown[];
    return review === undefined ? json : withLevels(json, review.changes.filter((change) => change.stack === (diff.name ?? '')), undefined);
  };
  const stackJson = (diff: StackDiff) => {
    const outputs = diff.changeSet.outputs;
    return { Changes: changesOf(diff), ...(outputs.length === 0 ? {} : { Outputs: outputs.map(outputJson) }) };
  };
  const single = diffs.length === 1 && diffs[0].name === undefined;
  const output = single ? stackJson(diffs[0]) : Object.fromEntries(diffs.map((diff) => [diff.name, stackJson(diff)]));
  return `${JSON.stringify(output, null, 2)}\n`;
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
