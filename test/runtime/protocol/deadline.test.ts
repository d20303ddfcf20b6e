import { computeBudget, DEFAULT_SERVICE_TIMEOUT_SECONDS, deadlineText, MAX_PREPARE_MS, prepareDeadline, readServiceTimeout, requestSentAt, withDeadline } from '../../../src/runtime/protocol/deadline';
import { amzDate } from '../../helpers/events';

describe('computeBudget', () => {
  test.each([
    // remaining, ServiceTimeout -> total; safety 5% (at most 1 s); reserve 10% (1 s to 10 s)
    ['3 s of Lambda time', 3000, 3600, { responseDeadline: 1000 + 3000 - 150, handlerDeadline: 1000 + 3000 - 150 - 1000 }],
    ['60 s of Lambda time', 60_000, 3600, { responseDeadline: 1000 + 60_000 - 1000, handlerDeadline: 1000 + 60_000 - 1000 - 6000 }],
    ['15 minutes of Lambda time', 900_000, 3600, { responseDeadline: 1000 + 900_000 - 1000, handlerDeadline: 1000 + 900_000 - 1000 - 10_000 }],
    ['a ServiceTimeout of 30 s in a 15-minute function', 900_000, 30, { responseDeadline: 1000 + 30_000 - 1000, handlerDeadline: 1000 + 30_000 - 1000 - 3000 }],
    ['12 s of Lambda time', 12_000, 3600, { responseDeadline: 1000 + 12_000 - 600, handlerDeadline: 1000 + 12_000 - 600 - 1200 }],
    ['no time at all', 0, 3600, { responseDeadline: 1000, handlerDeadline: 1000 }],
    ['a negative remaining time', -500, 3600, { responseDeadline: 1000, handlerDeadline: 1000 }],
    ['less time than the reserve', 800, 3600, { responseDeadline: 1000 + 800 - 40, handlerDeadline: 1000 }],
  ])('GIVEN %s WHEN budgeted from t=1000 THEN the deadlines are exact', (_name, remaining, serviceTimeout, expected) => {
    expect(computeBudget(1000, remaining, serviceTimeout)).toEqual(expected);
  });
});

describe('computeBudget for a request sent before the invocation', () => {
  test('GIVEN a request sent 6 s before a 60 s invocation with a 10 s ServiceTimeout WHEN budgeted THEN only the 4 s left of the ServiceTimeout are split', () => {
    // total 4 s: safety 5% (200 ms), reserve 1 s (at least).
    const responseDeadline = 100_000 + 4_000 - 200;
    expect(computeBudget(100_000, 60_000, 10, 94_000)).toEqual({ responseDeadline, handlerDeadline: responseDeadline - 1_000 });
  });

  test('GIVEN a request sent longer ago than its ServiceTimeout WHEN budgeted THEN nothing is left', () => {
    expect(computeBudget(100_000, 60_000, 10, 80_000)).toEqual({ responseDeadline: 100_000, handlerDeadline: 100_000 });
  });
});

describe('requestSentAt', () => {
  const START = Date.UTC(2026, 10, 30, 12, 0, 7, 400);
  const url = (query: string) => new URL(`https://cloudformation-custom-resource-response-useast1.s3.amazonaws.com/arn?X-Amz-Algorithm=AWS4-HMAC-SHA256${query}&X-Amz-Signature=abc`);

  test('GIVEN a URL signed 6 s before the invocation started WHEN read THEN the signing time (whole seconds, as SigV4 writes it)', () => {
    expect(amzDate(START - 6_000)).toBe('20261130T120001Z');
    expect(requestSentAt(url(`&X-Amz-Date=${amzDate(START - 6_000)}`), START, 10)).toBe(Date.UTC(2026, 10, 30, 12, 0, 1));
  });

  test('GIVEN a signing time after the start (clock skew) WHEN read THEN the start', () => {
    expect(requestSentAt(url(`&X-Amz-Date=${amzDate(START + 3_000)}`), START, 10)).toBe(START);
  });

  test('GIVEN a signing time more than the ServiceTimeout before the start WHEN read THEN exactly the ServiceTimeout before it', () => {
    expect(requestSentAt(url('&X-Amz-Date=20261130T110000Z'), START, 600)).toBe(START - 600_000);
  });

  test.each([
    ['no X-Amz-Date', ''],
    ['an empty one', '&X-Amz-Date='],
    ['an ISO date instead of SigV4\'s', '&X-Amz-Date=2026-11-30T12:00:00Z'],
    ['a month 13', '&X-Amz-Date=20261330T120000Z'],
    ['30 February (Date.parse would read 2 March)', '&X-Amz-Date=20260230T120000Z'],
    ['31 April', '&X-Amz-Date=20260431T120000Z'],
    ['hour 24', '&X-Amz-Date=20261130T240000Z'],
    ['a number', '&X-Amz-Date=1'],
    ['trailing text', '&X-Amz-Date=20261130T120000Zx'],
  ])('GIVEN %s WHEN read THEN the invocation start', (_name, query) => {
    expect(requestSentAt(url(query), START, 10)).toBe(START);
  });
});

describe('readServiceTimeout', () => {
  test.each([
    [{ ServiceTimeout: '30' }, 30],
    [{ ServiceTimeout: 45 }, 45],
    [{ ServiceTimeout: '1' }, 1],
    [{ ServiceTimeout: '3600' }, 3600],
    [{ ServiceTimeout: '0' }, DEFAULT_SERVICE_TIMEOUT_SECONDS],
    [{ ServiceTimeout: '0.5' }, DEFAULT_SERVICE_TIMEOUT_SECONDS],
    [{ ServiceTimeout: '3601' }, DEFAULT_SERVICE_TIMEOUT_SECONDS],
    [{ ServiceTimeout: '' }, DEFAULT_SERVICE_TIMEOUT_SECONDS],
    [{ ServiceTimeout: 'soon' }, DEFAULT_SERVICE_TIMEOUT_SECONDS],
    [{ ServiceTimeout: true }, DEFAULT_SERVICE_TIMEOUT_SECONDS],
    [{ ServiceTimeout: ['30'] }, DEFAULT_SERVICE_TIMEOUT_SECONDS],
    [{}, DEFAULT_SERVICE_TIMEOUT_SECONDS],
    [null, DEFAULT_SERVICE_TIMEOUT_SECONDS],
    ['ServiceTimeout', DEFAULT_SERVICE_TIMEOUT_SECONDS],
  ])('GIVEN properties %p WHEN read THEN %p seconds', (properties, seconds) => {
    expect(readServiceTimeout(properties)).toBe(seconds);
  });

  test('the default is CloudFormation\'s hour', () => {
    expect(DEFAULT_SERVICE_TIMEOUT_SECONDS).toBe(3600);
  });
});

describe('prepareDeadline', () => {
  test.each([
    [60_000, 1000 + MAX_PREPARE_MS],
    [4000, 1000 + 3000],
    [1000, 1000],
    [200, 1000],
  ])('GIVEN %p ms left WHEN preparing from t=1000 THEN wait until %p', (remaining, until) => {
    expect(prepareDeadline(1000, remaining)).toBe(until);
  });

  test('the longest wait is 5 s', () => {
    expect(MAX_PREPARE_MS).toBe(5000);
  });
});

describe('withDeadline', () => {
  test('GIVEN work that ends in time WHEN raced THEN its outcome wins', async () => {
    await expect(withDeadline(Promise.resolve({ ok: true, result: {} }), 1000)).resolves.toEqual({ ok: true, result: {} });
  });

  test('GIVEN work that never ends WHEN its time is up THEN a DeadlineExceededError failure, at that time', async () => {
    const started = Date.now();
    const outcome = await withDeadline(new Promise(() => undefined), 120.6);
    expect(outcome).toEqual({ ok: false, error: deadlineText(121) });
    expect(Date.now() - started).toBeGreaterThanOrEqual(115);
  });

  test('GIVEN a negative time WHEN raced THEN it fails at once, saying 0 ms', async () => {
    expect(await withDeadline(new Promise(() => undefined), -50)).toEqual({ ok: false, error: deadlineText(0) });
  });

  test('the text says what happened', () => {
    expect(deadlineText(1234.4)).toBe('DeadlineExceededError: the handler did not finish within 1234 ms');
    expect(deadlineText(-3)).toMatch(/within 0 ms/);
  });
});
