/**
 * The templates of a refactor: each stack's deployed template with the group's moves applied.
 * A moved resource keeps its deployed definition (a refactor may not change a resource's
 * configuration), under its new logical id, in its new stack. Parameters, conditions and
 * mappings stay as deployed (a refactor may not change them either); a stack the refactor
 * creates has none, as `cdk refactor` writes it.
 *
 * References follow the moves:
 * - to a resource in the same stack afterwards: its new logical id;
 * - to a resource in another stack afterwards (`Ref`, `Fn::GetAtt`, `${X}`/`${X.Attr}` in
 *   `Fn::Sub`): an `Fn::ImportValue` of an export that stack gets. The export is the one the
 *   new templates declare for that value when they do (so the update after the refactor keeps
 *   it), else one the deployed stack has, else a new one (`<Stack>:RefactorExport...`).
 *   CloudFormation's refactor keeps such ties by exports and imports (the DevOps blog
 *   introducing the console experience; cdk refactor's integration test moves a referenced
 *   bucket to a new stack this way);
 * - an `Fn::ImportValue` of an export whose `Ref`/`Fn::GetAtt` target is now in the importing
 *   stack: the reference itself (it carries the same value); now in a third stack: an import
 *   from there;
 * - a `DependsOn` on a resource now in another stack is left out (a stack cannot depend on
 *   another stack's resource; the import orders them).
 *
 * An output whose value moves out of its stack is removed when no stack imports it in the
 * refactor's state; when one does, the export is in use and cannot be removed, so the move is
 * refused. A new import that would make two stacks import from each other is refused too.
 */
import { SideExports, FoundMove, Location, PlanStack } from './find-moves';
import { ReferenceHooks, rewriteDependsOn, rewriteWith } from './rewrite-references';
import { getAttParts } from '../cfn-equal';
import { isObject, JsonObject, own } from '../json';

/** The refactor's templates of a group of stacks, and what could not be written. */
export interface StepTemplates {
  readonly templates: ReadonlyMap<string, JsonObject>;
  /** Resources in each template. */
  readonly resourceCounts: ReadonlyMap<string, number>;
  /** For each move whose references cannot be written in this refactor: why. */
  readonly refused: ReadonlyMap<FoundMove, string>;
  /** What the refactor does besides the moves: exports added and removed. */
  readonly notes: readonly string[];
}

/** The deployed importers of each export name, among stacks outside the group. */
export type OutsideImporters = (exportName: string, group: ReadonlySet<string>) => readonly string[];

interface Written {
  readonly resources: Record<string, unknown>;
  /** Export names this stack still imports after the rewrite, and from which stack. */
  readonly imports: Map<string, string>;
}

/** Writes the refactor's templates of the stacks `names` for `moves`. */
export function stepTemplates(
  names: readonly string[],
  moves: readonly FoundMove[],
  stacks: ReadonlyMap<string, PlanStack>,
  exports: SideExports,
  outsideImporters: OutsideImporters,
): StepTemplates {
  return new StepWriter(names, moves, stacks, exports, outsideImporters).write();
}

class StepWriter {
  private readonly bySource: Map<string, FoundMove>;
  private readonly refused = new Map<FoundMove, string>();
  private readonly notes: string[] = [];
  /** Exports to add, by stack: output id -> output. */
  private readonly added = new Map<string, Map<string, JsonObject>>();
  /** New imports: importing stack -> exporting stacks, with the move that needs each. */
  private readonly newImports = new Map<string, Map<string, FoundMove | undefined>>();

  public constructor(
    private readonly names: readonly string[],
    private readonly moves: readonly FoundMove[],
    private readonly stacks: ReadonlyMap<string, PlanStack>,
    private readonly exports: SideExports,
    private readonly outsideImporters: OutsideImporters,
  ) {
    this.bySource = new Map(moves.map((move) => [key(move.source), move]));
  }

  public write(): StepTemplates {
    const written = new Map<string, Written>();
    for (const name of this.names) {
      const resources: Record<string, unknown> = {};
      const imports = new Map<string, string>();
      for (const entry of this.exports.before.importsOf(name)) {
        const exported = entry.section === 'Conditions' && entry.exportName.name !== undefined ? this.exports.before.get(entry.exportName.name) : undefined;
        if (exported !== undefined) imports.set(exported.name, exported.stack);
      }
      const own_ = this.deployedResources(name);
      for (const id of Object.keys(own_)) {
        if (!this.bySource.has(key({ stack: name, logicalId: id }))) this.writeResource(resources, imports, id, own_[id], name, name, undefined);
      }
      for (const move of this.moves) {
        if (move.destination.stack !== name) continue;
        const definition = this.deployedResources(move.source.stack)[move.source.logicalId];
        this.writeResource(resources, imports, move.destination.logicalId, definition, move.source.stack, name, move);
      }
      written.set(name, { resources, imports });
    }
    const templates = new Map<string, JsonObject>();
    const resourceCounts = new Map<string, number>();
    for (const name of this.names) {
      const { resources, imports } = written.get(name)!;
      const stack = this.stacks.get(name)!;
      const base = isObject(stack.rawBefore) ? stack.rawBefore : {};
      const template: Record<string, unknown> = { ...base, Resources: resources };
      const outputs = this.outputsOf(name, written, imports);
      if (Object.keys(outputs).length > 0) template.Outputs = outputs;
      else delete template.Outputs;
      templates.set(name, template);
      resourceCounts.set(name, Object.keys(resources).length);
    }
    this.refuseTwoWayImports(written);
    return { templates, resourceCounts, refused: this.refused, notes: this.notes };
  }

  private deployedResources(name: string): JsonObject {
    const template = this.stacks.get(name)?.rawBefore;
    const resources = isObject(template) ? own(template, 'Resources') : undefined;
    return isObject(resources) ? resources : {};
  }

  /** Where a deployed resource of `origin` is after the refactor; undefined for a name that is no resource there. */
  private now(origin: string, name: string): Location | undefined {
    if (!(name in this.deployedResources(origin))) return undefined;
    return this.bySource.get(key({ stack: origin, logicalId: name }))?.destination ?? { stack: origin, logicalId: name };
  }

  private refuse(move: FoundMove | undefined, reason: string): void {
    if (move !== undefined && !this.refused.has(move)) this.refused.set(move, reason);
  }

  private writeResource(
    into: Record<string, unknown>,
    imports: Map<string, string>,
    id: string,
    resource: unknown,
    origin: string,
    stack: string,
    owner: FoundMove | undefined,
  ): void {
    if (!isObject(resource)) return;
    const hooks = this.hooks(origin, stack, owner, imports, `${stack}.${id}`);
    const written: Record<string, unknown> = {};
    for (const field of Object.keys(resource)) {
      if (field !== 'DependsOn') {
        written[field] = rewriteWith(resource[field], hooks);
        continue;
      }
      const dependsOn = rewriteDependsOn(resource[field], (name) => {
        const now = this.now(origin, name);
        if (now === undefined) return undefined;
        return now.stack === stack ? now.logicalId : null;
      });
      if (dependsOn !== undefined && !(Array.isArray(dependsOn) && dependsOn.length === 0)) written[field] = dependsOn;
    }
    into[id] = written;
  }

  /** How references from `origin`'s definitions, written into `stack`, follow the moves. */
  private hooks(origin: string, stack: string, owner: FoundMove | undefined, imports: Map<string, string>, where: string): ReferenceHooks {
    const crossing = (name: string, now: Location, attribute: string | undefined): unknown => {
      const target = this.bySource.get(key({ stack: origin, logicalId: name }));
      return this.importOf(now, attribute, stack, owner ?? target, where);
    };
    return {
      ref: (name) => {
        const now = this.now(origin, name);
        if (now === undefined) return undefined;
        return now.stack === stack ? { Ref: now.logicalId } : crossing(name, now, undefined);
      },
      getAtt: (name, attribute) => {
        const now = this.now(origin, name);
        if (now === undefined) return undefined;
        if (now.stack === stack) return { 'Fn::GetAtt': [now.logicalId, ...attribute] };
        if (attribute.length !== 1 || typeof attribute[0] !== 'string') {
          this.refuse(owner ?? this.bySource.get(key({ stack: origin, logicalId: name })), `${where} reads an attribute of ${name} that is not a literal, and ${name} would be in another stack than it: an import needs a known attribute`);
          return undefined;
        }
        return crossing(name, now, attribute[0]);
      },
      sub: (name, attribute) => {
        const now = this.now(origin, name);
        if (now === undefined) return undefined;
        if (now.stack === stack) return { text: attribute === undefined ? now.logicalId : `${now.logicalId}.${attribute}` };
        const variable = `RefactorImport${alphanumeric(now.logicalId)}${alphanumeric(attribute ?? '')}`;
        return { text: variable, variable: [variable, crossing(name, now, attribute)] };
      },
      importValue: (operand) => {
        const exported = this.exports.before.imported(origin, operand);
        if (exported === undefined) return undefined;
        const target = referenceOf(exported.value);
        const now = target === undefined ? undefined : this.now(exported.stack, target.name);
        if (target === undefined || now === undefined) {
          imports.set(exported.name, exported.stack);
          return undefined;
        }
        if (now.stack === stack) return target.attribute === undefined ? { Ref: now.logicalId } : { 'Fn::GetAtt': [now.logicalId, target.attribute] };
        if (now.stack !== exported.stack) {
          const moved = this.bySource.get(key({ stack: exported.stack, logicalId: target.name }));
          return this.importOf(now, target.attribute, stack, owner ?? moved, where);
        }
        imports.set(exported.name, exported.stack);
        return undefined;
      },
    };
  }

  /** `Fn::ImportValue` of the export of `now` (its `Ref`, or the attribute) that `stack` imports, adding the export where needed. */
  private importOf(now: Location, attribute: string | undefined, stack: string, blamed: FoundMove | undefined, where: string): unknown {
    const value = attribute === undefined ? { Ref: now.logicalId } : { 'Fn::GetAtt': [now.logicalId, attribute] };
    const stays = !this.bySource.has(key(now)) && now.logicalId in this.deployedResources(now.stack);
    const deployed = stays ? this.exports.before.exportOf(now.stack, value) : undefined;
    const wanted = this.exports.after.exportOf(now.stack, value);
    const outputId = wanted?.outputId ?? `RefactorExport${attribute === undefined ? 'Ref' : 'Att'}${alphanumeric(now.logicalId)}${alphanumeric(attribute ?? '')}`;
    const name = deployed?.name ?? wanted?.name ?? `${now.stack}:${outputId}`;
    if (deployed === undefined) {
      const outputs = this.added.get(now.stack) ?? this.added.set(now.stack, new Map()).get(now.stack)!;
      if (!outputs.has(outputId)) {
        outputs.set(outputId, { Value: value, Export: { Name: name } });
        this.notes.push(`${now.stack}: [+] export ${name} (output ${outputId}), for ${where}`);
      }
    }
    const exporters = this.newImports.get(stack) ?? this.newImports.set(stack, new Map()).get(stack)!;
    if (!exporters.has(now.stack)) exporters.set(now.stack, blamed);
    return { 'Fn::ImportValue': name };
  }

  /** The outputs of `name` in the refactor: the deployed ones that can stay (renamed), and the exports added. */
  private outputsOf(name: string, written: ReadonlyMap<string, Written>, imports: Map<string, string>): Record<string, unknown> {
    const outputs: Record<string, unknown> = {};
    const base = this.stacks.get(name)!.rawBefore;
    const section = isObject(base) ? own(base, 'Outputs') : undefined;
    const deployed: JsonObject = isObject(section) ? section : {};
    const group = new Set(this.names);
    for (const outputId of Object.keys(deployed)) {
      const output = deployed[outputId];
      if (!isObject(output)) continue;
      let away: { target: string; now: Location } | undefined;
      const value = rewriteWith(own(output, 'Value'), {
        ref: (target) => this.followed(name, target, (now) => (away ??= { target, now }), (now) => ({ Ref: now.logicalId })),
        getAtt: (target, attribute) => this.followed(name, target, (now) => (away ??= { target, now }), (now) => ({ 'Fn::GetAtt': [now.logicalId, ...attribute] })),
        sub: (target, attribute) => this.followed(name, target, (now) => (away ??= { target, now }), (now) => ({ text: attribute === undefined ? now.logicalId : `${now.logicalId}.${attribute}` })),
        importValue: (operand) => {
          const exported = this.exports.before.imported(name, operand);
          if (exported !== undefined) imports.set(exported.name, exported.stack);
          return undefined;
        },
      });
      if (away === undefined) {
        outputs[outputId] = { ...output, Value: value };
        continue;
      }
      const exportName = this.exports.before.ofOutput(name, outputId)?.name;
      if (exportName === undefined) {
        this.notes.push(`${name}: [-] output ${outputId}: its value moves with ${away.target} to ${away.now.stack}`);
        continue;
      }
      const importers = [
        ...[...written.entries()].filter(([stack, entry]) => stack !== name && entry.imports.has(exportName)).map(([stack]) => stack),
        ...this.outsideImporters(exportName, group),
      ];
      if (importers.length > 0) {
        this.refuse(this.bySource.get(key({ stack: name, logicalId: away.target })), `${name} exports ${exportName} (output ${outputId}) from ${away.target}, which would be in ${away.now.stack} after the move, and ${importers.join(', ')} import${importers.length === 1 ? 's' : ''} it: an export in use cannot be removed (first deploy ${importers.join(', ')} without the import, or move ${away.target} with its importers)`);
        outputs[outputId] = output;
        continue;
      }
      this.notes.push(`${name}: [-] export ${exportName} (output ${outputId}): its value moves with ${away.target} to ${away.now.stack}, and no stack of the app imports it (an importer outside the app would make the refactor fail)`);
    }
    for (const [outputId, output] of this.added.get(name) ?? []) {
      let id = outputId;
      for (let n = 2; id in outputs; n++) id = `${outputId}${n}`;
      outputs[id] = output;
    }
    return outputs;
  }

  /** An output's reference: followed into the stack, or reported as moving away. */
  private followed<T>(stack: string, target: string, away: (now: Location) => unknown, here: (now: Location) => T): T | undefined {
    const now = this.now(stack, target);
    if (now === undefined) return undefined;
    if (now.stack === stack) return here(now);
    away(now);
    return undefined;
  }

  /** Refuses the moves whose new imports would make two stacks import from each other. */
  private refuseTwoWayImports(written: ReadonlyMap<string, Written>): void {
    const importsFrom = (importer: string, exporter: string) =>
      this.newImports.get(importer)?.has(exporter) === true || [...(written.get(importer)?.imports.values() ?? [])].includes(exporter);
    for (const [importer, exporters] of this.newImports) {
      for (const [exporter, move] of exporters) {
        if (importsFrom(exporter, importer)) this.refuse(move, `the references would then go both ways between ${importer} and ${exporter} (each importing from the other), which CloudFormation cannot order`);
      }
    }
  }
}

/** The resource an export's value is a `Ref` or literal `Fn::GetAtt` of. */
function referenceOf(value: unknown): { name: string; attribute?: string } | undefined {
  if (isObject(value) && typeof value.Ref === 'string' && Object.keys(value).length === 1) return { name: value.Ref };
  const parts = getAttParts(value);
  if (parts !== undefined && parts.length === 2 && typeof parts[0] === 'string' && typeof parts[1] === 'string') return { name: parts[0], attribute: parts[1] };
  return undefined;
}

function alphanumeric(text: string): string {
  return text.replace(/[^A-Za-z0-9]/g, '');
}

function key(location: Location): string {
  return `${location.stack}\u0000${location.logicalId}`;
}
