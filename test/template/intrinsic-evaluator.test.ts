/**
 * The one evaluator of intrinsic functions: what it computes, and what each caller decides
 * through its host (what an unknown value becomes, what Ref and Fn::GetAtt name, the functions
 * only the caller evaluates, literal objects, conditions that cannot be known).
 */
import { IntrinsicEvaluator, IntrinsicHost, known, NO_VALUE, UNKNOWN } from '../../src/template/intrinsic-evaluator';

const CONDITIONS = {
  IsDev: { 'Fn::Equals': [{ Ref: 'Env' }, 'dev'] },
  IsProd: { 'Fn::Not': [{ Condition: 'IsDev' }] },
  Unknowable: { 'Fn::Equals': [{ Ref: 'Unset' }, 'x'] },
  Loop: { 'Fn::Not': [{ Condition: 'Loop' }] },
};
const MAPPINGS = { Sizes: { dev: { Instance: 't3.micro' } } };
const PARAMETERS: Record<string, string> = { Env: 'dev', List: 'a,b' };

/** A host like the predictor's: parameters only, every unknown stays unknown. */
function predictor(extra: Partial<IntrinsicHost> = {}): IntrinsicEvaluator {
  return new IntrinsicEvaluator({
    conditions: CONDITIONS,
    mappings: MAPPINGS,
    ref: (name) => (name in PARAMETERS ? known(PARAMETERS[name]) : UNKNOWN),
    unknown: () => UNKNOWN,
    equals: (a, b) => String(a) === String(b),
    ...extra,
  });
}

/** A host like the runner's: every unknown becomes a placeholder naming it. */
function runner(reasons: string[] = []): IntrinsicEvaluator {
  return predictor({
    ref: (name) => (name === 'AWS::NoValue' ? known(NO_VALUE) : known(PARAMETERS[name] ?? `<${name}>`)),
    getAtt: (target, attribute) => known(`<${target}.${attribute}>`),
    other: (name, operand) => (name === 'Fn::Base64' ? known(Buffer.from(String(operand)).toString('base64')) : undefined),
    literal: (value) => known(value),
    unknown: (what, reason) => {
      reasons.push(reason);
      return known(`<${what}>`);
    },
    unknownCondition: () => true,
  });
}

test.each([
  ['a parameter', { Ref: 'Env' }, 'dev'],
  ['Fn::Sub with a variable and an escape', { 'Fn::Sub': ['${Env}-${V}-${!Literal}', { V: 'x' }] }, 'dev-x-${Literal}'],
  ['Fn::Join of scalars', { 'Fn::Join': ['-', ['a', 1, true]] }, 'a-1-true'],
  ['Fn::Select of Fn::Split', { 'Fn::Select': [1, { 'Fn::Split': [',', 'a,b,c'] }] }, 'b'],
  ['Fn::FindInMap', { 'Fn::FindInMap': ['Sizes', { Ref: 'Env' }, 'Instance'] }, 't3.micro'],
  ['Fn::If on a condition built from others', { 'Fn::If': ['IsProd', 'big', 'small'] }, 'small'],
])('GIVEN %s WHEN evaluated for either caller THEN both get the same value', (_, expression, value) => {
  expect(predictor().value(expression)).toEqual({ known: true, value });
  expect(runner().value(expression)).toEqual({ known: true, value });
});

test.each([
  ['a parameter without a value', { Ref: 'Unset' }, '<Unset>'],
  ['a resource attribute', { 'Fn::GetAtt': ['Bucket', 'Arn'] }, '<Bucket.Arn>'],
  ['a resource attribute in Fn::Sub', { 'Fn::Sub': 'arn=${Bucket.Arn}' }, 'arn=<Bucket.Arn>'],
  ['a function only the runner evaluates', { 'Fn::Base64': 'hi' }, 'aGk='],
  ['a function nobody evaluates', { 'Fn::Cidr': ['10.0.0.0/16', 2, 8] }, '<Fn::Cidr>'],
  ['a mapping entry that is not there', { 'Fn::FindInMap': ['Sizes', 'prod', 'Instance'] }, '<Sizes.prod.Instance>'],
  ['malformed operands', { 'Fn::Join': ['-'] }, '<Fn::Join>'],
  ['Fn::If on a condition of a parameter without a value (the runner compares its placeholder)', { 'Fn::If': ['Unknowable', 'yes', 'no'] }, 'no'],
])('GIVEN %s WHEN evaluated THEN the predictor does not know it and the runner gets what its host makes of it', (_, expression, value) => {
  expect(predictor().value(expression)).toEqual(UNKNOWN);
  expect(runner().value(expression)).toEqual({ known: true, value });
});

test('GIVEN a condition on an unknown placeholder WHEN decided by the runner THEN its equality is decided on the placeholder; only truly unknowable conditions take the true branch', () => {
  expect(runner().value({ 'Fn::If': ['Unknowable', 'yes', 'no'] })).toEqual(known('no'));
  expect(runner().value({ 'Fn::If': ['NotDefined', 'yes', 'no'] })).toEqual(known('yes'));
  expect(predictor().value({ 'Fn::If': ['NotDefined', 'yes', 'no'] })).toEqual(UNKNOWN);
});

test('GIVEN conditions WHEN evaluated THEN they are memoized, a cycle is unknown, and Fn::And, Fn::Or, Fn::Not combine them', () => {
  const evaluator = predictor();

  expect([evaluator.condition('IsDev'), evaluator.condition('IsProd'), evaluator.condition('Unknowable'), evaluator.condition('Loop')]).toEqual([true, false, undefined, undefined]);
  expect(evaluator.truth({ 'Fn::And': [{ Condition: 'IsDev' }, { Condition: 'Unknowable' }] }, 0)).toBeUndefined();
  expect(evaluator.truth({ 'Fn::And': [{ Condition: 'IsProd' }, { Condition: 'Unknowable' }] }, 0)).toBe(false);
  expect(evaluator.truth({ 'Fn::Or': [{ Condition: 'Unknowable' }, { Condition: 'IsDev' }] }, 0)).toBe(true);
});

test('GIVEN AWS::NoValue in a list WHEN the host knows it THEN the item is removed; a literal object is what the host makes of it', () => {
  expect(runner().value(['a', { Ref: 'AWS::NoValue' }, 'b'])).toEqual(known(['a', 'b']));
  expect(runner().value({ plain: 1 })).toEqual(known({ plain: 1 }));
  expect(predictor().value({ plain: 1 })).toEqual(UNKNOWN);
});

test('GIVEN an expression nested past the depth limit WHEN evaluated THEN it is unknown, and the runner is told why', () => {
  let deep: unknown = 'x';
  for (let i = 0; i < 70; i++) deep = [deep];
  const reasons: string[] = [];

  expect(predictor().value(deep)).toEqual(UNKNOWN);
  expect(runner(reasons).value(deep).known).toBe(true);
  expect(reasons).toEqual(['nested deeper than 64 levels']);
});
