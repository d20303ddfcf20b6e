/**
 * What was read from CloudFormation about the deployed stacks, besides their templates: each
 * stack's status and parameter values, and the exports of the stacks with who imports them. A
 * snapshot folder (`cdk-lifecycle snapshot`) holds it as `cdk-lifecycle.deployed.json` at its
 * root; `diff --deployed` builds the same in a temporary snapshot. Its JSON schema is
 * `schemas/deployed-state.schema.json`.
 */

/** The file's name at the root of a snapshot folder. */
export const DEPLOYED_STATE_FILE = 'cdk-lifecycle.deployed.json';

/** The status of a stack that CloudFormation does not have (never created, or deleted). */
export const NOT_FOUND = 'NOT_FOUND';

/** A deployed parameter value; CloudFormation returns a `NoEcho` parameter's value as `****`, so it is unknown. */
export type DeployedParameter = { readonly value: string } | { readonly noEcho: true };

/** One stack as CloudFormation reported it. */
export interface DeployedStack {
  /** CloudFormation's `StackStatus` (`UPDATE_COMPLETE`, `UPDATE_ROLLBACK_COMPLETE`, ...), or `NOT_FOUND`. */
  readonly status: string;
  /** CloudFormation's `StackStatusReason`, when it gave one. */
  readonly statusReason?: string;
  /** The stack's ARN; absent for a stack not found. */
  readonly stackId?: string;
  /** The parameter values the stack was last deployed with, by parameter key. */
  readonly parameters: { readonly [key: string]: DeployedParameter };
}

/** One export of a stack read, and the stacks that import it (in the app or not). */
export interface DeployedExport {
  readonly name: string;
  readonly value: string;
  readonly exportingStackName: string;
  readonly exportingStackId: string;
  /** The names of the stacks that import it (`ListImports`), in its account and Region. */
  readonly importers: readonly string[];
  /** The account and Region of the export (exports are unique per account and Region). */
  readonly account?: string;
  readonly region?: string;
}

/** The whole file. */
export interface DeployedState {
  readonly version: 1;
  /** When the stacks were read (ISO 8601). */
  readonly takenAt: string;
  /** By stack name, as `diff` names stacks (the artifact id when two stacks of the app share a name). */
  readonly stacks: { readonly [stackName: string]: DeployedStack };
  readonly exports: readonly DeployedExport[];
}

/**
 * How `diff` compares a stack in this status: `new` when nothing of it can be updated
 * (not deployed, created by a change set not yet executed, or a failed creation that a
 * deployment deletes and creates again, as `cdk deploy` does); `settled` when a deployment
 * can start from it as it is; `unsettled` when it is still changing or CloudFormation refuses
 * updates until it is repaired.
 */
export type StatusKind = 'new' | 'settled' | 'unsettled';

/** The kind of a status: see `StatusKind`. */
export function statusKind(status: string): StatusKind {
  if (status === NOT_FOUND || status === 'REVIEW_IN_PROGRESS' || status === 'ROLLBACK_COMPLETE' || status === 'ROLLBACK_FAILED') return 'new';
  if (status.endsWith('_IN_PROGRESS') || status.endsWith('_FAILED')) return 'unsettled';
  return 'settled';
}

/** Why CloudFormation refuses to update a stack in some status, and where that is written. */
interface RefusedStatus {
  /** What the stack is waiting for and how to get it out (ends the failure's reason). */
  readonly reason: string;
  readonly source: string;
}

/**
 * The statuses in which CloudFormation refuses an update of the stack (UpdateStack and
 * CreateChangeSet answer `ValidationError: Stack ... is in <STATUS> state and can not be
 * updated`). A stack can be updated from `CREATE_COMPLETE`, `UPDATE_COMPLETE`,
 * `UPDATE_ROLLBACK_COMPLETE`, `IMPORT_COMPLETE` and `IMPORT_ROLLBACK_COMPLETE` (the "last known
 * stable state" of RollbackStack), and from `CREATE_FAILED` and `UPDATE_FAILED` when its last
 * operation kept what it had provisioned (the stack failure options: the next update resumes
 * from the failure). `ROLLBACK_COMPLETE`, `ROLLBACK_FAILED` and `REVIEW_IN_PROGRESS` cannot be
 * updated either, but `cdk deploy` deletes such a stack and creates it again (a change set of
 * type CREATE for the last), so `diff` compares them as new stacks (`statusKind`).
 */
const REFUSED: ReadonlyArray<{ readonly matches: (status: string) => boolean } & RefusedStatus> = [
  {
    matches: (status) => status === 'UPDATE_ROLLBACK_FAILED',
    reason: 'its last update failed and so did the rollback; continue the rollback first (aws cloudformation continue-update-rollback, skipping the resources that cannot roll back)',
    source: 'CloudFormation API Reference, ContinueUpdateRollback; org-formation/org-formation-cli#455 ("is in UPDATE_ROLLBACK_FAILED state and can not be updated")',
  },
  {
    matches: (status) => status === 'IMPORT_ROLLBACK_FAILED',
    reason: 'a resource import failed and so did its rollback; get the stack back to IMPORT_ROLLBACK_COMPLETE first',
    source: 'CloudFormation User Guide, Stack status codes (IMPORT_ROLLBACK_FAILED); RollbackStack (the stable states an update starts from)',
  },
  {
    matches: (status) => status === 'DELETE_FAILED',
    reason: 'its deletion failed; it can only be deleted again (aws cloudformation delete-stack --retain-resources for the resources that failed)',
    source: 'CloudFormation API Reference, DeleteStack (RetainResources: only for a stack in DELETE_FAILED)',
  },
  {
    matches: (status) => status.endsWith('_IN_PROGRESS') && status !== 'REVIEW_IN_PROGRESS',
    reason: 'an operation is still running; deploy when it has ended',
    source: 'CloudFormation API Reference, UpdateStack and CreateChangeSet (ValidationError: "... is in UPDATE_IN_PROGRESS state and can not be updated")',
  },
];

/**
 * Why CloudFormation refuses to update a stack in this status (a sentence that names the stack
 * and the status), or undefined when it updates it.
 */
export function refusedUpdate(stackName: string, status: string): string | undefined {
  const refused = REFUSED.find((entry) => entry.matches(status));
  return refused === undefined ? undefined : `CloudFormation refuses to update ${stackName} while it is ${status}: ${refused.reason}`;
}

