/**
 * Behaviours of the predictor that golden files show less well: the typed getters, options,
 * reference cycles, and the constants shared with other folders. Where the table's content
 * does not matter, a small spec of the test's own stands in for the generated one
 * (`test-spec.ts`); scale is in `scale.test.ts`.
 */
import { template } from './helpers';
import { predict, replacementOf, thing } from './test-spec';
import { ChangeSetPredictor, PredictedChangeSet } from '../../src/change-set';
import { LIFECYCLE_PROPERTY } from '../../src/change-set/custom-resources';
import { predictWithSpec } from '../../src/change-set/predict-with-spec';
import { PredictedChangeSet as ChangeSetClass } from '../../src/change-set/predicted-change-set';
import { ReplacementSpec } from '../../src/change-set/replacement-spec-lookup';
import { RESERVED_PROPERTY } from '../../src/runtime/contract';

describe('propagation', () => {
  test('GIVEN two resources that reference each other (a cycle) WHEN one is replaced THEN the prediction ends with both replaced', () => {
    const resources = (value: string) => ({ A: thing({ Create: value, Other: { Ref: 'B' } }), B: thing({ Create: { Ref: 'A' } }) });
    const changeSet = predict(template(resources('1')), template(resources('2')));
    // A certainly replaced gives B a Static reference on a create-only property: B is certainly replaced too.
    expect(replacementOf(changeSet)).toEqual({ A: 'True', B: 'True' });
    expect(changeSet.changes[0].details.map((d) => `${d.name}:${d.changeSource}`)).toEqual(['Create:DirectModification', 'Other:ResourceReference']);
  });

  test('GIVEN a resource referencing itself WHEN it is replaced THEN it gets no detail from itself', () => {
    const resources = (value: string) => ({ A: thing({ Create: value, Self: { 'Fn::Sub': '${A}' } }) });
    const changeSet = predict(template(resources('1')), template(resources('2')));
    expect(changeSet.changes[0].details).toHaveLength(1);
  });

  test.each([
    ['Always', 'Create', 'True', 'True'],
    ['Conditionally', 'Maybe', 'Conditional', 'Conditional'],
    ['Never', 'Plain', 'False', undefined],
  ])('GIVEN a change that is %s (%s) WHEN the resource is referenced by a create-only property THEN it is %s and its dependent %s', (_, property, replaced, dependent) => {
    const resources = (value: string) => ({ A: thing({ [property]: value }), B: thing({ Create: { Ref: 'A' } }) });
    const replacements = replacementOf(predict(template(resources('1')), template(resources('2'))));
    expect(replacements.A).toBe(replaced);
    expect(replacements.B).toBe(dependent);
  });
});

describe('renames', () => {
  const before = template({ Old: thing({ A: 1, B: 2, C: 3, D: 4, E: 5 }) });
  const after = template({ New: thing({ A: 1, B: 2, C: 3, D: 4, E: 6 }) });

  test.each([
    [undefined, 1],
    [0.9, 1],
    [0.95, 0],
    [1.5, 0],
  ])('GIVEN a pair with similarity 0.9 WHEN the rename threshold is %s THEN %d renames are reported', (renameThreshold, count) => {
    expect(predict(before, after, { renameThreshold }).renames).toHaveLength(count);
  });

  test('GIVEN a threshold above 1 WHEN even identical resources move THEN no rename is reported', () => {
    expect(predict(template({ Old: thing({ A: 1 }) }), template({ New: thing({ A: 1 }) }), { renameThreshold: 1.01 }).renames).toEqual([]);
  });

  test('GIVEN a probable rename WHEN read through the getters THEN both sides name each other', () => {
    const changeSet = predict(before, after);
    expect(changeSet.renames).toEqual([{ fromLogicalId: 'Old', toLogicalId: 'New', resourceType: 'Test::Thing', similarity: 0.9 }]);
    expect(changeSet.changes.map((c) => c.probableRename?.toLogicalId)).toEqual(['New', 'New']);
  });
});

describe('the typed getters', () => {
  const nestedBefore = template({ Named: thing({ Name: 'n', Create: '1' }) });
  const nestedAfter = template({ Named: thing({ Name: 'n', Create: '2' }) });
  const parent = template({
    Inner: { Type: 'AWS::CloudFormation::Stack', Properties: { TemplateURL: 'u' } },
    Maybe: thing({ Name: 'm', Maybe: { Ref: 'P' } }),
  }, { Parameters: { P: { Type: 'String' } } });
  // Predicted once the tests run, not when the file is loaded (the mutation run loads it for every mutant).
  let changeSet: PredictedChangeSet;
  beforeAll(() => {
    changeSet = predict(parent, parent, {
      parameters: { before: { P: 'a' }, after: { P: 'b' } },
      nestedStacks: { Inner: { before: nestedBefore, after: nestedAfter } },
    });
  });

  test('GIVEN a possible failure here and a certain one in a nested stack WHEN failures are read THEN the certain one comes first, with its stack path', () => {
    expect(changeSet.failures.map((f) => [f.logicalResourceId, f.certainty, f.nestedStackPath])).toEqual([
      ['Named', 'Certain', 'Inner'],
      ['Maybe', 'Possible', undefined],
    ]);
  });

  test('GIVEN a nested stack with changes WHEN nested change sets are read THEN they are keyed by the stack resource', () => {
    expect(Object.keys(changeSet.nestedChangeSets)).toEqual(['Inner']);
    expect(changeSet.nestedChangeSets.Inner.changes.map((c) => c.logicalResourceId)).toEqual(['Named']);
  });

  test('GIVEN a change WHEN read as a typed struct THEN it mirrors the JSON without PhysicalResourceId', () => {
    const json = changeSet.toJson();
    expect(changeSet.changes.map((c) => [c.action, c.logicalResourceId, c.resourceType, c.replacement, c.scope]))
      .toEqual(json.map(({ ResourceChange: c }: any) => [c.Action, c.LogicalResourceId, c.ResourceType, c.Replacement, c.Scope]));
    expect(JSON.stringify(json)).not.toContain('PhysicalResourceId');
  });
});

describe('odd but legal input', () => {
  test('GIVEN templates with no Resources section WHEN predicted THEN the change set is empty', () => {
    expect(ChangeSetPredictor.predict({}, { Resources: {} }).toJson()).toEqual([]);
  });

  test('GIVEN options read from JSON with non-string parameter values WHEN predicted THEN numbers count as their strings', () => {
    const resources = template({ A: thing({ Create: { Ref: 'P' } }) }, { Parameters: { P: { Type: 'Number' } } });
    const changeSet = predict(resources, resources, { parameters: { before: { P: 1 }, after: { P: '1' } } } as any);
    expect(changeSet.changes).toEqual([]);
  });

  test('GIVEN a resource type the spec does not know WHEN a property changes THEN it is an update (RequiresRecreation Never)', () => {
    const changeSet = predict(template({ A: { Type: 'Vendor::Some::Thing', Properties: { X: 1 } } }), template({ A: { Type: 'Vendor::Some::Thing', Properties: { X: 2 } } }));
    expect(changeSet.changes[0]).toMatchObject({ replacement: 'False', details: [{ requiresRecreation: 'Never' }] });
  });

  test('GIVEN a custom resource with a property named Tags WHEN it changes THEN it is an ordinary property, not the Tags attribute', () => {
    const custom = (value: string) => template({ C: { Type: 'Custom::X', Properties: { ServiceToken: 't', CdkLifecycle: { v: '1' }, Tags: [value] } } });
    expect(predict(custom('a'), custom('b')).changes[0].details).toEqual([
      {
        attribute: 'Properties',
        name: 'Tags',
        requiresRecreation: 'Never',
        evaluation: 'Static',
        changeSource: 'DirectModification',
        path: '/Properties/Tags',
        attributeChangeType: 'Modify',
        beforeValue: '["a"]',
        afterValue: '["b"]',
      },
    ]);
  });
});

test('GIVEN the runtime contract WHEN compared THEN the engine reads the same reserved property name', () => {
  expect(LIFECYCLE_PROPERTY).toBe(RESERVED_PROPERTY);
});

test('GIVEN a type with two name properties, both set WHEN a move collides THEN the reason names both', () => {
  const twoNames: ReplacementSpec = {
    requiresRecreation: () => 'Never',
    lookupResourceType: (type) => (type === 'Test::Two' ? { nameProperties: ['First', 'Second'] } : undefined),
  };
  const resource = { Type: 'Test::Two', Properties: { First: 'a', Second: 'b' } };
  const changeSet = ChangeSetClass._of(predictWithSpec(template({ Old: resource }), template({ New: resource }), {}, twoNames));
  expect(changeSet.failures[0].reason).toMatch(/^First "a", Second "b" is still held by Old/);
});

describe('where the change set and the deployment differ', () => {
  test('GIVEN a WAFv2 web ACL whose DefaultAction swaps Allow for Block WHEN predicted THEN the change is reported (CloudFormation\'s change set is empty, the update applies it: aws-cdk-cli #1951)', () => {
    const acl = (action: Record<string, unknown>) => template({
      Acl: { Type: 'AWS::WAFv2::WebACL', Properties: { Name: 'api', Scope: 'REGIONAL', DefaultAction: action, VisibilityConfig: { CloudWatchMetricsEnabled: true, MetricName: 'api', SampledRequestsEnabled: true } } },
    });
    const changeSet = ChangeSetPredictor.predict(acl({ Allow: {} }), acl({ Block: {} }));
    expect(changeSet.toJson()).toEqual([{
      Type: 'Resource',
      ResourceChange: {
        Action: 'Modify',
        LogicalResourceId: 'Acl',
        ResourceType: 'AWS::WAFv2::WebACL',
        Replacement: 'False',
        Scope: ['Properties'],
        Details: [{ Target: { Attribute: 'Properties', Name: 'DefaultAction', RequiresRecreation: 'Never' }, Evaluation: 'Static', ChangeSource: 'DirectModification' }],
      },
    }]);
  });
});

describe('planRefactor input from other languages', () => {
  const queue = { Type: 'AWS::SQS::Queue', Properties: { QueueName: 'jobs' } };
  const keep = { Type: 'AWS::SNS::Topic', Properties: { TopicName: 'keep' } };

  test('GIVEN an account and a Region that are not text WHEN planned THEN the environment is unknown, not the values as given', () => {
    const plan = ChangeSetPredictor.planRefactor([{
      stackName: 'App', before: template({ Old: queue, Keep: keep }), after: template({ New: queue, Keep: keep }), account: 123456789012 as any, region: ['eu-west-1'] as any,
    }]);
    expect(plan.toJson().environments).toEqual([{ account: 'unknown-account', region: 'unknown-region', resources: { 'App.Old': 'App.New' } }]);
  });

  test('GIVEN something that is not a list of stacks WHEN planned THEN the plan is empty', () => {
    expect(ChangeSetPredictor.planRefactor('App' as any).toJson()).toMatchObject({ environments: [], Moves: [], StackRefactors: [] });
  });
});
