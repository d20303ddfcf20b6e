/** Who imports which export, on each side of the update: what the reports draw between stacks. */
import { exportLinks } from '../../../src/change-set/app/export-links';
import { StackTies } from '../../../src/change-set/app/stack-ties';

const held = (stack: string, name: string, outputId = 'Out') => ({ stack, name, outputId });
const taken = (stack: string, name: string | undefined, logicalId = 'Fn', nestedStackPath?: string) => ({
  stack, ...(name === undefined ? {} : { name }), section: 'Resources' as const, logicalId, ...(nestedStackPath === undefined ? {} : { nestedStackPath }),
});

function data(before: readonly string[], after: readonly string[]): Omit<StackTies, 'waitsFor'> {
  const names = [...new Set([...before, ...after])];
  return {
    stack: 'Data',
    events: names.map((name) => ({
      name, ...(before.includes(name) ? { before: held('Data', name) } : {}), ...(after.includes(name) ? { after: held('Data', name) } : {}), valueChange: 'None' as const,
    })),
    imports: { before: [], after: [] },
  };
}

function api(before: ReturnType<typeof taken>[], after: ReturnType<typeof taken>[]): Omit<StackTies, 'waitsFor'> {
  return { stack: 'Api', events: [], imports: { before, after } };
}

test('GIVEN an import kept, one dropped and one new WHEN linked THEN each is one link with the sides it is on', () => {
  const links = exportLinks([
    data(['a', 'b'], ['a', 'b', 'c']),
    api([taken('Api', 'a'), taken('Api', 'b')], [taken('Api', 'a'), taken('Api', 'c', 'Worker', 'Inner')]),
  ]);
  expect(links.map((link) => [link.exportName, link.importer.nestedStackPath ?? '', link.importer.logicalId, link.sides])).toEqual([
    ['a', '', 'Fn', 'both'], ['b', '', 'Fn', 'before'], ['c', 'Inner', 'Worker', 'after'],
  ]);
  expect(links.every((link) => link.exporter.stack === 'Data' && link.exportRemoved === undefined)).toBe(true);
});

test('GIVEN the new app still importing an export it removes WHEN linked THEN the link ties it to the deployed exporter and says the export is removed', () => {
  const [link, ...rest] = exportLinks([data(['a'], []), api([taken('Api', 'a')], [taken('Api', 'a')])]);
  expect(rest).toEqual([]);
  expect(link).toMatchObject({ exportName: 'a', exporter: { stack: 'Data', outputId: 'Out' }, sides: 'both', exportRemoved: true });
});

test('GIVEN imports whose name is unknown offline or that no stack exports WHEN linked THEN they are left out', () => {
  expect(exportLinks([data(['a'], ['a']), api([taken('Api', undefined)], [taken('Api', 'elsewhere')])])).toEqual([]);
});

test('GIVEN importers outside the app named by the deployed state WHEN linked THEN each is a deployed link to a stack outside the app; stacks of the app are not repeated', () => {
  const links = exportLinks([data(['a'], ['a']), api([], [])], new Map([['a', ['Billing', 'Api']], ['gone', ['Billing']]]));
  expect(links).toEqual([{ exportName: 'a', exporter: held('Data', 'a'), importer: { stack: 'Billing' }, outsideApp: true, sides: 'before' }]);
});
