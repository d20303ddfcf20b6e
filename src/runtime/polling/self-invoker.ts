/**
 * Continues a wait in a new invocation of the provider function: an asynchronous
 * (`Event`) invoke of the function itself, through the Lambda API.
 */

import { SDK_CLIENT_OPTIONS } from './wait-store';

/** Sends `payload` to a new asynchronous invocation of `functionName`; one attempt, aborted through `abortSignal`. */
export type SelfInvoke = (functionName: string, payload: string, abortSignal?: AbortSignal) => Promise<void>;

/** The real invoke, through the AWS SDK the Lambda runtime provides (loaded on first use). */
export function sdkSelfInvoke(): SelfInvoke {
  let client: import('@aws-sdk/client-lambda').LambdaClient | undefined;
  return async (functionName, payload, abortSignal) => {
    // eslint-disable-next-line @typescript-eslint/no-require-imports, import/no-extraneous-dependencies
    const sdk = require('@aws-sdk/client-lambda') as typeof import('@aws-sdk/client-lambda');
    client ??= new sdk.LambdaClient(SDK_CLIENT_OPTIONS);
    const out = await client.send(new sdk.InvokeCommand({ FunctionName: functionName, InvocationType: 'Event', Payload: Buffer.from(payload) }), { abortSignal });
    if (out.StatusCode !== 202) throw new Error(`the asynchronous invoke of ${functionName} answered HTTP ${out.StatusCode}`);
  };
}
