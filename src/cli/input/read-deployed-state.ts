/**
 * Reads `cdk-lifecycle.deployed.json` from the root of a snapshot folder and checks it against
 * its schema; a folder without the file is a plain cloud assembly.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import Ajv, { ErrorObject } from 'ajv';
import { CliError } from '../cli-error';
import { DEPLOYED_STATE_FILE, DeployedState } from './deployed-state';
import { DEPLOYED_STATE_SCHEMA } from './deployed-state-schema';

let validator: ReturnType<Ajv['compile']> | undefined;

/**
 * The deployed state of a snapshot folder, or undefined when the folder has none.
 *
 * @param directory the assembly folder
 * @param shown the folder as the user gave it
 * @throws CliError for a file that is not JSON or not what the schema says
 */
export function readDeployedState(directory: string, shown: string): DeployedState | undefined {
  const file = path.join(directory, DEPLOYED_STATE_FILE);
  if (!fs.existsSync(file)) return undefined;
  const where = path.join(shown, DEPLOYED_STATE_FILE);
  let value: unknown;
  try {
    value = JSON.parse(fs.readFileSync(file, 'utf8'));
  } catch (error) {
    throw new CliError(`cannot read ${where}: ${(error as Error).message}`, 'write the snapshot again with `cdk-lifecycle snapshot <cdk.out> --out <dir>`');
  }
  return checkDeployedState(value, where);
}

/**
 * The value, checked against the schema.
 *
 * @param where the file, for messages
 * @throws CliError listing what does not match
 */
export function checkDeployedState(value: unknown, where: string): DeployedState {
  validator ??= new Ajv({ allErrors: true, strict: true }).compile(DEPLOYED_STATE_SCHEMA);
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
