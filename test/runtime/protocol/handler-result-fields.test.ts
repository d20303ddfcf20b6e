/**
 * What the handler returned beyond PhysicalResourceId, Data and NoEcho: cfn-response's Status
 * and Reason mean what they say, the ids it copies are fine, anything else fails the request
 * naming it (a Delete's stray fields excepted), and nested Data is flattened.
 */
import { flattenData, settleResult, validateResult } from '../../../src/runtime/protocol/handler-result';

test.each([
  ['Status FAILED with a Reason', { Status: 'FAILED', Reason: 'quota exceeded' }, 'quota exceeded'],
  ['Status FAILED without one', { Status: 'FAILED' }, 'HandlerResultError: the handler returned Status "FAILED" without a Reason'],
  ['Status FAILED on a Delete', { Status: 'FAILED', Reason: 'still in use' }, 'still in use', true],
  ['a Status that is neither', { Status: 'failed', PhysicalResourceId: 'x' }, 'HandlerResultError: the handler returned Status string "failed"; expected "FAILED" (with a Reason), "SUCCESS" or none'],
  ['a misspelt id', { PhysicalResourceID: 'x' }, /^HandlerResultError: the handler returned fields outside the contract, which would be lost: PhysicalResourceID \(did you mean PhysicalResourceId\?\);/],
  ['lower-case fields', { data: {}, noEcho: true }, /which would be lost: data \(did you mean Data\?\), noEcho \(did you mean NoEcho\?\);/],
  ['many unknown fields', Object.fromEntries(Array.from({ length: 8 }, (_, i) => [`f${i}`, i])), /lost: f0, f1, f2, f3, f4, and more;/],
])('GIVEN a result with %s WHEN settled THEN the request fails saying so', (_name, result, error, forDelete = false) => {
  const outcome = settleResult(result, forDelete);
  expect(outcome.ok).toBe(false);
  const text = (outcome as { error: string }).error;
  if (typeof error === 'string') expect(text).toBe(error);
  else expect(text).toMatch(error);
});

test.each([
  ['Status SUCCESS with a Reason', { Status: 'SUCCESS', Reason: 'ok', PhysicalResourceId: 'x' }, false],
  ['the ids cfn-response copies', { PhysicalResourceId: 'x', StackId: 's', RequestId: 'r', LogicalResourceId: 'l' }, false],
  ['stray fields on a Delete', { PhysicalResourceId: 'x', Data: { a: 1 }, extra: 1 }, true],
])('GIVEN a result with %s WHEN settled THEN it stands', (_name, result, forDelete) => {
  expect(settleResult(result, forDelete)).toEqual({ ok: true, result: { PhysicalResourceId: 'x', ...(forDelete ? {} : { Data: undefined, NoEcho: undefined }) } });
});

test('GIVEN a framework-mode payload with an unknown field WHEN validated THEN it fails naming it too', () => {
  expect(validateResult({ PhysicalResourceId: 'x', statusCode: 200 })).toMatchObject({ ok: false, error: expect.stringContaining('outside the contract, which would be lost: statusCode') });
});

test('GIVEN nested Data WHEN settled THEN it is flattened into the dotted keys Fn::GetAtt reads; flat Data stays as it is', () => {
  expect(settleResult({ Data: { roleArns: { auth: 'a', nested: { deep: 1 } }, list: ['x', { y: true }], empty: {}, top: 'v' } })).toEqual({
    ok: true,
    result: { PhysicalResourceId: undefined, NoEcho: undefined, Data: { 'roleArns.auth': 'a', 'roleArns.nested.deep': 1, 'list.0': 'x', 'list.1.y': true, 'empty': {}, 'top': 'v' } },
  });
  const flat = { a: 'x', b: 2 };
  expect(flattenData(flat)).toBe(flat);
});
