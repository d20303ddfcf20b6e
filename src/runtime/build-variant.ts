/**
 * The runtime is bundled twice from the same source: once for providers that poll (with
 * isComplete and the long-wait code) and once for providers that do not, which stays small.
 * bundle:runtime defines `CDK_LIFECYCLE_POLLING` as true or false; with false, esbuild and
 * uglify-js drop everything behind `POLLING_BUILD`. Unbundled (in tests) the flag is not
 * defined and everything is there.
 */
declare const CDK_LIFECYCLE_POLLING: boolean | undefined;

/** True in the polling bundle and unbundled; false in the bundle for providers that do not poll. */
export const POLLING_BUILD = typeof CDK_LIFECYCLE_POLLING === 'undefined' || CDK_LIFECYCLE_POLLING;
