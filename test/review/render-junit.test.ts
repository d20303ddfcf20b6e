import { parse } from 'junit2json';
import { reviewSides } from './helpers';
import { renderJunit } from '../../src/review/render-junit';

test('GIVEN a review of four stacks WHEN written as JUnit and read back by a JUnit parser THEN there is one test case per stack, failing where a change fails', async () => {
  const review = reviewSides('assembly-before', 'assembly-after');
  const report: any = await parse(renderJunit(review, 1234));
  expect(report).toMatchObject({ name: 'cdk-lifecycle diff', tests: 4, failures: 1, errors: 0, time: 1.234 });
  const cases = report.testsuite[0].testcase;
  expect(cases.map((testcase: any) => [testcase.name, testcase.failure === undefined ? 'pass' : 'fail'])).toEqual([['App', 'fail'], ['Database', 'pass'], ['Api', 'pass'], ['Legacy', 'pass']]);
  expect(cases[0].failure[0].message).toBe('1 change fails the review');
  expect(cases[0].failure[0].inner).toContain('FAIL Modify (replace: True) AWS::DynamoDB::Table Storage/Archive (nested stack Storage): TableName');
  // Legacy, which the new app no longer has, stays deployed: nothing of it changes, and its note says so.
  expect(cases[3]['system-out']).toEqual([expect.stringMatching(/^NOTE Legacy is no longer in the app: cdk deploy does not delete it, so it stays deployed with its 1 resource;/)]);
});

test('GIVEN text XML cannot hold WHEN written THEN it is escaped (control characters shown as \\x01, as the text report shows them) and the file still parses', async () => {
  const review = reviewSides('templates/before.json', 'templates/after.yaml');
  const hostile = { ...review, stacks: [{ name: 'a<b>&"c"\u0001', changes: review.changes.map((change) => ({ ...change, levelReason: '<script>&\u0002' })) }] };
  const report: any = await parse(renderJunit(hostile, 0));
  expect(report.testsuite[0].testcase[0].name).toBe('a<b>&"c"\\x01');
  expect(report.testsuite[0].testcase[0]['system-out'][0]).toContain('<script>&');
});
