/**
 * The public result: `toJson()` in the shape of `describe-change-set`'s `Changes`, and the typed
 * getters, each with the nested stacks' findings under their stack path.
 */
import { deepFreeze } from './helpers';
import { PredictedResource, PredictedStack, RenderedDetail } from '../../src/change-set/model';
import { PredictedChangeSet } from '../../src/change-set/predicted-change-set';

const reference: RenderedDetail = { attribute: 'Properties', name: 'Role', requiresRecreation: 'Always', evaluation: 'Dynamic', changeSource: 'ResourceReference', causingEntity: 'Role', path: '/Properties/Role', changeType: 'Modify' };
const tags: RenderedDetail = { attribute: 'Tags', requiresRecreation: 'Never', evaluation: 'Static', changeSource: 'DirectModification', path: '/Properties/Tags', changeType: 'Modify' };

/** Inner stack: a certain failure and a rename; Middle holds Inner; the root holds Middle and a possible failure. */
function stacks(): PredictedStack {
  const inner: PredictedStack = {
    changes: [
      { action: 'Add', logicalId: 'NewQueue', resourceType: 'AWS::SQS::Queue', scope: [], details: [], rename: { direction: 'From', logicalId: 'OldQueue', similarity: 0.95 } },
      { action: 'Remove', logicalId: 'OldQueue', resourceType: 'AWS::SQS::Queue', scope: [], details: [], rename: { direction: 'To', logicalId: 'NewQueue', similarity: 0.95 } },
      { action: 'Modify', logicalId: 'Table', resourceType: 'AWS::DynamoDB::Table', replacement: 'True', scope: ['Properties'], details: [], failure: { certainty: 'Certain', reason: 'inner reason' } },
    ],
    renames: [{ from: 'OldQueue', to: 'NewQueue', similarity: 0.95 }],
    description: 'default',
  };
  const automatic: RenderedDetail = { attribute: 'Properties', requiresRecreation: 'Never', evaluation: 'Dynamic', changeSource: 'Automatic', path: '/Properties', changeType: 'Modify' };
  const middle: PredictedStack = {
    changes: [{ action: 'Modify', logicalId: 'Inner', resourceType: 'AWS::CloudFormation::Stack', replacement: 'False', scope: ['Properties'], details: [automatic], nested: inner }],
    renames: [],
    description: 'default',
  };
  return deepFreeze({
    changes: [
      { action: 'Modify', logicalId: 'Function', resourceType: 'AWS::Lambda::Function', replacement: 'Conditional', scope: ['Properties', 'Tags'], details: [reference, tags], failure: { certainty: 'Possible', reason: 'root reason' } },
      { action: 'Modify', logicalId: 'Middle', resourceType: 'AWS::CloudFormation::Stack', replacement: 'False', scope: ['Properties'], details: [automatic], nested: middle },
      { action: 'Add', logicalId: 'Topic', resourceType: 'AWS::SNS::Topic', scope: [], details: [] },
    ],
    renames: [],
    description: 'default',
  });
}

describe('toJson', () => {
  test('GIVEN a prediction with every field WHEN rendered THEN it is describe-change-set\'s Changes, with the extra fields only where they apply', () => {
    expect(PredictedChangeSet._of(stacks()).toJson()).toStrictEqual([
      {
        Type: 'Resource',
        ResourceChange: {
          Action: 'Modify',
          LogicalResourceId: 'Function',
          ResourceType: 'AWS::Lambda::Function',
          Replacement: 'Conditional',
          Scope: ['Properties', 'Tags'],
          Details: [
            { Target: { Attribute: 'Properties', Name: 'Role', RequiresRecreation: 'Always' }, Evaluation: 'Dynamic', ChangeSource: 'ResourceReference', CausingEntity: 'Role' },
            { Target: { Attribute: 'Tags', RequiresRecreation: 'Never' }, Evaluation: 'Static', ChangeSource: 'DirectModification' },
          ],
          Failure: { Certainty: 'Possible', Reason: 'root reason' },
        },
      },
      {
        Type: 'Resource',
        ResourceChange: {
          Action: 'Modify',
          LogicalResourceId: 'Middle',
          ResourceType: 'AWS::CloudFormation::Stack',
          Replacement: 'False',
          Scope: ['Properties'],
          Details: [{ Target: { Attribute: 'Properties', RequiresRecreation: 'Never' }, Evaluation: 'Dynamic', ChangeSource: 'Automatic' }],
          NestedChanges: [{
            Type: 'Resource',
            ResourceChange: {
              Action: 'Modify',
              LogicalResourceId: 'Inner',
              ResourceType: 'AWS::CloudFormation::Stack',
              Replacement: 'False',
              Scope: ['Properties'],
              Details: [{ Target: { Attribute: 'Properties', RequiresRecreation: 'Never' }, Evaluation: 'Dynamic', ChangeSource: 'Automatic' }],
              NestedChanges: [
                { Type: 'Resource', ResourceChange: { Action: 'Add', LogicalResourceId: 'NewQueue', ResourceType: 'AWS::SQS::Queue', Scope: [], Details: [], ProbableRename: { From: 'OldQueue', Similarity: 0.95 } } },
                { Type: 'Resource', ResourceChange: { Action: 'Remove', LogicalResourceId: 'OldQueue', ResourceType: 'AWS::SQS::Queue', Scope: [], Details: [], ProbableRename: { To: 'NewQueue', Similarity: 0.95 } } },
                {
                  Type: 'Resource',
                  ResourceChange: {
                    Action: 'Modify',
                    LogicalResourceId: 'Table',
                    ResourceType: 'AWS::DynamoDB::Table',
                    Replacement: 'True',
                    Scope: ['Properties'],
                    Details: [],
                    Failure: { Certainty: 'Certain', Reason: 'inner reason' },
                  },
                },
              ],
            },
          }],
        },
      },
      { Type: 'Resource', ResourceChange: { Action: 'Add', LogicalResourceId: 'Topic', ResourceType: 'AWS::SNS::Topic', Scope: [], Details: [] } },
    ]);
  });

  test('GIVEN a rendered change set WHEN its arrays are changed THEN the prediction is not', () => {
    const changeSet = PredictedChangeSet._of(stacks());
    changeSet.toJson()[0].ResourceChange.Scope.push('Metadata');
    expect(changeSet.toJson()[0].ResourceChange.Scope).toEqual(['Properties', 'Tags']);
  });
});

describe('the typed getters', () => {
  test('GIVEN a prediction WHEN its changes are read THEN each mirrors the JSON, with the rename as both logical ids and the failure with its resource', () => {
    expect(PredictedChangeSet._of(stacks()).changes).toStrictEqual([
      {
        action: 'Modify',
        logicalResourceId: 'Function',
        resourceType: 'AWS::Lambda::Function',
        replacement: 'Conditional',
        scope: ['Properties', 'Tags'],
        details: [
          { attribute: 'Properties', name: 'Role', requiresRecreation: 'Always', evaluation: 'Dynamic', changeSource: 'ResourceReference', causingEntity: 'Role', path: '/Properties/Role', attributeChangeType: 'Modify' },
          { attribute: 'Tags', requiresRecreation: 'Never', evaluation: 'Static', changeSource: 'DirectModification', path: '/Properties/Tags', attributeChangeType: 'Modify' },
        ],
        failure: { logicalResourceId: 'Function', resourceType: 'AWS::Lambda::Function', certainty: 'Possible', reason: 'root reason' },
      },
      {
        action: 'Modify',
        logicalResourceId: 'Middle',
        resourceType: 'AWS::CloudFormation::Stack',
        replacement: 'False',
        scope: ['Properties'],
        details: [{ attribute: 'Properties', requiresRecreation: 'Never', evaluation: 'Dynamic', changeSource: 'Automatic', path: '/Properties', attributeChangeType: 'Modify' }],
      },
      { action: 'Add', logicalResourceId: 'Topic', resourceType: 'AWS::SNS::Topic', scope: [], details: [] },
    ]);
  });

  test('GIVEN nested stacks two levels deep WHEN their change sets are read THEN each is keyed by its stack resource and its findings carry the stack path', () => {
    const root = PredictedChangeSet._of(stacks());
    const inner = root.nestedChangeSets.Middle.nestedChangeSets.Inner;

    expect(Object.keys(root.nestedChangeSets)).toEqual(['Middle']);
    expect(inner.changes.map((change) => [change.logicalResourceId, change.probableRename])).toStrictEqual([
      ['NewQueue', { fromLogicalId: 'OldQueue', toLogicalId: 'NewQueue', resourceType: 'AWS::SQS::Queue', similarity: 0.95, nestedStackPath: 'Middle/Inner' }],
      ['OldQueue', { fromLogicalId: 'OldQueue', toLogicalId: 'NewQueue', resourceType: 'AWS::SQS::Queue', similarity: 0.95, nestedStackPath: 'Middle/Inner' }],
      ['Table', undefined],
    ]);
    expect(inner.changes[2].failure).toStrictEqual({ logicalResourceId: 'Table', resourceType: 'AWS::DynamoDB::Table', certainty: 'Certain', reason: 'inner reason', nestedStackPath: 'Middle/Inner' });
  });

  test('GIVEN renames in a nested stack WHEN the root\'s renames are read THEN they are listed with their stack path and type', () => {
    expect(PredictedChangeSet._of(stacks()).renames).toStrictEqual([
      { fromLogicalId: 'OldQueue', toLogicalId: 'NewQueue', resourceType: 'AWS::SQS::Queue', similarity: 0.95, nestedStackPath: 'Middle/Inner' },
    ]);
    const inner = PredictedChangeSet._of(stacks()).nestedChangeSets.Middle.nestedChangeSets.Inner;
    expect(inner.renames.map((rename) => rename.nestedStackPath)).toEqual(['Middle/Inner']);
  });

  test('GIVEN a rename whose added resource is not among the changes WHEN read THEN its type is empty rather than a guess', () => {
    const stack: PredictedStack = { changes: [], renames: [{ from: 'A', to: 'B', similarity: 1 }], description: 'default' };
    expect(PredictedChangeSet._of(stack).renames).toStrictEqual([{ fromLogicalId: 'A', toLogicalId: 'B', resourceType: '', similarity: 1 }]);
  });

  test('GIVEN failures at several depths WHEN read THEN certain ones come first, each group in stack order', () => {
    const possible = (logicalId: string): PredictedResource => ({
      action: 'Modify', logicalId, resourceType: 'T', replacement: 'True', scope: [], details: [], failure: { certainty: 'Possible', reason: logicalId },
    });
    const certain = (logicalId: string): PredictedResource => ({ ...possible(logicalId), failure: { certainty: 'Certain', reason: logicalId } });
    const stack: PredictedStack = { changes: [possible('A'), certain('B'), possible('C'), certain('D')], renames: [], description: 'default' };

    expect(PredictedChangeSet._of(stack).failures.map((failure) => failure.reason)).toEqual(['B', 'D', 'A', 'C']);
    const nested = PredictedChangeSet._of(stacks()).failures;
    expect(nested.map((failure) => [failure.logicalResourceId, failure.certainty, failure.nestedStackPath])).toEqual([
      ['Table', 'Certain', 'Middle/Inner'],
      ['Function', 'Possible', undefined],
    ]);
  });

  test('GIVEN a changed scope array of a typed change WHEN read again THEN the prediction is not changed', () => {
    const changeSet = PredictedChangeSet._of(stacks());
    changeSet.changes[0].scope.push('Metadata');
    expect(changeSet.changes[0].scope).toEqual(['Properties', 'Tags']);
  });
});
