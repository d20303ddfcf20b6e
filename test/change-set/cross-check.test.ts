/**
 * Cross-check against `@aws-cdk/cloudformation-diff` (what `cdk diff` uses) on generated
 * template pairs: per logical id, both say whether it is added, removed, replaced, maybe
 * replaced, updated or unchanged. Wherever they disagree, the disagreement is classified by
 * inspecting the pair, each reason checking the facts that make this engine right (from the
 * templates, the spec table, and what cloudformation-diff is known to read); a disagreement
 * no reason explains fails the test. The counts by reason are printed for the closing note.
 *
 * What cloudformation-diff reads, modelled here: a property's top-level `causesReplacement`
 * only; replacements propagated only through a bare `Ref` or `Fn::GetAtt` (it does not look
 * inside other intrinsics), only from resources it calls WILL_REPLACE, and only into
 * properties that cause replacement themselves; `DependsOn` changes as updates.
 */
import { fullDiff, ResourceDifference, ResourceImpact } from '@aws-cdk/cloudformation-diff';
import { generatePair, TemplatePair } from './template-generator';
import { REPLACEMENT_DECISIONS } from '../../build-tools/replacement-decisions';
import { ChangeSetPredictor, PredictedResourceChange } from '../../src/change-set';
import { cfnEqual, changedPaths } from '../../src/change-set/cfn-equal';
import { requiresRecreation } from '../../src/spec/replacement-spec';

type Category = 'add' | 'remove' | 'replace' | 'may-replace' | 'update' | 'none';
const RANK: Record<Category, number> = { 'none': 0, 'update': 1, 'may-replace': 2, 'replace': 3, 'add': 4, 'remove': 4 };
const RECREATION_RANK: Record<string, number> = { Never: 0, Conditionally: 1, Always: 2 };

interface Disagreement {
  readonly logicalId: string;
  readonly engine: Category;
  readonly cfn: Category;
}

interface PairContext {
  readonly pair: TemplatePair;
  readonly engine: ReadonlyMap<string, PredictedResourceChange>;
  readonly engineCategory: (id: string) => Category;
  readonly cfnCategory: (id: string) => Category;
  readonly classified: ReadonlySet<string>;
}

function engineCategoryOf(change: PredictedResourceChange | undefined): Category {
  if (change === undefined) return 'none';
  if (change.action !== 'Modify') return change.action.toLowerCase() as Category;
  return ({ True: 'replace', Conditional: 'may-replace', False: 'update' } as const)[change.replacement as 'True' | 'Conditional' | 'False'];
}

function cfnCategoryOf(difference: ResourceDifference | undefined): Category {
  if (difference === undefined || !difference.isDifferent) return 'none';
  if (difference.isAddition) return 'add';
  if (difference.isRemoval) return 'remove';
  switch (difference.changeImpact) {
    case ResourceImpact.WILL_REPLACE: return 'replace';
    case ResourceImpact.MAY_REPLACE: return 'may-replace';
    default: return 'update';
  }
}

const isReplaced = (category: Category) => category === 'replace' || category === 'may-replace';
const entityId = (causingEntity: string | undefined) => (causingEntity ?? '').split('.')[0];
const referenceDetails = (change: PredictedResourceChange | undefined) =>
  (change?.details ?? []).filter((d) => d.changeSource === 'ResourceReference' || d.changeSource === 'ResourceAttribute');

/** Whether `value` references `target` the way cloudformation-diff sees: a bare Ref or GetAtt, outside any Fn:: intrinsic. */
function hasBareReference(value: unknown, target: string): boolean {
  if (Array.isArray(value)) return value.some((item) => hasBareReference(item, target));
  if (typeof value !== 'object' || value === null) return false;
  const keys = Object.keys(value);
  const record = value as Record<string, any>;
  if (keys.length === 1 && keys[0] === 'Ref') return record.Ref === target;
  if (keys.length === 1 && keys[0] === 'Fn::GetAtt') {
    const operand = record['Fn::GetAtt'];
    return Array.isArray(operand) ? operand[0] === target : typeof operand === 'string' && operand.split('.')[0] === target;
  }
  if (keys.length === 1 && keys[0].startsWith('Fn::')) return false;
  return keys.some((key) => hasBareReference(record[key], target));
}

function properties(template: Record<string, any>, id: string): Record<string, any> {
  return template.Resources[id]?.Properties ?? {};
}

/** The reasons, in the order they are tried. Each returns true only when its facts hold. */
const REASONS: ReadonlyArray<{ name: string; holds(context: PairContext, d: Disagreement): boolean }> = [
  {
    name: 'a curated decision where the spec and the registry schema disagree (cloudformation-diff reads the spec)',
    holds: ({ pair }, d) => {
      const type = pair.after.Resources[d.logicalId]?.Type;
      const decided = (REPLACEMENT_DECISIONS[type] ?? []).filter((decision) => decision.recreation === 'Never').map((decision) => decision.path.split('.')[0]);
      const changed = Object.keys({ ...properties(pair.before, d.logicalId), ...properties(pair.after, d.logicalId) })
        .filter((key) => !cfnEqual(properties(pair.before, d.logicalId)[key], properties(pair.after, d.logicalId)[key]));
      return RANK[d.engine] < RANK[d.cfn] && changed.length > 0 && changed.every((key) => decided.includes(key) || requiresRecreation(type, [key]) === 'Never');
    },
  },
  {
    name: 'DependsOn-only change (CloudFormation does not update a resource for it)',
    holds: ({ pair }, d) => {
      const strip = (resource: any) => ({ ...resource, DependsOn: undefined });
      return d.engine === 'none' && d.cfn === 'update'
        && cfnEqual(strip(pair.before.Resources[d.logicalId]), strip(pair.after.Resources[d.logicalId]));
    },
  },
  {
    name: 'nested create-only path (cloudformation-diff reads top-level properties only)',
    holds: ({ pair, engine }, d) => {
      const type = pair.after.Resources[d.logicalId]?.Type;
      if (!isReplaced(d.engine) || RANK[d.cfn] >= RANK[d.engine]) return false;
      // A detail more intrusive than its top-level property: the spec says so for a nested path that changed or holds a changing reference.
      return (engine.get(d.logicalId)?.details ?? []).some((detail) => detail.name !== undefined
        && RECREATION_RANK[detail.requiresRecreation] > RECREATION_RANK[requiresRecreation(type, [detail.name])]
        && (detail.evaluation === 'Dynamic' || changedPaths(properties(pair.before, d.logicalId)[detail.name], properties(pair.after, d.logicalId)[detail.name])
          .some((path) => RECREATION_RANK[requiresRecreation(type, [detail.name!, ...path])] === RECREATION_RANK[detail.requiresRecreation])));
    },
  },
  {
    name: 'custom resource (no spec entry; replaceOnChange metadata or unknown provider)',
    holds: ({ pair }, d) => {
      const after = pair.after.Resources[d.logicalId];
      if (!/^Custom::|^AWS::CloudFormation::CustomResource$/.test(after?.Type ?? '') || d.cfn !== 'update') return false;
      const changed = Object.keys({ ...properties(pair.before, d.logicalId), ...after.Properties })
        .filter((key) => !cfnEqual(properties(pair.before, d.logicalId)[key], after.Properties[key]));
      const declared: string[] | undefined = after.Metadata?.['cdk-lifecycle']?.replaceOnChange;
      const expected: Category = declared === undefined ? 'may-replace' : changed.some((key) => declared.includes(key)) ? 'replace' : 'update';
      return d.engine === expected;
    },
  },
  {
    name: 'reference inside an intrinsic function (Fn::Sub, Fn::Join, Fn::If, ...)',
    holds: ({ pair, engine, engineCategory }, d) => RANK[d.cfn] < RANK[d.engine] && referenceDetails(engine.get(d.logicalId)).some((detail) => {
      const target = entityId(detail.causingEntity);
      const value = properties(pair.after, d.logicalId)[detail.name ?? 'Tags'];
      return isReplaced(engineCategory(target)) && !hasBareReference(value, target) && JSON.stringify(value).includes(target);
    }),
  },
  {
    name: 'modified dependent (a reference to a replaced resource from a property updated in place)',
    holds: ({ engine, engineCategory }, d) => {
      const details = engine.get(d.logicalId)?.details ?? [];
      // Static from a certain replacement, Dynamic from a conditional one (recorded change sets, 2025).
      return d.engine === 'update' && d.cfn === 'none' && details.length > 0 && details.every((detail) => detail.requiresRecreation === 'Never'
        && (detail.evaluation === 'Static' ? engineCategory(entityId(detail.causingEntity)) === 'replace' : isReplaced(engineCategory(entityId(detail.causingEntity)))));
    },
  },
  {
    name: 'dependent of a resource updated in place, through Fn::GetAtt (CloudFormation lists it: an attribute may change)',
    holds: ({ engine, engineCategory, classified }, d) => RANK[d.cfn] < RANK[d.engine] && (engine.get(d.logicalId)?.details ?? []).some((detail) => {
      const source = entityId(detail.causingEntity);
      const explains = d.engine === 'update' || detail.requiresRecreation !== 'Never';
      return explains && detail.changeSource === 'ResourceAttribute' && detail.evaluation === 'Dynamic'
        && (engineCategory(source) === 'update' || classified.has(source));
    }),
  },
  {
    name: 'dependent of a conditional replacement (cloudformation-diff propagates only certain ones)',
    holds: ({ engine, engineCategory, cfnCategory }, d) => {
      const references = referenceDetails(engine.get(d.logicalId));
      return RANK[d.cfn] < RANK[d.engine] && references.length > 0 && references.every((detail) => {
        const source = entityId(detail.causingEntity);
        return engineCategory(source) === 'may-replace' && cfnCategory(source) === 'may-replace';
      });
    },
  },
  {
    name: 'dependent of a replacement cloudformation-diff missed (one of the reasons above)',
    holds: ({ engine, classified }, d) => RANK[d.cfn] < RANK[d.engine]
      && referenceDetails(engine.get(d.logicalId)).some((detail) => classified.has(entityId(detail.causingEntity))),
  },
];

const PAIRS = 240;
const counts = new Map<string, number>();
const unexplained: string[] = [];
let compared = 0;
let agreed = 0;
let renamesGenerated = 0;
let renamesFound = 0;

beforeAll(() => {
  for (let seed = 1; seed <= PAIRS; seed++) {
    const pair = generatePair(seed, { resources: 8 + (seed % 18), mutations: 1 + (seed % 4) });
    const changeSet = ChangeSetPredictor.predict(pair.before, pair.after);
    const diff = fullDiff(pair.before, pair.after);
    const engine = new Map(changeSet.changes.map((change) => [change.logicalResourceId, change]));
    const engineCategory = (id: string) => engineCategoryOf(engine.get(id));
    const cfnCategory = (id: string) => cfnCategoryOf(diff.resources.has(id) ? diff.resources.get(id) : undefined);

    const ids = [...new Set([...Object.keys(pair.before.Resources), ...Object.keys(pair.after.Resources)])];
    let pending: Disagreement[] = [];
    for (const logicalId of ids) {
      compared++;
      const d = { logicalId, engine: engineCategory(logicalId), cfn: cfnCategory(logicalId) };
      if (d.engine === d.cfn) agreed++;
      else pending.push(d);
    }
    // Sources before dependents: classify until nothing more can be, then the rest is unexplained.
    const classified = new Set<string>();
    for (let progress = true; progress && pending.length > 0;) {
      progress = false;
      const context: PairContext = { pair, engine, engineCategory, cfnCategory, classified };
      const left: Disagreement[] = [];
      for (const d of pending) {
        const reason = REASONS.find((candidate) => candidate.holds(context, d));
        if (reason === undefined) {
          left.push(d);
        } else {
          counts.set(reason.name, (counts.get(reason.name) ?? 0) + 1);
          classified.add(d.logicalId);
          progress = true;
        }
      }
      pending = left;
    }
    unexplained.push(...pending.map((d) => `seed ${seed}: ${d.logicalId} engine ${d.engine}, cloudformation-diff ${d.cfn}; mutations ${JSON.stringify(pair.mutations)}`));

    for (const mutation of pair.mutations) {
      if (mutation.kind !== 'rename') continue;
      renamesGenerated++;
      if (changeSet.renames.some((rename) => rename.fromLogicalId === mutation.logicalId && rename.toLogicalId === mutation.to)) renamesFound++;
    }
  }
  const lines = [...counts.entries()].sort((a, b) => b[1] - a[1]).map(([reason, count]) => `  ${String(count).padStart(4)}  ${reason}`);
  process.stdout.write([
    `cross-check against @aws-cdk/cloudformation-diff: ${PAIRS} template pairs, ${compared} logical ids compared, ${agreed} agree, ${compared - agreed} disagree`,
    ...lines,
    `  ${String(unexplained.length).padStart(4)}  unexplained`,
    `  renames generated ${renamesGenerated}, reported by the engine ${renamesFound} (cloudformation-diff reports none)`,
    '',
  ].join('\n'));
});

test(`GIVEN ${PAIRS} generated template pairs WHEN predicted by both tools THEN every disagreement has a verified reason`, () => {
  expect(unexplained).toEqual([]);
  expect(compared).toBeGreaterThan(PAIRS * 8);
});

test('GIVEN the generated pairs WHEN compared THEN each known gap of cloudformation-diff occurs (the generator exercises them)', () => {
  // The last reason only catches what the others leave; it may well not occur.
  for (const reason of REASONS.slice(0, -1)) expect([reason.name, counts.get(reason.name) ?? 0]).not.toEqual([reason.name, 0]);
});

test('GIVEN logical ids renamed in the generated pairs WHEN predicted THEN most are reported as probable renames', () => {
  expect(renamesGenerated).toBeGreaterThan(10);
  expect(renamesFound / renamesGenerated).toBeGreaterThan(0.8);
});
