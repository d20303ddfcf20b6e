/**
 * Property-based: whatever the stacks look like (references, imports and exports between
 * them, moves, junk), the planner neither throws nor writes to its inputs, every move it offers
 * as a refactor is in exactly one refactor, and no resource is both paired and ambiguous.
 */
import * as fc from 'fast-check';
import { ChangeSetPredictor } from '../../../src/change-set/change-set-predictor';
import { RefactorStack } from '../../../src/change-set/refactor/refactor-types';
import { deepFreeze } from '../helpers';

const RUNS = Number(process.env.CDK_LIFECYCLE_PROPERTY_RUNS ?? 300);
const ids = ['A', 'B', 'C', 'D'];
const stackNames = ['S1', 'S2', 'S3'];

const reference = fc.oneof(
  fc.constantFrom(...ids).map((id) => ({ Ref: id })),
  fc.constantFrom(...ids).map((id) => ({ 'Fn::GetAtt': [id, 'Arn'] })),
  fc.constantFrom(...ids).map((id) => ({ 'Fn::Sub': `x-\${${id}}-\${${id}.Arn}` })),
  fc.constantFrom(...stackNames).chain((stack) => fc.constantFrom(...ids).map((id) => ({ 'Fn::ImportValue': `${stack}:${id}` }))),
  fc.oneof(fc.string({ maxLength: 3 }), fc.integer({ min: 0, max: 3 }), fc.anything({ maxDepth: 1 })),
);
const resource = fc.oneof(
  { weight: 1, arbitrary: fc.anything({ maxDepth: 1 }) },
  {
    weight: 8,
    arbitrary: fc.record({
      Type: fc.constantFrom('AWS::S3::Bucket', 'AWS::SQS::Queue', 'AWS::SNS::Topic', 'Custom::Thing', 'AWS::CDK::Metadata'),
      Properties: fc.dictionary(fc.constantFrom('QueueName', 'DisplayName', 'Tags', 'X'), reference, { maxKeys: 2 }),
      DependsOn: fc.oneof(fc.constant(undefined), fc.constantFrom(...ids), fc.array(fc.constantFrom(...ids), { maxLength: 2 })),
    }, { requiredKeys: ['Type'] }),
  },
);
const template = (stack: string) => fc.oneof(
  { weight: 1, arbitrary: fc.constant(undefined) },
  {
    weight: 6,
    arbitrary: fc.record({
      Resources: fc.dictionary(fc.constantFrom(...ids), resource, { minKeys: 1, maxKeys: 4 }),
      Outputs: fc.dictionary(fc.constantFrom(...ids), fc.constantFrom(...ids).map((id) => ({ Value: { Ref: id }, Export: { Name: `${stack}:${id}` } })), { maxKeys: 2 }),
    }, { requiredKeys: ['Resources'] }),
  },
);
/** Deployed templates, and the new ones: the same, with some resources moved or renamed, and some templates replaced outright. */
const relocation = fc.record({ from: fc.nat(2), to: fc.nat(2), id: fc.constantFrom(...ids), as: fc.constantFrom(...ids, 'E', 'F') });
const replacement = (name: string) => fc.oneof({ weight: 5, arbitrary: fc.constant(null) }, { weight: 1, arbitrary: template(name) });
const moved = fc.array(relocation, { minLength: 1, maxLength: 4 });
const app = fc.tuple(fc.tuple(...stackNames.map(template)), moved, fc.tuple(...stackNames.map(replacement)))
  .map(([befores, relocations, replaced]) => {
    const afters = befores.map((before) => (before === undefined ? undefined : { ...before, Resources: { ...before.Resources } }));
    for (const { from, to, id, as } of relocations) {
      const source = afters[from]?.Resources;
      const destination = afters[to]?.Resources;
      if (source === undefined || destination === undefined || !(id in source)) continue;
      destination[as] = source[id];
      if (from !== to || as !== id) delete source[id];
    }
    return stackNames.map((stackName, index): RefactorStack => {
      const after = replaced[index] ?? afters[index];
      return { stackName, ...(befores[index] ? { before: befores[index] } : {}), ...(after ? { after } : {}) };
    });
  });

test('GIVEN any app WHEN planned THEN nothing throws or is written, each refactorable move is in one refactor, and nothing paired is ambiguous', () => {
  fc.assert(fc.property(app, (stacks) => {
    const plan = ChangeSetPredictor.planRefactor(deepFreeze(stacks));
    const json = plan.toJson();
    const mapped = plan.toCreateStackRefactorInputs().flatMap((input: any) => input.ResourceMappings)
      .map((mapping: any) => `${mapping.Source.StackName}.${mapping.Source.LogicalResourceId}`);
    const offered = plan.moves.filter((move) => move.refactorable).map((move) => `${move.source.stackName}.${move.source.logicalResourceId}`);
    expect(mapped.sort()).toEqual(offered.sort());
    const paired = new Set(plan.moves.flatMap((move) => [`${move.source.stackName}.${move.source.logicalResourceId}`, `+${move.destination.stackName}.${move.destination.logicalResourceId}`]));
    for (const ambiguity of plan.ambiguities) {
      for (const source of ambiguity.sources) expect(paired.has(`${source.stackName}.${source.logicalResourceId}`)).toBe(false);
      for (const destination of ambiguity.destinations) expect(paired.has(`+${destination.stackName}.${destination.logicalResourceId}`)).toBe(false);
    }
    expect(json.Steps).toHaveLength(plan.steps.length);
  }), { numRuns: RUNS });
});
