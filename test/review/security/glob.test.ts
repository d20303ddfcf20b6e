/** IAM wildcards compared as patterns. */
import { globCovers, globsIntersect } from '../../../src/review/security/glob';

test.each([
  ['*', 's3:GetObject', true],
  ['s3:*', 's3:GetObject', true],
  ['s3:*', 's3:Get*', true],
  ['s3:Get*', 's3:*', false],
  ['s3:Get*', 's3:GetObject', true],
  ['s3:Get*', 's3:PutObject', false],
  ['s3:*Object', 's3:Get*', false],
  ['s3:Get?bject', 's3:GetObject', true],
  ['s3:Get?bject', 's3:Get*', false],
  ['arn:aws:s3:::b/*', 'arn:aws:s3:::b/logs/*', true],
  ['arn:aws:s3:::b/logs/*', 'arn:aws:s3:::b/*', false],
  ['arn:aws:s3:::b', 'arn:aws:s3:::b/*', false],
  ['*a*', '*a*', true],
  ['*a*', 'b*a', true],
])('GIVEN %s WHEN it is asked whether it covers %s THEN %s', (wide, narrow, expected) => {
  expect(globCovers(wide, narrow)).toBe(expected);
});

test('GIVEN action names in another case THEN they cover when told to ignore case (IAM action names are case-insensitive)', () => {
  expect(globCovers('S3:get*', 's3:GetObject', true)).toBe(true);
  expect(globCovers('S3:get*', 's3:GetObject')).toBe(false);
});

test.each([
  ['s3:Get*', 's3:*Object', true],
  ['s3:Get*', 's3:Put*', false],
  ['iam:*', 's3:GetObject', false],
  ['*', 'anything', true],
  ['s3:?et*', 's3:GetObject', true],
])('GIVEN %s and %s WHEN asked whether they can match a common value THEN %s', (a, b, expected) => {
  expect(globsIntersect(a, b)).toBe(expected);
  expect(globsIntersect(b, a)).toBe(expected);
});
