/**
 * The `--parameters-before` / `--parameters-after` values: `Key=Value` pairs (several per
 * flag, comma separated), `Stack:Key=Value` for one stack of an assembly, or `@file` naming
 * a JSON/YAML file with `{ "Key": "Value" }` or CloudFormation's
 * `[{ "ParameterKey": ..., "ParameterValue": ... }]`.
 */
import * as path from 'node:path';
import { CliError } from '../cli-error';
import { isPlainObject, readValueFile, Warnings } from './read-template';
import { PARAMETER_FILE_LIMIT } from '../../assembly/read-file';

/** Parameter values by name. */
export type ParameterMap = { [name: string]: string };

/** Parameter values for every stack, and for single stacks. */
export interface ScopedParameters {
  readonly everyStack: ParameterMap;
  readonly byStack: ReadonlyMap<string, ParameterMap>;
}

/**
 * A comma starts a new pair only before `Name=` or `Stack:Name=`, so list values keep
 * their commas: `Subnets=a,b,Env=prod` is Subnets `a,b` and Env `prod`.
 */
const PAIR_SEPARATOR = /,(?=(?:[A-Za-z][A-Za-z0-9-]*:)?[A-Za-z0-9]+=)/;
const PAIR = /^(?:([A-Za-z][A-Za-z0-9-]*):)?([A-Za-z0-9]+)=(.*)$/s;

/**
 * Parses every value given to one parameters flag; later values win.
 *
 * @param flag the flag's name, for messages
 * @param cwd the folder `@file` paths are relative to
 * @param warnings where warnings of reading a parameter file go
 * @throws CliError for a value that is not `Key=Value`, or a file that cannot be read or holds no parameters
 */
export function parseParameters(values: readonly string[], flag: string, cwd: string, warnings?: Warnings): ScopedParameters {
  const everyStack: ParameterMap = {};
  const byStack = new Map<string, ParameterMap>();
  for (const value of values) {
    if (value.startsWith('@')) {
      Object.assign(everyStack, readParameterFile(value.slice(1), cwd, flag, warnings));
      continue;
    }
    for (const pair of value.split(PAIR_SEPARATOR)) {
      const match = PAIR.exec(pair);
      if (match === null) throw new CliError(`${flag}: expected Key=Value, Stack:Key=Value or @file, got "${pair}"`);
      const [, stack, name, text] = match;
      if (stack === undefined) {
        everyStack[name] = text;
      } else {
        byStack.set(stack, { ...byStack.get(stack), [name]: text });
      }
    }
  }
  return { everyStack, byStack };
}

/** The values that apply to one stack: those for every stack, overridden by its own. */
export function parametersFor(parameters: ScopedParameters, stackName: string | undefined): ParameterMap {
  return { ...parameters.everyStack, ...(stackName === undefined ? {} : parameters.byStack.get(stackName)) };
}

function readParameterFile(file: string, cwd: string, flag: string, warnings?: Warnings): ParameterMap {
  const full = path.resolve(cwd, file);
  const content = readValueFile(full, file, PARAMETER_FILE_LIMIT, warnings);
  const values: ParameterMap = {};
  if (Array.isArray(content)) {
    for (const entry of content) {
      if (!isPlainObject(entry) || typeof entry.ParameterKey !== 'string') {
        throw new CliError(`${flag} @${file}: expected [{ "ParameterKey": ..., "ParameterValue": ... }], found an item ${JSON.stringify(entry)}`);
      }
      const text = textOf(entry.ParameterValue);
      if (text !== undefined) values[entry.ParameterKey] = text;
    }
  } else if (isPlainObject(content)) {
    for (const [name, value] of Object.entries(content)) {
      const text = textOf(value);
      if (text === undefined) throw new CliError(`${flag} @${file}: the value of ${name} is not a string, number, boolean or list`);
      values[name] = text;
    }
  } else {
    throw new CliError(`${flag} @${file}: expected an object of parameter values or CloudFormation's [{ "ParameterKey", "ParameterValue" }] list`);
  }
  return values;
}

/** A parameter value as CloudFormation receives it: lists comma-joined. */
function textOf(value: unknown): string | undefined {
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  if (Array.isArray(value) && value.every((item) => typeof item === 'string' || typeof item === 'number')) return value.join(',');
  return undefined;
}
