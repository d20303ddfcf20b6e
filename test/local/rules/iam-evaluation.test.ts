/** IAM's evaluation of identity-based policies: explicit deny, allow, implicit deny, wildcards. */
import { evaluate, statementsOf, wildcardMatch } from '../../../src/local/rules/iam-evaluation';

const PARAMETER = 'arn:aws:ssm:us-east-1:123456789012:parameter/cdk-lifecycle/fn/abc';

test.each([
  ['an exact action and resource', { Effect: 'Allow', Action: 'ssm:PutParameter', Resource: PARAMETER }, 'allow'],
  ['wildcards in both', { Effect: 'Allow', Action: ['ssm:Get*', 'ssm:Put*'], Resource: 'arn:aws:ssm:*:*:parameter/cdk-lifecycle/*' }, 'allow'],
  ['an action in another case', { Effect: 'Allow', Action: 'SSM:putparameter', Resource: '*' }, 'allow'],
  ['a ? wildcard', { Effect: 'Allow', Action: 'ssm:PutParamete?', Resource: '*' }, 'allow'],
  ['another action', { Effect: 'Allow', Action: 'ssm:GetParameter', Resource: '*' }, 'none'],
  ['another resource', { Effect: 'Allow', Action: 'ssm:*', Resource: 'arn:aws:ssm:us-east-1:123456789012:parameter/other/*' }, 'none'],
  ['a resource whose case differs (resources are case-sensitive)', { Effect: 'Allow', Action: 'ssm:*', Resource: PARAMETER.toUpperCase() }, 'none'],
  ['NotAction excluding it', { Effect: 'Allow', NotAction: 'ssm:PutParameter', Resource: '*' }, 'none'],
  ['NotAction excluding another', { Effect: 'Allow', NotAction: 'iam:*', Resource: '*' }, 'allow'],
  ['NotResource excluding it', { Effect: 'Allow', Action: '*', NotResource: PARAMETER }, 'none'],
  ['a Condition (taken to apply)', { Effect: 'Allow', Action: '*', Resource: '*', Condition: { Bool: { 'aws:SecureTransport': 'true' } } }, 'allow'],
])('GIVEN a statement with %s WHEN ssm:PutParameter is evaluated THEN the decision is %s', (_, statement, decision) => {
  expect(evaluate([statement], 'ssm:PutParameter', PARAMETER)).toBe(decision);
});

test('GIVEN an allow and an explicit deny WHEN evaluated THEN the deny wins, in any order', () => {
  const allow = { Effect: 'Allow', Action: '*', Resource: '*' };
  const deny = { Effect: 'Deny', Action: 'ssm:PutParameter', Resource: '*' };

  expect(evaluate([allow, deny], 'ssm:PutParameter', PARAMETER)).toBe('deny');
  expect(evaluate([deny, allow], 'ssm:PutParameter', PARAMETER)).toBe('deny');
  expect(evaluate([deny, allow], 'ssm:GetParameter', PARAMETER)).toBe('allow');
});

test('GIVEN policy documents of every shape WHEN their statements are read THEN one statement or a list is found, and anything else is none', () => {
  expect(statementsOf({ Statement: { Effect: 'Allow' } })).toEqual([{ Effect: 'Allow' }]);
  expect(statementsOf({ Statement: [{ Effect: 'Allow' }, 'junk', null] })).toEqual([{ Effect: 'Allow' }]);
  expect(statementsOf(undefined)).toEqual([]);
});

test('GIVEN characters that mean something in regular expressions WHEN matched THEN they are literal', () => {
  expect(wildcardMatch('arn:aws:lambda:*:function:a.b', 'arn:aws:lambda:x:function:a.b', false)).toBe(true);
  expect(wildcardMatch('arn:aws:lambda:*:function:a.b', 'arn:aws:lambda:x:function:aXb', false)).toBe(false);
  expect(wildcardMatch('a(b)+', 'a(b)+', false)).toBe(true);
});
