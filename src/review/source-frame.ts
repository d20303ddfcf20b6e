/**
 * The user's line in a creation stack CDK recorded (`aws:cdk:creationStack` in the assembly's
 * metadata, or the trace of a construct's `aws:cdk:logicalId` metadata when stack traces are
 * on): the first frame that is not in Node.js, aws-cdk-lib or a runner such as ts-node.
 */
import type { SourceLocation } from './review-model';

export type { SourceLocation };

/** `... (file:line:column)` or `at file:line:column`. */
const FRAME = /(?:\(|^|\s)((?:[A-Za-z]:)?[^():\s][^():]*):(\d+):(\d+)\)?$/;
/** Frames that are not the user's code. */
const LIBRARY = /(^|[\\/])node_modules[\\/]|^node:|^internal[\\/]|^\.\.\./;

/** The first frame of a creation stack that is in the user's code. */
export function userFrame(frames: readonly unknown[]): SourceLocation | undefined {
  for (const frame of frames) {
    if (typeof frame !== 'string') continue;
    const match = FRAME.exec(frame.trim());
    if (match === null || LIBRARY.test(match[1])) continue;
    return { file: match[1], line: Number(match[2]), column: Number(match[3]) };
  }
  return undefined;
}
