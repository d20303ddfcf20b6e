/** The changes of a prediction while propagation extends them: copied once, never modified in place. */
import { addOnce, ChangeBuilder, edgeDetail, sameDetail } from '../../src/change-set/change-builder';
import { Detail, ResourceChange } from '../../src/change-set/model';
import { normalize } from '../../src/change-set/normalize';
import { ReferenceEdge } from '../../src/change-set/reference-index';

const after = normalize({ Resources: { Changed: { Type: 'AWS::SNS::Topic' }, Plain: { Type: 'AWS::SQS::Queue' }, Added: { Type: 'AWS::S3::Bucket' } } });
const detail = (extra: Partial<Detail> = {}): Detail => ({ attribute: 'Properties', name: 'DisplayName', requiresRecreation: 'Never', evaluation: 'Static', changeSource: 'DirectModification', ...extra });

describe('ChangeBuilder.writable', () => {
  const given = (): Map<string, ResourceChange> => new Map<string, ResourceChange>([
    ['Changed', { action: 'Modify', logicalId: 'Changed', resourceType: 'AWS::SNS::Topic', details: [detail()] }],
    ['Added', { action: 'Add', logicalId: 'Added', resourceType: 'AWS::S3::Bucket', details: [] }],
    ['Gone', { action: 'Remove', logicalId: 'Gone', resourceType: 'AWS::SQS::Queue', details: [] }],
  ]);

  test('GIVEN a changed resource WHEN made writable THEN it is a copy, the same copy each time, and the given change is untouched', () => {
    const changes = given();
    const original = changes.get('Changed')!;
    const builder = new ChangeBuilder(changes, after);

    const first = builder.writable('Changed')!;
    first.details.push(detail({ evaluation: 'Dynamic' }));
    const second = builder.writable('Changed')!;

    expect(first).not.toBe(original);
    expect(second).toBe(first);
    expect(second.details).toHaveLength(2);
    expect(original.details).toHaveLength(1);
    expect(changes.get('Changed')).toBe(original);
    expect(builder.get('Changed')).toBe(first);
    expect(builder.all().get('Changed')).toBe(first);
  });

  test('GIVEN a resource that nothing changed WHEN made writable THEN it is a new Modify without details, kept for the next call', () => {
    const builder = new ChangeBuilder(given(), after);

    const created = builder.writable('Plain');

    expect(created).toStrictEqual({ action: 'Modify', logicalId: 'Plain', resourceType: 'AWS::SQS::Queue', details: [] });
    expect(builder.writable('Plain')).toBe(created);
    expect(builder.get('Plain')).toBe(created);
  });

  test('GIVEN an added resource WHEN made writable THEN there is nothing to extend (only a Modify takes details)', () => {
    const builder = new ChangeBuilder(given(), after);

    expect(builder.writable('Added')).toBeUndefined();
    expect(builder.get('Added')!.action).toBe('Add');
  });

  test('GIVEN a logical id the new template does not have WHEN made writable THEN undefined, with or without a change', () => {
    const builder = new ChangeBuilder(given(), after);

    expect(builder.writable('Gone')).toBeUndefined();
    expect(builder.writable('Nowhere')).toBeUndefined();
    expect(builder.get('Nowhere')).toBeUndefined();
  });
});

describe('edgeDetail', () => {
  const edge = (extra: Partial<ReferenceEdge> = {}): ReferenceEdge => ({
    dependent: 'Plain', attribute: 'Properties', property: 'Policy', name: 'Policy', kind: 'Ref', target: 'Changed', causingEntity: 'Changed', paths: [['Policy']], ...extra,
  });

  test('GIVEN an edge of a named property WHEN made a detail THEN it has the edge\'s target and the given cause', () => {
    expect(edgeDetail(edge(), 'Always', { evaluation: 'Static', changeSource: 'ResourceReference', causingEntity: 'Changed' })).toStrictEqual({
      attribute: 'Properties', name: 'Policy', requiresRecreation: 'Always', evaluation: 'Static', changeSource: 'ResourceReference', causingEntity: 'Changed',
    });
  });

  test('GIVEN an edge of an attribute without a name, on tags of an unrecorded form WHEN made a detail THEN no name, and the form marked unverified', () => {
    expect(edgeDetail(edge({ attribute: 'Tags', name: undefined, formUnverified: true }), 'Never', { evaluation: 'Dynamic', changeSource: 'DirectModification' })).toStrictEqual({
      attribute: 'Tags', requiresRecreation: 'Never', evaluation: 'Dynamic', changeSource: 'DirectModification', formUnverified: true,
    });
    expect(Object.keys(edgeDetail(edge({ attribute: 'Metadata', name: undefined, formUnverified: false }), 'Never', { evaluation: 'Dynamic', changeSource: 'DirectModification' })))
      .toEqual(['attribute', 'requiresRecreation', 'evaluation', 'changeSource']);
  });
});

describe('sameDetail and addOnce', () => {
  test.each<[string, Partial<Detail>]>([
    ['attribute', { attribute: 'Metadata' }],
    ['name', { name: 'TopicName' }],
    ['evaluation', { evaluation: 'Dynamic' }],
    ['change source', { changeSource: 'ResourceReference' }],
    ['causing entity', { causingEntity: 'Other' }],
    ['recreation', { requiresRecreation: 'Always' }],
  ])('GIVEN two details that differ only in their %s WHEN compared THEN they differ, and both are kept', (_, difference) => {
    const details = [detail()];

    addOnce(details, detail(difference));

    expect(sameDetail(detail(), detail(difference))).toBe(false);
    expect(details).toHaveLength(2);
  });

  test('GIVEN an equal detail WHEN added THEN it is added once', () => {
    const details = [detail({ causingEntity: 'X' })];

    addOnce(details, detail({ causingEntity: 'X' }));

    expect(sameDetail(detail(), detail())).toBe(true);
    expect(details).toEqual([detail({ causingEntity: 'X' })]);
  });
});
