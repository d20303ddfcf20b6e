/** Which parameters change value: given values, kept values and template defaults. */
import { normalize } from '../../src/change-set/normalize';
import { parameterChanges } from '../../src/change-set/parameter-changes';

describe('parameterChanges', () => {
  const templateWith = (defaults: Record<string, string | undefined>) => normalize({
    Parameters: Object.fromEntries(Object.entries(defaults).map(([name, value]) => [name, value === undefined ? { Type: 'String' } : { Type: 'String', Default: value }])),
  });
  const inputs = (before: Record<string, string>, after: Record<string, string>) => ({
    before: new Map(Object.entries(before)),
    after: new Map(Object.entries(after)),
    deployTime: new Set<string>(),
  });

  test.each([
    ['a changed default', { P: 'a' }, { P: 'b' }, {}, {}, { P: 'Static' }],
    ['a given new value', { P: 'a' }, { P: 'a' }, {}, { P: 'b' }, { P: 'Static' }],
    ['a given old value kept when no new value is given', { P: 'a' }, { P: 'b' }, { P: 'x' }, {}, {}],
    ['no value known on either side', { P: undefined }, { P: undefined }, {}, {}, {}],
    ['a new value but no old one', { P: undefined }, { P: undefined }, {}, { P: 'b' }, {}],
    ['a parameter only the new template declares', {}, { P: 'b' }, {}, {}, { P: 'Added' }],
    ['a parameter only the new template declares, without a value', {}, { P: undefined }, {}, {}, { P: 'Added' }],
    ['an old default and no new value known', { P: 'a' }, { P: undefined }, {}, {}, {}],
  ])('GIVEN %s WHEN compared THEN the changed parameters are %j', (_, oldDefaults, newDefaults, oldValues, newValues, expected) => {
    const changes = parameterChanges(templateWith(oldDefaults), templateWith(newDefaults), inputs(oldValues, newValues));
    expect(Object.fromEntries(changes)).toEqual(expected);
  });

  test('GIVEN a parameter whose value is known only at deploy time WHEN compared THEN it changes dynamically, whatever its values', () => {
    const deployTime = { ...inputs({ P: 'a' }, { P: 'a' }), deployTime: new Set(['P']) };
    const changes = parameterChanges(templateWith({ P: 'a', Q: 'q' }), templateWith({ P: 'a', Q: 'q' }), deployTime);
    expect(Object.fromEntries(changes)).toEqual({ P: 'Dynamic' });
  });
});
