/**
 * Who imports which export, on either side of the update: the ties the app's stacks have
 * through `Outputs.Export` and `Fn::ImportValue` (nested stacks included), and the importers
 * outside the app a snapshot of the deployed state names. What the reports draw between stacks.
 */
import { HeldExport, StackTies, TieSite } from './stack-ties';

/** One import of one export. */
export interface ExportLink {
  readonly exportName: string;
  /** The stack (and nested stack) that holds the export, and its output. */
  readonly exporter: HeldExport;
  /** The importing stack and where the import is written (a resource, an output or a condition); absent for a stack outside the app. */
  readonly importer: TieSite & { readonly logicalId?: string; readonly section?: string };
  /** Set for an importer the app does not have (named by the deployed state). */
  readonly outsideApp?: boolean;
  /** The side the import is on: the deployed one, the new one, or both. */
  readonly sides: 'before' | 'after' | 'both';
  /** Set when the new app still imports the export but no stack of it exports it any more (the exporter is the deployed one). */
  readonly exportRemoved?: boolean;
}

/** Every import whose export is known, each once with the sides it is on; ordered by exporter, export name and importer. */
export function exportLinks(ties: ReadonlyArray<Omit<StackTies, 'waitsFor'>>, externalImporters: ReadonlyMap<string, readonly string[]> = new Map()): ExportLink[] {
  const links = new Map<string, ExportLink>();
  const add = (link: Omit<ExportLink, 'sides'>, side: 'before' | 'after'): void => {
    const key = [link.exporter.stack, link.exporter.nestedStackPath, link.exportName, link.importer.stack, link.importer.nestedStackPath, link.importer.section, link.importer.logicalId].join('\u0000');
    const known = links.get(key);
    links.set(key, { ...known, ...link, sides: known === undefined || known.sides === side ? side : 'both' });
  };
  const exportersOn = (side: 'before' | 'after') => {
    const exporters = new Map<string, HeldExport>();
    for (const stack of ties) for (const event of stack.events) if (event[side] !== undefined) exporters.set(event.name, event[side]!);
    return exporters;
  };
  const deployedExporters = exportersOn('before');
  for (const side of ['before', 'after'] as const) {
    const exporters = side === 'before' ? deployedExporters : exportersOn('after');
    for (const stack of ties) {
      for (const taken of stack.imports[side]) {
        if (taken.name === undefined) continue;
        // An import the new app keeps of an export it removes: tied to the deployed exporter, which cannot remove it.
        const removed = side === 'after' && !exporters.has(taken.name) && deployedExporters.has(taken.name);
        const exporter = exporters.get(taken.name) ?? (removed ? deployedExporters.get(taken.name) : undefined);
        if (exporter === undefined) continue;
        const importer = {
          stack: taken.stack,
          ...(taken.nestedStackPath === undefined ? {} : { nestedStackPath: taken.nestedStackPath }),
          section: taken.section,
          logicalId: taken.logicalId,
        };
        add({ exportName: exporter.name, exporter, importer, ...(removed ? { exportRemoved: true } : {}) }, side);
      }
    }
  }
  const inApp = new Set(ties.map((stack) => stack.stack));
  for (const [name, stacks] of externalImporters) {
    const exporter = deployedExporters.get(name);
    if (exporter === undefined) continue;
    for (const stack of stacks) if (!inApp.has(stack)) add({ exportName: name, exporter, importer: { stack }, outsideApp: true }, 'before');
  }
  const order = (link: ExportLink) => [link.exporter.stack, link.exportName, link.importer.stack, link.importer.logicalId ?? ''].join('\u0000');
  return [...links.values()].sort((a, b) => (order(a) < order(b) ? -1 : order(a) > order(b) ? 1 : 0));
}
