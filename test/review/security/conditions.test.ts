/** Conditions as clauses: which blocks are at least as loose as others. */
import { conditionClauses, conditionsCover } from '../../../src/review/security/conditions';

const covers = (wide: unknown, narrow: unknown) => conditionsCover(conditionClauses(wide), conditionClauses(narrow));

test.each([
  ['no condition covers any condition', true, undefined, { StringEquals: { 'aws:SourceAccount': '1' } }],
  ['a condition does not cover none', false, { StringEquals: { 'aws:SourceAccount': '1' } }, undefined],
  ['the same condition, keys in another case', true, { StringEquals: { 'AWS:SourceAccount': '1' } }, { StringEquals: { 'aws:sourceaccount': '1' } }],
  ['more accepted values cover fewer', true, { StringEquals: { 'aws:SourceAccount': ['1', '2'] } }, { StringEquals: { 'aws:SourceAccount': '1' } }],
  ['fewer accepted values do not cover more', false, { StringEquals: { 'aws:SourceAccount': '1' } }, { StringEquals: { 'aws:SourceAccount': ['1', '2'] } }],
  ['a wider ArnLike pattern covers a narrower one', true, { ArnLike: { 'aws:SourceArn': 'arn:aws:s3:::*' } }, { ArnLike: { 'aws:SourceArn': 'arn:aws:s3:::uploads' } }],
  ['a narrower ArnLike pattern does not cover a wider one', false, { ArnLike: { 'aws:SourceArn': 'arn:aws:s3:::uploads' } }, { ArnLike: { 'aws:SourceArn': 'arn:aws:s3:::*' } }],
  ['a wider CIDR covers a narrower one', true, { IpAddress: { 'aws:SourceIp': '10.0.0.0/8' } }, { IpAddress: { 'aws:SourceIp': '10.1.0.0/16' } }],
  ['a narrower CIDR does not cover a wider one', false, { IpAddress: { 'aws:SourceIp': '10.1.0.0/16' } }, { IpAddress: { 'aws:SourceIp': '10.0.0.0/8' } }],
  ['excluding fewer values covers excluding more', true, { StringNotEquals: { 'aws:PrincipalAccount': '1' } }, { StringNotEquals: { 'aws:PrincipalAccount': ['1', '2'] } }],
  ['excluding more values does not cover excluding fewer', false, { StringNotEquals: { 'aws:PrincipalAccount': ['1', '2'] } }, { StringNotEquals: { 'aws:PrincipalAccount': '1' } }],
  ['IfExists covers the same operator without it', true, { StringEqualsIfExists: { 'aws:SourceVpc': 'v' } }, { StringEquals: { 'aws:SourceVpc': 'v' } }],
  ['the operator without IfExists does not cover it with', false, { StringEquals: { 'aws:SourceVpc': 'v' } }, { StringEqualsIfExists: { 'aws:SourceVpc': 'v' } }],
  ['Bool only covers the same value', false, { Bool: { 'aws:SecureTransport': 'true' } }, { Bool: { 'aws:SecureTransport': 'false' } }],
  ['FunctionUrlAuthType NONE covers AWS_IAM', true, { StringEquals: { 'lambda:FunctionUrlAuthType': 'NONE' } }, { StringEquals: { 'lambda:FunctionUrlAuthType': 'AWS_IAM' } }],
  ['FunctionUrlAuthType AWS_IAM does not cover NONE', false, { StringEquals: { 'lambda:FunctionUrlAuthType': 'AWS_IAM' } }, { StringEquals: { 'lambda:FunctionUrlAuthType': 'NONE' } }],
  ['one clause covers the same clause with another beside it', true, { StringEquals: { 'aws:SourceAccount': '1' } }, { StringEquals: { 'aws:SourceAccount': '1', 'aws:SourceVpc': 'v' } }],
  ['an unreadable block covers only itself', true, { 'Fn::If': ['c', {}, {}] }, { 'Fn::If': ['c', {}, {}] }],
  ['an unreadable block does not cover another', false, { 'Fn::If': ['c', {}, {}] }, { StringEquals: { 'aws:SourceAccount': '1' } }],
])('GIVEN %s THEN the first covers the second: %s', (_name, expected, wide, narrow) => {
  expect(covers(wide, narrow)).toBe(expected);
});

test('GIVEN a block of intrinsic values THEN its values are rendered and sorted', () => {
  expect(conditionClauses({ StringEquals: { 'aws:SourceArn': [{ 'Fn::GetAtt': ['B', 'Arn'] }, 'a'] } })).toEqual([{ operator: 'StringEquals', key: 'aws:sourcearn', values: ['${B.Arn}', 'a'] }]);
});
