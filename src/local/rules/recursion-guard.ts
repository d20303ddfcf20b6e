/**
 * Lambda's recursive loop detection, played: every invocation carries an X-Ray trace header
 * (`_X_AMZN_TRACE_ID` in the function's environment, which the AWS SDK's recursion-detection
 * middleware copies into the `X-Amzn-Trace-Id` header of its calls), and the header's lineage
 * counts how often each function was invoked in one chain of invocations started by one
 * event. Lambda lets a function be invoked 16 times in a chain and stops the next invocation
 * (dropping an asynchronous event, answering `RecursiveInvocationException` to a synchronous
 * call) unless the function's `RecursiveLoop` is `Allow`. It covers loops made only of Lambda
 * functions invoking each other through the Invoke API.
 *
 * The count and the cut-off are Lambda's documented behaviour; the lineage's encoding here
 * (`Lineage=<8 hex digits naming the function>:<count>`, `|` between functions) is ours: AWS
 * documents that the header carries the count, not how.
 *
 * @see https://docs.aws.amazon.com/lambda/latest/dg/invocation-recursion.html
 */
import { createHash, randomBytes } from 'node:crypto';

/** Invocations of one function in one chain that Lambda lets run; the next is stopped. */
export const MAX_CHAIN_INVOCATIONS = 16;

/** One invocation's place in its chain. */
export interface TraceContext {
  /** The whole header, as `_X_AMZN_TRACE_ID` holds it. */
  readonly header: string;
  /** How many times the invoked function has been invoked in this chain, this time included. */
  readonly count: number;
}

/** What the guard needs of a function. */
export interface RecursionTarget {
  readonly arn: string;
  /** The function's `RecursiveLoop`: `Allow` or `Terminate` (Lambda's default). */
  readonly recursiveLoop: string;
}

/**
 * The trace of a new invocation of `fn`: in the chain of `callerHeader` (the `X-Amzn-Trace-Id`
 * of the call that asks for it), or a new chain without one.
 */
export function traceFor(fn: RecursionTarget, callerHeader?: string): TraceContext {
  const fields = parseHeader(callerHeader);
  const root = fields.get('Root') ?? `1-${Math.floor(Date.now() / 1000).toString(16).padStart(8, '0')}-${randomBytes(12).toString('hex')}`;
  const lineage = parseLineage(fields.get('Lineage'));
  const id = functionId(fn);
  const count = (lineage.get(id) ?? 0) + 1;
  lineage.set(id, count);
  const encoded = [...lineage].map(([name, times]) => `${name}:${times}`).join('|');
  return { header: `Root=${root};Parent=${randomBytes(8).toString('hex')};Sampled=0;Lineage=${encoded}`, count };
}

/** Whether Lambda stops this invocation as part of a recursive loop. */
export function stopsRecursion(fn: RecursionTarget, trace: TraceContext): boolean {
  return trace.count > MAX_CHAIN_INVOCATIONS && fn.recursiveLoop !== 'Allow';
}

/** The short id a lineage names a function by. */
function functionId(fn: RecursionTarget): string {
  return createHash('sha256').update(fn.arn).digest('hex').slice(0, 8);
}

/** `Root=...;Parent=...;Sampled=0` as fields. */
function parseHeader(header: string | undefined): Map<string, string> {
  const fields = new Map<string, string>();
  for (const part of (header ?? '').split(';')) {
    const equals = part.indexOf('=');
    if (equals > 0) fields.set(part.slice(0, equals).trim(), part.slice(equals + 1).trim());
  }
  return fields;
}

/** `a1b2c3d4:3|e5f6a7b8:1` as counts by function id; malformed entries are left out. */
function parseLineage(lineage: string | undefined): Map<string, number> {
  const counts = new Map<string, number>();
  for (const entry of (lineage ?? '').split('|')) {
    const match = /^([0-9a-f]{8}):(\d{1,6})$/.exec(entry);
    if (match !== null) counts.set(match[1], Number(match[2]));
  }
  return counts;
}
