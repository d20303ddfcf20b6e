/**
 * What `diff --deployed` and `snapshot` read from CloudFormation, in memory, before it is
 * written as a snapshot folder (`write-snapshot.ts`).
 */
import type { DeployedExport, DeployedStack } from '../input/deployed-state';
import type { AssemblyStack } from '../input/read-assembly';
import type { Template } from '../input/read-template';

/** Where a stack is deployed, resolved (the default Region and the credentials' account for an environment-agnostic stack). */
export interface ResolvedEnvironment {
  readonly account: string;
  readonly region: string;
}

/** A nested stack's deployed template. */
export interface NestedRead {
  readonly template: Template;
  /** The nested stack's ARN (the physical id of its stack resource). */
  readonly stackId: string;
}

/** One stack of the app, as deployed. */
export interface StackRead {
  /** The stack in the app's assembly. */
  readonly stack: AssemblyStack;
  /** Its name in CloudFormation. */
  readonly stackName: string;
  readonly environment: ResolvedEnvironment;
  readonly deployed: DeployedStack;
  /** The deployed template (`GetTemplate`, stage Original); absent when there is nothing to update (see `statusKind`). */
  readonly template?: Template;
  /** Nested stacks' deployed templates by path of logical ids (`Outer/Inner`). */
  readonly nested: ReadonlyMap<string, NestedRead>;
}

/** Everything read. */
export interface SnapshotRead {
  /** When the read started (ISO 8601). */
  readonly takenAt: string;
  readonly stacks: readonly StackRead[];
  readonly exports: readonly DeployedExport[];
  /** The cloud assembly manifest version to write (the app's). */
  readonly manifestVersion: string;
}
