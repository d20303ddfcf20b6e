/** Properties and metadata that reference a changed or added parameter (step 4a). */
import { template } from './helpers';
import { predict, replacementOf, thing } from './test-spec';

const lines = (changeSet: ReturnType<typeof predict>, id: string) => changeSet.changes.find((c) => c.logicalResourceId === id)?.details
  .map((d) => `${d.attribute}/${d.name ?? '-'}/${d.evaluation}/${d.changeSource}/${d.causingEntity ?? '-'}`);
const added = (...names: string[]) => ({ Parameters: Object.fromEntries(names.map((name) => [name, { Type: 'String', Default: name }])) });

describe('a parameter added by the update', () => {
  test('GIVEN a direct change of a property listed before the one that references the new parameter WHEN predicted THEN that earlier change stays Static and only the referencing property gets the pair', () => {
    const before = template({ A: thing({ Other: 1, Plain: 'x' }) });
    const after = template({ A: thing({ Other: 2, Plain: { Ref: 'New' } }) }, added('New'));
    expect(lines(predict(before, after), 'A')).toEqual([
      'Properties/Other/Static/DirectModification/-',
      'Properties/Plain/Dynamic/DirectModification/-',
      'Properties/Plain/Static/ParameterReference/New',
    ]);
  });

  test('GIVEN changed tags (a target without a name) WHEN the metadata, also without a name, references a new parameter THEN the tag change stays Static', () => {
    const before = template({ A: { ...thing({ Tags: [{ Key: 'k', Value: '1' }] }), Metadata: { m: 'x' } } });
    const after = template({ A: { ...thing({ Tags: [{ Key: 'k', Value: '2' }] }), Metadata: { m: { Ref: 'New' } } } }, added('New'));
    expect(lines(predict(before, after), 'A')).toEqual([
      'Tags/-/Static/DirectModification/-',
      'Metadata/-/Dynamic/DirectModification/-',
      'Metadata/-/Static/ParameterReference/New',
    ]);
  });

  test('GIVEN other direct changes of the resource WHEN a property references a new parameter THEN only that property\'s direct change gives way to the pair', () => {
    const before = template({ A: { ...thing({ Plain: 'x', Other: 1 }), Metadata: { m: 1 } } });
    const after = template({ A: { ...thing({ Plain: { Ref: 'New' }, Other: 2 }), Metadata: { m: 2 } } }, added('New'));
    expect(lines(predict(before, after), 'A')).toEqual([
      'Properties/Other/Static/DirectModification/-',
      'Metadata/-/Static/DirectModification/-',
      'Properties/Plain/Dynamic/DirectModification/-',
      'Properties/Plain/Static/ParameterReference/New',
    ]);
  });

  test.each([
    ['two', ['N1', 'N2']],
    ['three', ['N1', 'N2', 'N3']],
  ])('GIVEN a property that references %s new parameters WHEN predicted THEN it has one Dynamic direct detail and one reference per parameter', (_, names) => {
    const before = template({ A: thing({ Plain: names.map((name) => name.toLowerCase()).join('-') }) });
    const after = template({ A: thing({ Plain: { 'Fn::Sub': names.map((name) => `\${${name}}`).join('-') } }) }, added(...names));
    expect(lines(predict(before, after), 'A')).toEqual([
      'Properties/Plain/Dynamic/DirectModification/-',
      ...names.map((name) => `Properties/Plain/Static/ParameterReference/${name}`),
    ]);
  });
});

describe('dependents that cannot take a detail', () => {
  test('GIVEN a changed parameter referenced by a resource the update adds and one it removes WHEN predicted THEN they are an Add and a Remove without details, and the existing dependent gets the pair', () => {
    const parameters = (value: string) => ({ Parameters: { P: { Type: 'String', Default: value } } });
    const before = template({ Old: thing({ Plain: { Ref: 'P' } }), Kept: thing({ Plain: { Ref: 'P' } }) }, parameters('1'));
    const after = template({ New: thing({ Plain: { Ref: 'P' } }), Kept: thing({ Plain: { Ref: 'P' } }) }, parameters('2'));
    const changeSet = predict(before, after);
    expect(replacementOf(changeSet)).toEqual({ Kept: 'False', New: 'Add', Old: 'Remove' });
    expect(lines(changeSet, 'New')).toEqual([]);
    expect(lines(changeSet, 'Old')).toEqual([]);
    expect(lines(changeSet, 'Kept')).toEqual(['Properties/Plain/Dynamic/DirectModification/-', 'Properties/Plain/Static/ParameterReference/P']);
  });
});
