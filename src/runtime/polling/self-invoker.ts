/**
 * Continues a wait in a new invocation of the provider function: an asynchronous
 * (`Event`) invoke of the function itself, through the Lambda API.
 */

import { SDK_CLIENT_OPTIONS } from './wait-store';

/** Sends `payload` to a new asynchronous invocation of `functionName`; one attempt, aborted through `abortSignal`. */
export interface SelfInvoke {
  (functionName: string, payload: string, abortSignal?: AbortSignal): Promise<void>;
  /** Loads the SDK client now, so that its loading is charged to no call's deadline. */
  load?(): void;
}

/** The real invoke, through the AWS SDK the Lambda runtime provides (loaded on first use, or by `load`). */
export function sdkSelfInvoke(): SelfInvoke {
  let client: import('@aws-sdk/client-lambda').LambdaClient | undefined;
  const sdk = () => {
    // eslint-disable-next-line @typescript-eslint/no-require-imports, import/no-extraneous-dependencies
    const module = require('@aws-sdk/client-lambda') as typeof import('@aws-sdk/client-lambda');
    client ??= new module.LambdaClient(SDK_CLIENT_OPTIONS);
    return { module, client };
  };
  const invoke = async (functionName: string, payload: string, abortSignal?: AbortSignal) => {
    const { module, client: c } = sdk();
    const out = await c.send(new module.InvokeCommand({ FunctionName: functionName, InvocationType: 'Event', Payload: Buffer.from(payload) }), { abortSignal });
    if (out.StatusCode !== 202) throw new Error(`the asynchronous invoke of ${functionName} answered HTTP ${out.StatusCode}`);
  };
  return Object.assign(invoke, { load: () => { sdk(); } });
}
