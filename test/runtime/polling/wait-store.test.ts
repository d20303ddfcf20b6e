import { SsmOperations, WaitStore } from '../../../src/runtime/polling/wait-store';

/** An SSM that holds one parameter with the given value and refuses to create it again. */
function ssmHolding(value: string): SsmOperations {
  return {
    putParameter: async () => { throw Object.assign(new Error('exists'), { name: 'ParameterAlreadyExists' }); },
    getParameter: async () => ({ Parameter: { Value: value } }),
    deleteParameters: async () => ({}),
  };
}

const WAIT = { responseUrl: 'https://s3/response?X-Amz-Signature=SECRET', result: { PhysicalResourceId: 'id' } };

test('GIVEN the wait is kept already WHEN kept again THEN keep says false instead of throwing', async () => {
  expect(await new WaitStore(ssmHolding(JSON.stringify(WAIT)), 'fn').keep('/cdk-lifecycle/fn/a', WAIT, 0)).toBe(false);
});

test('GIVEN a parameter that is not JSON WHEN read THEN the error names the parameter and does not quote its value (a signed URL)', async () => {
  const store = new WaitStore(ssmHolding('{"responseUrl":"https://s3/response?X-Amz-Signature=SECRET"'), 'fn');
  const error = await store.read('/cdk-lifecycle/fn/a').catch((e: Error) => e);
  expect(error).toBeInstanceOf(Error);
  expect((error as Error).message).toBe('the parameter /cdk-lifecycle/fn/a does not hold a kept wait');
  expect((error as Error).message).not.toContain('SECRET');
});

test('GIVEN an SSM error other than ParameterAlreadyExists WHEN keeping THEN it is thrown', async () => {
  const ssm: SsmOperations = { ...ssmHolding(''), putParameter: async () => { throw Object.assign(new Error('denied'), { name: 'AccessDeniedException' }); } };
  await expect(new WaitStore(ssm, 'fn').keep('/p', WAIT, 0)).rejects.toThrow('denied');
});
