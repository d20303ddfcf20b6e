import { StepProgress } from '../../../local/play/play-step';

/** `Create MySeleniumTest: waiting for the answer, 3.2 s (...)`, the text of the progress line. */
export function progressText(progress: StepProgress): string {
  const seconds = (progress.elapsedMs / 1000).toFixed(1);
  const what = progress.answered ? 'answered, waiting for the provider to finish' : 'waiting for the answer';
  const running = progress.running === 1 ? '1 invocation running' : `${progress.running} invocations running`;
  const done = progress.invocations === 0 ? '' : `, ${progress.invocations} done`;
  const limit = progress.waitLimitSeconds < progress.serviceTimeoutSeconds ? `, gives up at ${progress.waitLimitSeconds} s` : '';
  return `… ${progress.label} ${progress.logicalResourceId}: ${what}, ${seconds} s (${running}${done}; function timeout ${progress.functionTimeoutSeconds} s, ServiceTimeout ${progress.serviceTimeoutSeconds} s${limit})`;
}
