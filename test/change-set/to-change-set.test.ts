/**
 * The last step: changes in the order and shape a change set lists them (sorted by logical
 * id; details by source, then by where their target sits in the template).
 */
import { deepFreeze } from './helpers';
import { ChangeSetPredictor } from '../../src/change-set';
import { Detail, ResourceChange } from '../../src/change-set/model';
import { normalize } from '../../src/change-set/normalize';
import { ValueRenderer } from '../../src/change-set/property-values';
import { TemplateEvaluator } from '../../src/change-set/template-evaluator';
import { Rendering, toChangeSet as render } from '../../src/change-set/to-change-set';

const EMPTY = normalize({});
const RENDERING: Rendering = { description: 'default', before: new ValueRenderer(EMPTY, new TemplateEvaluator(EMPTY, new Map())), after: new ValueRenderer(EMPTY, new TemplateEvaluator(EMPTY, new Map())) };
type FirstFour<T> = T extends [infer A, infer B, infer C, infer D, ...unknown[]] ? [A, B, C, D] : never;
const toChangeSet = (...args: FirstFour<Parameters<typeof render>>) => render(...args, RENDERING);

const direct = (attribute: Detail['attribute'], name?: string): Detail => ({
  attribute, ...(name === undefined ? {} : { name }), requiresRecreation: 'Never', evaluation: 'Static', changeSource: 'DirectModification',
});
const modify = (logicalId: string, details: Detail[] = [], extra: Partial<ResourceChange> = {}): ResourceChange => ({
  action: 'Modify', logicalId, resourceType: 'Test::Thing', details, ...extra,
});
const changesOf = (...changes: ResourceChange[]) => deepFreeze(new Map(changes.map((change) => [change.logicalId, change])));

describe('the order of changes', () => {
  test('GIVEN changes in any order WHEN listed THEN they are sorted by logical id, ordinally (upper case first)', () => {
    const stack = toChangeSet(changesOf(modify('b'), modify('B'), modify('a'), modify('A')), [], EMPTY, EMPTY);
    expect(stack.changes.map((change) => change.logicalId)).toEqual(['A', 'B', 'a', 'b']);
  });
});

describe('the order of details', () => {
  const after = normalize({ Resources: { R: { Type: 'Test::Thing', Properties: { Zeta: 1, Alpha: 1, Tags: [] } } } });
  const before = normalize({ Resources: { R: { Type: 'Test::Thing', Properties: { Alpha: 0, Removed: 0 } } } });
  const reference = (changeSource: Detail['changeSource'], causingEntity: string, evaluation: Detail['evaluation'] = 'Dynamic'): Detail => ({
    attribute: 'Properties', name: 'Alpha', requiresRecreation: 'Never', evaluation, changeSource, causingEntity,
  });

  test('GIVEN details of every source and target WHEN listed THEN direct changes come first, then parameters, then references, then Automatic; each group in template order, then by causing entity', () => {
    const details: Detail[] = [
      { attribute: 'Properties', requiresRecreation: 'Never', evaluation: 'Dynamic', changeSource: 'Automatic' },
      reference('ResourceReference', 'Y'),
      reference('ResourceAttribute', 'X.Arn'),
      { ...reference('ParameterReference', 'Q'), name: 'Zeta' },
      reference('ParameterReference', 'P', 'Static'),
      { ...direct('Properties', 'Alpha'), evaluation: 'Dynamic' },
      direct('Properties', 'Ghost'),
      direct('UpdatePolicy'),
      direct('Metadata'),
      direct('Properties', 'Removed'),
      direct('Tags'),
      direct('Properties', 'Zeta'),
    ];

    const [change] = toChangeSet(changesOf(modify('R', details)), [], before, after).changes;

    expect(change.details.map((detail) => `${detail.changeSource}/${detail.evaluation} ${detail.name ?? detail.attribute} ${detail.causingEntity ?? ''}`.trim())).toEqual([
      'DirectModification/Static Zeta',
      'DirectModification/Static Tags',
      'DirectModification/Static Removed',
      'DirectModification/Static Metadata',
      'DirectModification/Static UpdatePolicy',
      'DirectModification/Static Ghost',
      'DirectModification/Dynamic Alpha',
      'ParameterReference/Static Alpha P',
      'ParameterReference/Dynamic Zeta Q',
      'ResourceAttribute/Dynamic Alpha X.Arn',
      'ResourceReference/Dynamic Alpha Y',
      'Automatic/Dynamic Properties',
    ]);
    expect(change.scope).toEqual(['Properties', 'Tags', 'Metadata', 'UpdatePolicy']);
  });

  test('GIVEN two details of one source WHEN listed THEN the one whose property comes first in the new template comes first', () => {
    const [change] = toChangeSet(changesOf(modify('R', [direct('Properties', 'Alpha'), direct('Properties', 'Zeta')])), [], before, after).changes;
    expect(change.details.map((detail) => detail.name)).toEqual(['Zeta', 'Alpha']);
  });

  test('GIVEN a change whose resource is in neither template WHEN listed THEN its details are sorted by source, then by causing entity', () => {
    const [change] = toChangeSet(changesOf(modify('Gone', [reference('ResourceReference', 'B'), direct('Properties', 'B'), reference('ResourceReference', 'A')])), [], EMPTY, EMPTY).changes;
    expect(change.details.map((detail) => `${detail.changeSource} ${detail.causingEntity ?? ''}`.trim())).toEqual(['DirectModification', 'ResourceReference A', 'ResourceReference B']);
  });

  test('GIVEN details of one source and target WHEN listed THEN they are ordered by causing entity, none first, whatever order they came in', () => {
    const unnamed: Detail = { attribute: 'Properties', name: 'Alpha', requiresRecreation: 'Never', evaluation: 'Dynamic', changeSource: 'ResourceReference' };
    const entities = (details: Detail[]) => toChangeSet(changesOf(modify('R', details)), [], before, after).changes[0].details.map((d) => d.causingEntity ?? '-');
    expect(entities([reference('ResourceReference', 'A'), reference('ResourceReference', 'B')])).toEqual(['A', 'B']);
    expect(entities([reference('ResourceReference', 'B'), reference('ResourceReference', 'A')])).toEqual(['A', 'B']);
    expect(entities([unnamed, reference('ResourceReference', 'A')])).toEqual(['-', 'A']);
    expect(entities([reference('ResourceReference', 'A'), unnamed])).toEqual(['-', 'A']);
  });

  test('GIVEN a change WHEN listed THEN the details given are not reordered in place', () => {
    const details = [direct('Properties', 'Alpha'), direct('Properties', 'Zeta')];
    toChangeSet(new Map([['R', modify('R', details)]]), [], before, after);
    expect(details.map((detail) => detail.name)).toEqual(['Alpha', 'Zeta']);
  });
});

describe('the shape of a change', () => {
  test('GIVEN an Add, a Remove and Modifies WHEN listed THEN only the Modifies have a Replacement, the most intrusive of their details or True when forced', () => {
    const always: Detail = { ...direct('Properties', 'A'), requiresRecreation: 'Always' };
    const stack = toChangeSet(changesOf(
      { action: 'Add', logicalId: 'Added', resourceType: 'T', details: [] },
      { action: 'Remove', logicalId: 'Removed', resourceType: 'T', details: [] },
      modify('Replaced', [direct('Properties', 'B'), always]),
      modify('Updated', [direct('Properties', 'B')]),
      modify('Forced', [], { forcedReplacement: true }),
    ), [], EMPTY, EMPTY);

    expect(stack.changes.map((change) => [change.logicalId, change.replacement])).toEqual([
      ['Added', undefined], ['Forced', 'True'], ['Removed', undefined], ['Replaced', 'True'], ['Updated', 'False'],
    ]);
    expect(stack.changes.map((change) => Object.keys(change).includes('replacement'))).toEqual([false, true, false, true, true]);
  });

  test('GIVEN a rename, a failure and a nested stack WHEN listed THEN each appears on its change, and on no other', () => {
    const nested = { changes: [], renames: [], description: 'default' as const };
    const failure = { certainty: 'Certain' as const, reason: 'r' };
    const renames = [{ from: 'Old', to: 'New', similarity: 0.9 }];
    const stack = toChangeSet(changesOf(
      { action: 'Add', logicalId: 'New', resourceType: 'T', details: [] },
      { action: 'Remove', logicalId: 'Old', resourceType: 'T', details: [] },
      modify('Failing', [], { failure }),
      modify('Nesting', [], { nested }),
      modify('Plain', [direct('Properties', 'A')]),
    ), renames, EMPTY, EMPTY);

    expect(stack.renames).toBe(renames);
    expect(stack.changes).toStrictEqual([
      { action: 'Modify', logicalId: 'Failing', resourceType: 'Test::Thing', replacement: 'False', scope: [], details: [], failure },
      { action: 'Modify', logicalId: 'Nesting', resourceType: 'Test::Thing', replacement: 'False', scope: [], details: [], nested },
      { action: 'Add', logicalId: 'New', resourceType: 'T', scope: [], details: [], rename: { direction: 'From', logicalId: 'Old', similarity: 0.9 } },
      { action: 'Remove', logicalId: 'Old', resourceType: 'T', scope: [], details: [], rename: { direction: 'To', logicalId: 'New', similarity: 0.9 } },
      { action: 'Modify', logicalId: 'Plain', resourceType: 'Test::Thing', replacement: 'False', scope: ['Properties'], details: [{ ...direct('Properties', 'A'), path: '/Properties/A', changeType: 'Add' }] },
    ]);
  });
});

describe('contexts in the IncludePropertyValues description', () => {
  test('GIVEN an added, a removed and a modified resource WHEN described with property values THEN the added one has only its new context, the removed one only its deployed one, the modified one both', () => {
    const queue = (delay: number) => ({ Type: 'AWS::SQS::Queue', Properties: { DelaySeconds: delay } });
    const changeSet = ChangeSetPredictor.predict(
      { Resources: { Gone: queue(1), Kept: queue(1) } },
      { Resources: { Kept: queue(2), Fresh: queue(3) } },
      { includePropertyValues: true },
    );
    const contexts = Object.fromEntries(changeSet.toJson().map(({ ResourceChange: change }: any) => [
      change.LogicalResourceId, [typeof change.BeforeContext, typeof change.AfterContext],
    ]));
    expect(contexts).toEqual({ Gone: ['string', 'undefined'], Kept: ['string', 'string'], Fresh: ['undefined', 'string'] });
  });
});
