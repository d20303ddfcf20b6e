import { CfnElement, Stack } from 'aws-cdk-lib';

/**
 * The logical id of a resource (or output) without resolving a token: an override
 * (`overrideLogicalId`) if there is one, else the id the stack allocates.
 */
export function logicalIdOf(stack: Stack, node: CfnElement): string {
  const override = (node as unknown as { _logicalIdOverride?: unknown })._logicalIdOverride;
  return typeof override === 'string' ? override : stack.getLogicalId(node);
}
