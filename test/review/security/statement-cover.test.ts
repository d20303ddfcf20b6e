/** Whether a statement's parts are covered by others: wildcards, Not elements, principals, scopes and conditions. */
import { statementsOf } from '../../../src/review/security/iam-statement';
import { uncoveredPart } from '../../../src/review/security/statement-cover';

/** Statements of a bucket policy on `${B}` (or an identity policy of `AWS:${Role}` with `identity: true`). */
const read = (statements: object[], identity = false) => statementsOf({ Statement: statements }, identity
  ? { logicalId: 'P', source: 'PolicyDocument', scope: 'identity', principal: 'AWS:${Role}' }
  : { logicalId: 'P', source: 'PolicyDocument', scope: '${B}', resource: '${B}' });
const covered = (statement: object, by: object[]) => uncoveredPart(read([statement])[0], read(by)) === undefined;

const get = { Effect: 'Allow', Principal: { AWS: 'arn:aws:iam::111111111111:root' }, Action: 's3:GetObject', Resource: 'arn:aws:s3:::b/*' };

test.each([
  ['the same statement', true, get, [get]],
  ['a wildcard action holds a named one', true, get, [{ ...get, Action: 's3:*' }]],
  ['actions split across two statements', true, { ...get, Action: ['s3:GetObject', 's3:PutObject'] }, [get, { ...get, Action: 's3:PutObject' }]],
  ['an action no statement holds', false, { ...get, Action: ['s3:GetObject', 's3:DeleteObject'] }, [get]],
  ['a wider resource pattern holds a narrower one', true, { ...get, Resource: 'arn:aws:s3:::b/logs/*' }, [get]],
  ['a narrower resource pattern does not hold a wider one', false, get, [{ ...get, Resource: 'arn:aws:s3:::b/logs/*' }]],
  ['Principal * holds an account', true, get, [{ ...get, Principal: '*' }]],
  ['an account does not hold Principal *', false, { ...get, Principal: '*' }, [get]],
  ['an account by id and by root ARN is the same principal', true, get, [{ ...get, Principal: { AWS: '111111111111' } }]],
  ['NotAction holds an action outside its list', true, get, [{ ...get, Action: undefined, NotAction: 'iam:*' }]],
  ['NotAction does not hold an action its list matches', false, get, [{ ...get, Action: undefined, NotAction: 's3:Get*' }]],
  ['NotAction excluding more does not hold NotAction excluding less', false, { ...get, Action: undefined, NotAction: 'iam:*' }, [{ ...get, Action: undefined, NotAction: ['iam:*', 's3:*'] }]],
  ['NotAction excluding less holds NotAction excluding more', true, { ...get, Action: undefined, NotAction: ['iam:*', 's3:*'] }, [{ ...get, Action: undefined, NotAction: 'iam:*' }]],
  ['a list of actions does not hold NotAction', false, { ...get, Action: undefined, NotAction: 'iam:*' }, [{ ...get, Action: ['s3:*', 'ec2:*'] }]],
  ['NotResource holds a resource outside its list', true, get, [{ ...get, Resource: undefined, NotResource: 'arn:aws:s3:::secret/*' }]],
  ['NotPrincipal holds a principal outside its list', true, get, [{ ...get, Principal: undefined, NotPrincipal: { AWS: 'arn:aws:iam::222222222222:root' } }]],
  ['NotPrincipal does not hold Principal *', false, { ...get, Principal: '*' }, [{ ...get, Principal: undefined, NotPrincipal: { AWS: 'arn:aws:iam::222222222222:root' } }]],
  ['a statement without a condition holds one with', true, { ...get, Condition: { Bool: { 'aws:SecureTransport': 'true' } } }, [get]],
  ['a statement with a condition does not hold one without', false, get, [{ ...get, Condition: { Bool: { 'aws:SecureTransport': 'true' } } }]],
  ['a Deny does not hold an Allow', false, get, [{ ...get, Effect: 'Deny' }]],
])('GIVEN %s THEN covered is %s', (_name, expected, statement, by) => {
  expect(covered(statement, by)).toBe(expected);
});

test('GIVEN a resource policy statement naming no resource THEN it holds anything on its resource, and the one naming the resource is held by it', () => {
  const { Resource: _, ...onItself } = get;
  expect(covered(get, [onItself])).toBe(true);
});

test('GIVEN the same statement in an identity policy and in a resource policy THEN one does not cover the other (another scope)', () => {
  const identity = read([{ Effect: 'Allow', Action: 's3:GetObject', Resource: '*' }], true);
  const resource = read([{ Effect: 'Allow', Principal: { AWS: '${Role}' }, Action: 's3:GetObject', Resource: '*' }]);
  expect(uncoveredPart(identity[0], resource)).toEqual({ principal: 'AWS:${Role}', action: 's3:GetObject', resource: '*', looserCondition: false });
});

test('GIVEN a part covered only under stricter conditions THEN it is reported with looserCondition', () => {
  const part = uncoveredPart(read([get])[0], read([{ ...get, Condition: { StringEquals: { 'aws:PrincipalOrgID': 'o-1' } } }]));
  expect(part).toEqual({ principal: 'AWS:account:111111111111', action: 's3:GetObject', resource: 'arn:aws:s3:::b/*', looserCondition: true });
});
