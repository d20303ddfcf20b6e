/**
 * What a step reports of the provider's answer: `response` typed as the protocol defines it
 * (so `step.response?.Data?.name` compiles), the body as sent in `responseBody`.
 */
import { CustomResourceResponse, typedResponse } from '../../../src/local/play/step-result';

test('GIVEN an answer of the protocol\'s types WHEN typed THEN every field is kept, and Data reads without a cast', () => {
  const body = { Status: 'SUCCESS', PhysicalResourceId: 'id-1', StackId: 's', RequestId: 'r', LogicalResourceId: 'L', Data: { name: 'x' }, NoEcho: false, Extra: 1 };
  const response: CustomResourceResponse = typedResponse(body);

  expect(response).toEqual(body);
  const name: unknown = response.Data?.name;
  expect(name).toBe('x');
});

test.each([
  ['Data as an array', { Data: ['a'] }],
  ['Data as a string', { Data: 'a' }],
  ['NoEcho as a string', { NoEcho: 'true' }],
  ['Status as a number', { Status: 1 }],
  ['PhysicalResourceId as a number', { PhysicalResourceId: 7 }],
  ['Reason as an object', { Reason: { text: 'no' } }],
])('GIVEN %s WHEN typed THEN that field is left out (the body as sent keeps it)', (_, field) => {
  const body = { Status: 'FAILED', Reason: 'r', PhysicalResourceId: 'p', ...field };
  const response = typedResponse(body);

  const [name] = Object.keys(field);
  expect(response[name]).toBeUndefined();
  expect(Object.keys(response).sort()).toEqual(['PhysicalResourceId', 'Reason', 'Status'].filter((key) => key !== name).sort());
  expect(body).toMatchObject(field);
});
