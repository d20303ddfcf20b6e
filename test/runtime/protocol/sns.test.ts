import { unwrapInvocation } from '../../../src/runtime/protocol/sns';

describe('unwrapInvocation', () => {
  test('GIVEN a direct request WHEN unwrapped THEN it is the only request', () => {
    expect(unwrapInvocation({ RequestType: 'Create' })).toEqual([{ raw: { RequestType: 'Create' } }]);
    expect(unwrapInvocation({ Records: 'x' })).toEqual([{ raw: { Records: 'x' } }]);
    expect(unwrapInvocation(null)).toEqual([{ raw: null }]);
  });

  test('GIVEN SNS records WHEN unwrapped THEN each message is parsed, and unreadable ones are named by index', () => {
    const event = { Records: [{ Sns: { Message: '{"a":1}' } }, { Sns: { Message: '{nope' } }, { Sns: {} }, 'junk', { Sns: { Message: '{"__proto__":{"x":1}}' } }] };
    const [first, second, third, fourth, fifth] = unwrapInvocation(event);
    expect(first).toEqual({ raw: { a: 1 } });
    expect(second).toEqual({ unreadable: expect.stringMatching(/^Records\[1\]\.Sns\.Message is not JSON: /) });
    expect(third).toEqual({ unreadable: 'Records[2] has no Sns.Message string' });
    expect(fourth).toEqual({ unreadable: 'Records[3] has no Sns.Message string' });
    expect(Object.keys((fifth as { raw: object }).raw)).toEqual(['__proto__']);
  });
});
