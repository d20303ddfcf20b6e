import { beforeCallText, exitText, stoppedText, unhandledText, uncaughtText, workerErrorText } from '../../../src/runtime/isolation/worker-messages';

test.each([
  ['an uncaught exception', uncaughtText(new Error('t')), 'HandlerCrashError: uncaught exception: Error: t'],
  ['an unhandled rejection', unhandledText(new Error('r')), 'HandlerCrashError: unhandled promise rejection: Error: r'],
  ['running out of memory', workerErrorText({ code: 'ERR_WORKER_OUT_OF_MEMORY', message: 'heap' }, 96), 'HandlerCrashError: the handler ran out of memory (limit 96 MB of heap)'],
  ['running out of the default heap', workerErrorText({ code: 'ERR_WORKER_OUT_OF_MEMORY', message: 'heap' }, undefined), 'HandlerCrashError: the handler ran out of memory (limit default MB of heap)'],
  ['another worker error', workerErrorText({ code: 'ERR_OTHER', name: 'Error', message: 'x' }, 96), 'HandlerCrashError: uncaught exception: Error: x'],
  ['a thrown string', workerErrorText('s', 96), 'HandlerCrashError: uncaught exception: thrown value: string "s"'],
  ['process.exit', exitText(3), 'HandlerCrashError: the handler called process.exit(3)'],
  ['a stopped worker', stoppedText(1500.2), 'DeadlineExceededError: the handler did not finish within 1500 ms; its worker thread was stopped'],
  ['a failure before the call', beforeCallText('X: y'), 'X: y (before the handler was called)'],
])('GIVEN %s WHEN named THEN the text says so', (_name, text, expected) => {
  expect(text).toBe(expected);
});
