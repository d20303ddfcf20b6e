import { createLogger, redactUrls } from '../../../src/runtime/protocol/logger';

describe('createLogger', () => {
  test('GIVEN bound fields and a child WHEN lines are written THEN each is one JSON object with level, fields and message', () => {
    const lines: string[] = [];
    const root = createLogger((l) => lines.push(l), { RequestId: null });
    const child = root.child({ RequestId: 'r-1', LogicalResourceId: 'L' });
    child.info('hello', { n: 1 });
    child.error('bad');
    root.info('plain');
    expect(lines.map((l) => JSON.parse(l))).toEqual([
      { level: 'INFO', RequestId: 'r-1', LogicalResourceId: 'L', message: 'hello', n: 1 },
      { level: 'ERROR', RequestId: 'r-1', LogicalResourceId: 'L', message: 'bad' },
      { level: 'INFO', RequestId: null, message: 'plain' },
    ]);
  });

  test('GIVEN fields that cannot be serialized or a sink that throws WHEN written THEN nothing throws', () => {
    const circular: Record<string, unknown> = {};
    circular.self = circular;
    expect(() => createLogger(() => undefined).info('x', circular)).not.toThrow();
    expect(() => createLogger(() => { throw new Error('sink'); }).error('x')).not.toThrow();
  });

  test('GIVEN a URL with a query string in any field WHEN written THEN the query is redacted', () => {
    const lines: string[] = [];
    createLogger((l) => lines.push(l)).info('see https://b.s3.amazonaws.com/k?X-Amz-Signature=abc&x=1 now', { url: 'http://127.0.0.1:8/p?sig=2' });
    expect(lines[0]).not.toMatch(/abc|sig=2/);
    expect(JSON.parse(lines[0])).toMatchObject({ message: 'see https://b.s3.amazonaws.com/k?[redacted] now', url: 'http://127.0.0.1:8/p?[redacted]' });
  });

  test('redactUrls leaves URLs without a query alone', () => {
    expect(redactUrls('https://a/b and http://c/d#e')).toBe('https://a/b and http://c/d#e');
  });
});
