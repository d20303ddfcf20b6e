import { showValue, valueDiff } from '../../src/review/value-diff';

const policy = (...actions: string[]) => JSON.stringify({ Version: '2012-10-17', Statement: actions.map((action) => ({ Effect: 'Allow', Action: action, Resource: '*' })) });

describe('valueDiff', () => {
  test('GIVEN a policy whose second statement\'s action goes from s3:GetObject to * WHEN diffed THEN one path, with both values', () => {
    expect(valueDiff('PolicyDocument', policy('sqs:SendMessage', 's3:GetObject'), policy('sqs:SendMessage', '*'))).toEqual([
      { path: 'PolicyDocument.Statement[1].Action', before: '"s3:GetObject"', after: '"*"' },
    ]);
  });

  test('GIVEN a statement inserted at the front WHEN diffed THEN it is one added item, the others unchanged', () => {
    expect(valueDiff('PolicyDocument', policy('a', 'b'), policy('x', 'a', 'b'))).toEqual([
      { path: 'PolicyDocument.Statement[0]', after: '{"Effect":"Allow","Action":"x","Resource":"*"}' },
    ]);
  });

  test('GIVEN items removed and keys added and removed WHEN diffed THEN each is a path with one side', () => {
    const before = JSON.stringify({ Variables: { A: '1', B: '2' }, List: ['x', 'y', 'z'] });
    const after = JSON.stringify({ Variables: { A: '1', C: '3' }, List: ['x', 'z'] });
    expect(valueDiff('Environment', before, after)).toEqual([
      { path: 'Environment.Variables.B', before: '"2"' },
      { path: 'Environment.Variables.C', after: '"3"' },
      { path: 'Environment.List[1]', before: '"y"' },
    ]);
  });

  test('GIVEN scalars, an added target and equal values WHEN diffed THEN the target itself is the path', () => {
    expect(valueDiff('MemorySize', '128', '256')).toEqual([{ path: 'MemorySize', before: '"128"', after: '"256"' }]);
    expect(valueDiff('Tags', undefined, '[{"Key":"a","Value":"1"}]')).toEqual([{ path: 'Tags', after: '[{"Key":"a","Value":"1"}]' }]);
    expect(valueDiff('X', '{"a":"1"}', '{"a":"1"}')).toEqual([]);
    expect(valueDiff('X', '{not json', '{not json!')).toEqual([{ path: 'X', before: '"{not json"', after: '"{not json!"' }]);
  });

  test('GIVEN a structure that becomes a string and keys that need quotes WHEN diffed THEN the whole value changes and keys are quoted', () => {
    expect(valueDiff('V', '{"a b":{"c":"1"}}', '{"a b":"s"}')).toEqual([{ path: 'V."a b"', before: '{"c":"1"}', after: '"s"' }]);
  });

  test('GIVEN a 5,000-character value whose end changes WHEN diffed THEN the difference is shown, not cut away', () => {
    const long = (end: string) => JSON.stringify({ Code: `${'x'.repeat(5000)}${end}` });
    const [change] = valueDiff('Code', long('1'), long('2'));
    expect(change.after!.endsWith('2"')).toBe(true);
    expect(change.after!.length).toBe(5003);
  });

  test('showValue writes JSON text compactly and strings in quotes', () => {
    expect([showValue(undefined), showValue('a'), showValue('{ "a": [1, 2] }')]).toEqual(['(none)', '"a"', '{"a":[1,2]}']);
  });
});
