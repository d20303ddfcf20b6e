import { hopBound, hopBoundReason } from '../../../src/runtime/polling/hop-bound';

describe('hopBound', () => {
  test.each([
    // invocation, reserve, polling window, call budget, progress per hop -> 2 x ceil(3600 s / progress) + 5
    ['a 15-minute function', 900_000, 10_000, 890_000, 60_000, 830_000, 2 * 5 + 5],
    ['a 5-minute function', 300_000, 10_000, 290_000, 58_000, 232_000, 2 * 16 + 5],
    ['a 60 s function', 60_000, 6_000, 54_000, 10_800, 43_200, 2 * 84 + 5],
    ['a 5 s function', 5_000, 2_000, 3_000, 1_000, 2_000, 2 * 1_800 + 5],
  ])('GIVEN %s and a 1-hour ServiceTimeout WHEN bounded THEN twice the hops at the slowest pace, plus 5', (_name, invocationMs, _reserve, _polling, _call, _progress, bound) => {
    expect(hopBound(3_600, invocationMs)).toBe(bound);
  });

  test('GIVEN a function that leaves a new invocation no time for a call WHEN bounded THEN no hand-off is allowed', () => {
    expect(hopBound(3_600, 3_000)).toBe(0);
    expect(hopBound(3_600, 2_000)).toBe(0);
  });

  test('GIVEN a longer ServiceTimeout WHEN bounded THEN the bound grows with it', () => {
    expect(hopBound(600, 60_000)).toBeLessThan(hopBound(3_600, 60_000));
  });
});

test('the Reason names the hand-off, the bound and why', () => {
  expect(hopBoundReason(38, 37, 3_600, 300_000)).toBe('the wait reached hand-off 38 to a new invocation, beyond the 37 a 3600 s ServiceTimeout can need with 300 s invocations: stopped as a runaway chain');
});
