/**
 * Nested stacks: which stack resources get a change set of their own, and how the parameters
 * the parent passes to them change (given values compared as text, values fed from a
 * replaced resource or a changed parameter known only at deploy time).
 */
import { template } from './helpers';
import { predict, thing } from './test-spec';
import { PredictOptions } from '../../src/change-set/predict-options';

const STACK = 'AWS::CloudFormation::Stack';
const stack = (parameters: Record<string, unknown> = {}) => ({ Type: STACK, Properties: { TemplateURL: 'u', Parameters: parameters } });
/** A resource of another type with the same Parameters property. */
const notAStack = (p: string) => thing({ TemplateURL: 'u', Parameters: { P: p } });
/** The nested template: a thing created from parameter P (whose default is "d"). */
const inner = template({ Inner: thing({ Create: { Ref: 'P' } }) }, { Parameters: { P: { Type: 'String', Default: 'd' } } });
const nestedOf = (before: unknown, after: unknown, options: PredictOptions = {}) => {
  const changeSet = predict(before, after, { ...options, nestedStacks: { Nested: { before: inner, after: inner } } });
  return Object.fromEntries(Object.entries(changeSet.nestedChangeSets).map(([id, nested]) => [
    id, nested.changes.map((c) => `${c.logicalResourceId} ${c.replacement} ${c.details.map((d) => `${d.changeSource}/${d.evaluation}`).join(',')}`),
  ]));
};

describe('which stack resources are predicted', () => {
  test.each([
    ['a resource of another type under the stack\'s path', { Nested: notAStack('a') }, { Nested: notAStack('b') }],
    ['a stack that was another type before', { Nested: notAStack('a') }, { Nested: stack({ P: 'b' }) }],
    ['a stack that becomes another type', { Nested: stack({ P: 'a' }) }, { Nested: notAStack('b') }],
    ['a stack whose templates were not given', { Other: stack({ P: 'a' }) }, { Other: stack({ P: 'b' }) }],
  ])('GIVEN %s WHEN predicted THEN no nested change set is made', (_, before, after) => {
    expect(nestedOf(template(before), template(after))).toEqual({});
  });

  test.each([
    ['only the new template has (added, or its Condition becomes true): its change set creates everything', {}, { Nested: stack({ P: 'x' }) }, 'Inner undefined '],
    ['only the deployed template has (removed, or its Condition becomes false): its change set deletes everything', { Nested: stack({ P: 'x' }) }, {}, 'Inner undefined '],
  ])('GIVEN a stack %s WHEN predicted THEN its change set is made', (_, before, after, change) => {
    expect(nestedOf(template(before), template(after))).toEqual({ Nested: [change] });
  });

  test('GIVEN a stack on both sides whose parameter changes WHEN predicted THEN its change set is made', () => {
    expect(nestedOf(template({ Nested: stack({ P: 'a' }) }), template({ Nested: stack({ P: 'b' }) }))).toEqual({ Nested: ['Inner True DirectModification/Dynamic,ParameterReference/Static'] });
  });
});

describe('the parameters a parent passes', () => {
  test('GIVEN a parameter written as an intrinsic that changes WHEN predicted THEN the nested parameter changes now', () => {
    const join = (text: string) => ({ 'Fn::Join': ['', [text]] });
    expect(nestedOf(template({ Nested: stack({ P: join('a') }) }), template({ Nested: stack({ P: join('b') }) }))).toEqual({ Nested: ['Inner True DirectModification/Dynamic,ParameterReference/Static'] });
    expect(nestedOf(template({ Nested: stack({ P: join('a') }) }), template({ Nested: stack({ P: join('a') }) }))).toEqual({});
  });

  test('GIVEN a parameter fed from a replaced resource WHEN predicted THEN the nested parameter changes at deploy time', () => {
    const before = template({ Source: thing({ Create: '1' }), Nested: stack({ P: { Ref: 'Source' } }) });
    const after = template({ Source: thing({ Create: '2' }), Nested: stack({ P: { Ref: 'Source' } }) });
    expect(nestedOf(before, after)).toEqual({ Nested: ['Inner Conditional ParameterReference/Dynamic'] });
  });

  test('GIVEN a parameter fed from a resource changed in place, or from one that is added WHEN predicted THEN the nested parameter does not change', () => {
    const before = template({ Source: thing({ Other: '1' }), Nested: stack({ P: { Ref: 'Source' }, Q: 'q' }) });
    const after = template({ Source: thing({ Other: '2' }), Added: thing({ Create: '1' }), Nested: stack({ P: { Ref: 'Source' }, Q: { Ref: 'Added' } }) });
    expect(nestedOf(before, after)).toEqual({});
  });

  test('GIVEN a parameter fed from a parent parameter that changes WHEN predicted THEN the nested parameter changes at deploy time', () => {
    const parent = (ref: unknown) => template({ Nested: stack({ P: ref }) }, { Parameters: { Top: { Type: 'String' } } });
    const options = { parameters: { before: { Top: 'a' }, after: { Top: 'b' } } };
    expect(nestedOf(parent({ Ref: 'Top' }), parent({ Ref: 'Top' }), options)).toEqual({ Nested: ['Inner Conditional ParameterReference/Dynamic'] });
  });
});
