/**
 * The refactor's templates when references cross stacks: a minimal pair for each way a
 * reference is written (an export and an import; the export the new templates declare; the one
 * already deployed; `Fn::Sub`; `DependsOn`; an import that becomes a `Ref`; an import from a
 * third stack) and for each refusal (an export in use, imports both ways, an attribute that is
 * not a literal).
 */
import { ChangeSetPredictor } from '../../../src/change-set/change-set-predictor';
import { RefactorStack } from '../../../src/change-set/refactor/refactor-types';
import { template } from '../helpers';

const queue = (name: string, extra: Record<string, unknown> = {}) => ({ Type: 'AWS::SQS::Queue', Properties: { QueueName: name, ...extra } });
const topic = (name: string, extra: Record<string, unknown> = {}) => ({ Type: 'AWS::SNS::Topic', Properties: { TopicName: name, ...extra } });
type Resources = Record<string, unknown>;
type Sections = { before?: Resources; after?: Resources };
const stack = (stackName: string, before: Resources | undefined, after: Resources | undefined, sections: Sections = {}): RefactorStack => ({
  stackName,
  ...(before ? { before: template(before, sections.before) } : {}),
  ...(after ? { after: template(after, sections.after) } : {}),
});
const plan = (...stacks: RefactorStack[]) => ChangeSetPredictor.planRefactor(stacks);
const bodies = (result: ReturnType<typeof plan>): Record<string, any> =>
  Object.fromEntries(result.toCreateStackRefactorInputs().flatMap((input: any) => input.StackDefinitions)
    .map((d: any) => [d.StackName, JSON.parse(d.TemplateBody)]));
const exported = (value: unknown, name: string) => ({ Value: value, Export: { Name: name } });

describe('a reference that crosses stacks after the move', () => {
  test('GIVEN a moved queue that references two topics staying behind WHEN planned THEN it imports both, from exports its old stack gets, and the refactor says so', () => {
    const q = queue('jobs', { Tags: [{ Key: 'a', Value: { Ref: 'T1' } }, { Key: 'b', Value: { 'Fn::GetAtt': ['T2', 'TopicName'] } }] });
    const result = plan(stack('A', { Q: q, T1: topic('t1'), T2: topic('t2') }, { T1: topic('t1'), T2: topic('t2') }), stack('B', { Keep: topic('b') }, { Q: q, Keep: topic('b') }));

    expect(result.moves.map((move) => [move.refactorable, move.reasons])).toEqual([[true, []]]);
    const { A, B } = bodies(result);
    expect(B.Resources.Q.Properties.Tags).toEqual([
      { Key: 'a', Value: { 'Fn::ImportValue': 'A:RefactorExportRefT1' } },
      { Key: 'b', Value: { 'Fn::ImportValue': 'A:RefactorExportAttT2TopicName' } },
    ]);
    expect(A.Outputs).toEqual({
      RefactorExportRefT1: exported({ Ref: 'T1' }, 'A:RefactorExportRefT1'),
      RefactorExportAttT2TopicName: exported({ 'Fn::GetAtt': ['T2', 'TopicName'] }, 'A:RefactorExportAttT2TopicName'),
    });
    expect(result.steps[0].actions).toEqual([
      'move A.Q -> B.Q (AWS::SQS::Queue)',
      'A: [+] export A:RefactorExportRefT1 (output RefactorExportRefT1), for B.Q',
      'A: [+] export A:RefactorExportAttT2TopicName (output RefactorExportAttT2TopicName), for B.Q',
    ]);
  });

  test('GIVEN the new templates declare the export for that value WHEN planned THEN the refactor uses its name and output id, so the update after it keeps them', () => {
    const q = queue('jobs', { Tags: [{ Key: 'a', Value: { Ref: 'T' } }] });
    const cdkExport = { ExportsOutputRefT1A2B3C4D: exported({ Ref: 'T' }, 'A:ExportsOutputRefT1A2B3C4D') };
    const imported = queue('jobs', { Tags: [{ Key: 'a', Value: { 'Fn::ImportValue': 'A:ExportsOutputRefT1A2B3C4D' } }] });
    const result = plan(
      stack('A', { Q: q, T: topic('t') }, { T: topic('t') }, { after: { Outputs: cdkExport } }),
      stack('B', { Keep: topic('b') }, { Q: imported, Keep: topic('b') }),
    );
    const { A, B } = bodies(result);
    expect(A.Outputs).toEqual(cdkExport);
    expect(B.Resources.Q).toEqual(imported);
    expect(result.steps.map((step) => step.kind)).toEqual(['Refactor']);
  });

  test('GIVEN the stack staying behind already exports that value WHEN planned THEN the refactor imports that export and adds none', () => {
    const q = queue('jobs', { Tags: [{ Key: 'a', Value: { Ref: 'T' } }] });
    const outputs = { Outputs: { TopicArn: exported({ Ref: 'T' }, 'shared-topic') } };
    const result = plan(stack('A', { Q: q, T: topic('t') }, { T: topic('t') }, { before: outputs, after: outputs }), stack('B', { Keep: topic('b') }, { Q: q, Keep: topic('b') }));
    const { A, B } = bodies(result);
    expect(A.Outputs).toEqual(outputs.Outputs);
    expect(B.Resources.Q.Properties.Tags).toEqual([{ Key: 'a', Value: { 'Fn::ImportValue': 'shared-topic' } }]);
  });

  test('GIVEN a moved resource with Fn::Sub placeholders of a resource staying behind WHEN planned THEN they become variables that import it; its own placeholders stay', () => {
    const sub = (text: string) => ({ 'Fn::Sub': text });
    const q = queue('jobs', { Tags: [{ Key: 'a', Value: sub('${T.TopicName}/${T}/${AWS::Region}/${!Literal}') }] });
    const result = plan(stack('A', { Q: q, T: topic('t') }, { T: topic('t') }), stack('B', { Keep: topic('b') }, { Q: q, Keep: topic('b') }));
    expect(bodies(result).B.Resources.Q.Properties.Tags[0].Value).toEqual({
      'Fn::Sub': ['${RefactorImportTTopicName}/${RefactorImportT}/${AWS::Region}/${!Literal}', {
        RefactorImportTTopicName: { 'Fn::ImportValue': 'A:RefactorExportAttTTopicName' },
        RefactorImportT: { 'Fn::ImportValue': 'A:RefactorExportRefT' },
      }],
    });
  });

  test('GIVEN a moved resource that depends on one staying behind WHEN planned THEN that DependsOn is left out and the others stay', () => {
    const q = { ...queue('jobs'), DependsOn: ['T', 'U'] };
    const result = plan(stack('A', { Q: q, T: topic('t'), U: topic('u') }, { T: topic('t') }), stack('B', { Keep: topic('b') }, { Q: q, U: topic('u'), Keep: topic('b') }));
    expect(bodies(result).B.Resources.Q.DependsOn).toEqual(['U']);
    const single = plan(stack('A', { Q: { ...queue('jobs'), DependsOn: 'T' }, T: topic('t') }, { T: topic('t') }), stack('B', { Keep: topic('b') }, { Q: queue('jobs'), Keep: topic('b') }));
    expect(bodies(single).B.Resources.Q).toEqual(queue('jobs'));
  });

  test('GIVEN an imported resource moved into the stack that imports it WHEN planned THEN the import becomes the reference, and the export nobody imports any more is removed', () => {
    const consumer = (value: unknown) => ({ Type: 'AWS::SNS::Topic', Properties: { TopicName: 'consumer', DisplayName: value } });
    const result = plan(
      stack('Data', { Q: queue('jobs'), Keep: topic('d') }, { Keep: topic('d') }, { before: { Outputs: { QueueArn: exported({ 'Fn::GetAtt': ['Q', 'Arn'] }, 'Data:QueueArn') } } }),
      stack('Api', { User: consumer({ 'Fn::ImportValue': 'Data:QueueArn' }) }, { User: consumer({ 'Fn::GetAtt': ['Q', 'Arn'] }), Q: queue('jobs') }),
    );
    expect(result.moves.map((move) => move.refactorable)).toEqual([true]);
    const { Api, Data } = bodies(result);
    expect(Api.Resources.User).toEqual(consumer({ 'Fn::GetAtt': ['Q', 'Arn'] }));
    expect(Data.Outputs).toBeUndefined();
    expect(result.steps[0].actions).toContain('Data: [-] export Data:QueueArn (output QueueArn): its value moves with Q to Api, and no stack of the app imports it (an importer outside the app would make the refactor fail)');
  });

  test('GIVEN an imported resource moved to a third stack, the importer in the same refactor WHEN planned THEN the importer imports it from there', () => {
    const consumer = (value: unknown) => ({ Type: 'AWS::SNS::Topic', Properties: { TopicName: 'consumer', DisplayName: value } });
    const result = plan(
      stack('Data', { Q: queue('jobs'), R: queue('r'), Keep: topic('d') }, { Keep: topic('d') }, { before: { Outputs: { QueueUrl: exported({ Ref: 'Q' }, 'Data:QueueUrl') } } }),
      stack('Jobs', { Keep: topic('j') }, { Q: queue('jobs'), Keep: topic('j') }),
      stack('Api', { User: consumer({ 'Fn::ImportValue': 'Data:QueueUrl' }) }, { User: consumer({ 'Fn::ImportValue': 'Jobs:QueueUrl' }), R: queue('r') }),
    );
    expect(result.moves.map((move) => [move.refactorable, move.reasons])).toEqual([[true, []], [true, []]]);
    const { Api, Jobs } = bodies(result);
    expect(Api.Resources.User.Properties.DisplayName).toEqual({ 'Fn::ImportValue': 'Jobs:RefactorExportRefQ' });
    expect(Jobs.Outputs).toEqual({ RefactorExportRefQ: exported({ Ref: 'Q' }, 'Jobs:RefactorExportRefQ') });
  });

  test('GIVEN an output without an export whose value moves away WHEN planned THEN it is left out of the refactor, which says so', () => {
    const before = { Outputs: { Url: { Value: { Ref: 'Q' } }, Name: { Value: { Ref: 'Keep' } } } };
    const result = plan(stack('A', { Q: queue('jobs'), Keep: topic('a') }, { Keep: topic('a') }, { before }), stack('B', { Keep: topic('b') }, { Q: queue('jobs'), Keep: topic('b') }));
    expect(result.moves[0].refactorable).toBe(true);
    expect(bodies(result).A.Outputs).toEqual({ Name: { Value: { Ref: 'Keep' } } });
    expect(result.steps[0].actions).toContain('A: [-] output Url: its value moves with Q to B');
  });
});

describe('what a refactor cannot write', () => {
  test('GIVEN an export whose value moves away while a stack outside the refactor imports it WHEN planned THEN the move is refused: the export is in use', () => {
    const consumer = { Type: 'AWS::SNS::Topic', Properties: { TopicName: 'consumer', DisplayName: { 'Fn::ImportValue': 'Data:QueueUrl' } } };
    const result = plan(
      stack('Data', { Q: queue('jobs'), Keep: topic('d') }, { Keep: topic('d') }, { before: { Outputs: { QueueUrl: exported({ Ref: 'Q' }, 'Data:QueueUrl') } } }),
      stack('Jobs', { Keep: topic('j') }, { Q: queue('jobs'), Keep: topic('j') }),
      stack('Api', { User: consumer }, { User: consumer }),
    );
    expect(result.moves[0].reasons).toEqual([
      'Data exports Data:QueueUrl (output QueueUrl) from Q, which would be in Jobs after the move, and Api imports it: an export in use cannot be removed (first deploy Api without the import, or move Q with its importers)',
    ]);
  });

  test('GIVEN a moved queue that references a topic staying behind and is referenced by a resource staying behind WHEN planned THEN it is refused: the stacks would import from each other', () => {
    const q = queue('jobs', { Tags: [{ Key: 'a', Value: { Ref: 'T' } }] });
    const user = { Type: 'AWS::SNS::Topic', Properties: { TopicName: 'user', DisplayName: { 'Fn::GetAtt': ['Q', 'QueueName'] } } };
    const result = plan(stack('A', { Q: q, T: topic('t'), User: user }, { T: topic('t'), User: user }), stack('B', { Keep: topic('b') }, { Q: q, Keep: topic('b') }));
    expect(result.moves[0].reasons).toEqual(['the references would then go both ways between A and B (each importing from the other), which CloudFormation cannot order']);
  });

  test('GIVEN a moved queue that reads an attribute named by a parameter from a topic staying behind WHEN planned THEN it is refused: an import needs a known attribute', () => {
    const q = queue('jobs', { Tags: [{ Key: 'a', Value: { 'Fn::GetAtt': ['T', { Ref: 'Attribute' }] } }] });
    const sections = { Parameters: { Attribute: { Type: 'String', Default: 'TopicName' } } };
    const result = plan(stack('A', { Q: q, T: topic('t') }, { T: topic('t') }, { before: sections, after: sections }), stack('B', { Keep: topic('b') }, { Q: q, Keep: topic('b') }, { before: sections, after: sections }));
    expect(result.moves[0].reasons).toEqual(['B.Q reads an attribute of T that is not a literal, and T would be in another stack than it: an import needs a known attribute']);
  });
});
