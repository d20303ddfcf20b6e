/**
 * Reads `cdk-lifecycle.deployed.json` from the root of a snapshot folder and checks it against
 * its schema; a folder without the file is a plain cloud assembly.
 */
import * as path from 'node:path';
import type Ajv from 'ajv';
import type { ErrorObject } from 'ajv';
import { AssemblyFolder } from '../../assembly/assembly-folder';
import { valueOfBytes } from '../../change-set/input/read-template';
import { TemplateReadError } from '../../change-set/input/template-read-error';
import { CliError } from '../cli-error';
import { DEPLOYED_STATE_FILE, DeployedState } from './deployed-state';
import { DEPLOYED_STATE_SCHEMA } from './deployed-state-schema';

let validator: ReturnType<Ajv['compile']> | undefined;

/**
 * The deployed state of a snapshot folder, or undefined when the folder has none.
 *
 * @param directory the assembly folder
 * @param shown the folder as the user gave it
 * @throws CliError for a file outside the folder (a link), past the limits, not JSON or not
 *   what the schema says
 */
export function readDeployedState(directory: string, shown: string): DeployedState | undefined {
  let value: unknown;
  try {
    const folder = AssemblyFolder.open(directory, shown);
    if (!folder.exists(folder.top, DEPLOYED_STATE_FILE)) return undefined;
    const file = folder.resolve(folder.top, DEPLOYED_STATE_FILE, undefined);
    value = valueOfBytes(folder.read(file), file.real, file.shown).value;
  } catch (error) {
    if (!(error instanceof TemplateReadError)) throw error;
    throw new CliError(error.message, error.hint ?? 'write the snapshot again with `cdk-lifecycle snapshot <cdk.out> --out <dir>`');
  }
  return checkDeployedState(value, path.join(shown, DEPLOYED_STATE_FILE));
}

/**
 * The value, checked against the schema.
 *
 * @param where the file, for messages
 * @throws CliError listing what does not match
 */
export function checkDeployedState(value: unknown, where: string): DeployedState {
  // ajv (~60 modules) is loaded when a snapshot of the deployed state is read, not at start.
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  validator ??= new (require('ajv') as typeof import('ajv')).default({ allErrors: true, strict: true }).compile(DEPLOYED_STATE_SCHEMA);
  if (validator(value)) return value as unknown as DeployedState;
  const problems = [...new Set((validator.errors ?? []).filter((error) => error.keyword !== 'oneOf').map(describe))];
  throw new CliError(
    `${where} is not a deployed state cdk-lifecycle can read: ${problems.join('; ')}`,
    'it is written by `cdk-lifecycle snapshot <cdk.out> --out <dir>`; its schema is schemas/deployed-state.schema.json',
  );
}

function describe(error: ErrorObject): string {
  const at = error.instancePath === '' ? 'the file' : error.instancePath.slice(1).split('/').map((part) => part.replace(/~1/g, '/').replace(/~0/g, '~')).join('.');
  switch (error.keyword) {
    case 'additionalProperties': return `${at} has an unknown key "${(error.params as { additionalProperty: string }).additionalProperty}"`;
    case 'required': return `${at} has no "${(error.params as { missingProperty: string }).missingProperty}"`;
    case 'const': return `${at} must be ${JSON.stringify((error.params as { allowedValue: unknown }).allowedValue)}`;
    default: return `${at} ${error.message ?? 'is not valid'}`;
  }
}
