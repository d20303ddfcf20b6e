/**
 * Reads a review rules file (YAML or JSON: YAML reads both), checks it against the rules
 * schema and says, for anything wrong, the line and what was expected. Read within the same
 * limits as templates (`read-limits.ts`): at most 100 YAML aliases, their expansion bounded,
 * values nested at most 64 levels; the file's size and encoding are checked by whoever reads
 * its bytes (the CLI's `readRulesFile`).
 */
import Ajv, { ErrorObject } from 'ajv';
import { isMap, isScalar, LineCounter, parseDocument } from 'yaml';
import type { ReviewLevel } from './review-model';
import type { ReviewRule, RuleMatch } from './review-rules';
import { RULES_SCHEMA } from './rules-schema';
import { yamlLimitProblem } from '../change-set/input/yaml-limits';

/** A rules file that cannot be used: each problem with its line. */
export class RulesFileError extends Error {
  constructor(public readonly file: string, public readonly problems: readonly string[]) {
    super(`${file} is not a valid rules file:\n${problems.map((problem) => `  ${problem}`).join('\n')}`);
    this.name = 'RulesFileError';
  }
}

let validator: ReturnType<Ajv['compile']> | undefined;

/**
 * The rules of a file's text.
 *
 * @param shown the file as the user gave it, for messages
 * @throws RulesFileError for YAML/JSON syntax errors, YAML past the reading limits (an alias
 *   bomb, too deep), schema violations and repeated rule ids
 */
export function parseRules(text: string, shown: string): ReviewRule[] {
  const lineCounter = new LineCounter();
  // Every value of a rules file is text: the failsafe schema keeps `True` (a Replacement) and
  // `Yes`/`On` from turning into booleans.
  const document = parseDocument(text, { lineCounter, prettyErrors: false, uniqueKeys: true, schema: 'failsafe' });
  const lineOf = (offset: number | undefined) => (offset === undefined ? 1 : lineCounter.linePos(offset).line);
  if (document.errors.length > 0) {
    throw new RulesFileError(shown, document.errors.map((error) => `line ${lineOf(error.pos[0])}: ${error.message.split('\n')[0]}`));
  }
  const limit = yamlLimitProblem(document, lineCounter);
  if (limit !== undefined) throw new RulesFileError(shown, [`line ${limit.line}: ${limit.message}`]);
  let value: unknown;
  try {
    value = document.toJS({ maxAliasCount: -1 });
  } catch (error) {
    // An alias without an anchor before it (the aliases are bounded above, as in templates).
    throw new RulesFileError(shown, [`line 1: ${(error as Error).message.split('\n')[0]}`]);
  }
  validator ??= new Ajv({ allErrors: true, strict: true, allowUnionTypes: true }).compile(RULES_SCHEMA);
  if (!validator(value)) {
    const problems = deduplicate(validator.errors ?? []).map((error) => {
      const path = error.instancePath.split('/').slice(1).map((segment) => (/^\d+$/.test(segment) ? Number(segment) : segment.replace(/~1/g, '/').replace(/~0/g, '~')));
      const key = error.keyword === 'additionalProperties' ? String((error.params as { additionalProperty: string }).additionalProperty) : undefined;
      return { line: lineOf(offsetOf(document, path, key)), text: describe(error, path, key) };
    });
    throw new RulesFileError(shown, problems.sort((a, b) => a.line - b.line).map((problem) => `line ${problem.line}: ${problem.text}`));
  }
  const rules = (value as { rules: Array<{ id: string; level: ReviewLevel; message: string; match?: Record<string, string | string[]> }> }).rules;
  const seen = new Map<string, number>();
  const repeated: string[] = [];
  rules.forEach((rule, index) => {
    if (seen.has(rule.id)) repeated.push(`line ${lineOf(offsetOf(document, ['rules', index, 'id']))}: rule id "${rule.id}" is used by rule ${seen.get(rule.id)! + 1} already; ids must be unique`);
    seen.set(rule.id, index);
  });
  if (repeated.length > 0) throw new RulesFileError(shown, repeated);
  return rules.map((rule) => ({ id: rule.id, level: rule.level, message: rule.message, match: listed(rule.match ?? {}) }));
}

function listed(match: Record<string, string | string[]>): RuleMatch {
  return Object.fromEntries(Object.entries(match).map(([key, value]) => [key, Array.isArray(value) ? value : [value]])) as RuleMatch;
}

/** Where a path points in the document (the key itself for an unexpected key). */
function offsetOf(document: ReturnType<typeof parseDocument>, path: ReadonlyArray<string | number>, key?: string): number | undefined {
  const node = path.length === 0 ? document.contents : document.getIn(path, true);
  if (key !== undefined && isMap(node)) {
    const pair = node.items.find((item) => isScalar(item.key) && item.key.value === key);
    if (pair !== undefined && isScalar(pair.key)) return pair.key.range?.[0];
  }
  return (node as { range?: [number, number, number] } | null | undefined)?.range?.[0];
}

/** One line per problem: with `oneOf`, the alternatives' own errors say the same thing again. */
function deduplicate(errors: readonly ErrorObject[]): ErrorObject[] {
  const oneOfPaths = new Set(errors.filter((error) => error.keyword === 'oneOf').map((error) => error.instancePath));
  return errors.filter((error) => error.keyword === 'oneOf' || ![...oneOfPaths].some((path) => error.instancePath.startsWith(path)));
}

function describe(error: ErrorObject, path: ReadonlyArray<string | number>, key: string | undefined): string {
  const where = path.length === 0 ? 'the file' : path.map((segment) => (typeof segment === 'number' ? `[${segment}]` : `.${segment}`)).join('').replace(/^\./, '');
  const params = error.params as Record<string, unknown>;
  switch (error.keyword) {
    case 'additionalProperties': return `${where} has an unknown key "${key}"; expected one of ${allowedKeys(path)}`;
    case 'required': return `${where} has no "${String(params.missingProperty)}"; it is required`;
    case 'enum': return `${where} must be one of ${(params.allowedValues as string[]).join(', ')}`;
    case 'oneOf': return `${where} must be ${enumOf(path) ?? 'a string'} or a list of them`;
    case 'type': return `${where} must be ${params.type === 'array' ? 'a list' : params.type === 'object' ? 'a mapping (key: value)' : `a ${String(params.type)}`}`;
    case 'pattern': return `${where} must be letters, digits, ".", "_" or "-", starting with a letter or digit`;
    default: return `${where} ${error.message ?? 'is not valid'}`;
  }
}

function allowedKeys(path: ReadonlyArray<string | number>): string {
  const matchKeys = Object.keys(RULES_SCHEMA.properties.rules.items.properties.match.properties);
  const ruleKeys = Object.keys(RULES_SCHEMA.properties.rules.items.properties);
  const keys = path[path.length - 1] === 'match' ? matchKeys : path.length === 2 ? ruleKeys : Object.keys(RULES_SCHEMA.properties);
  return keys.join(', ');
}

function enumOf(path: ReadonlyArray<string | number>): string | undefined {
  const field = path[3];
  type Field = { oneOf: Array<{ enum?: readonly string[] }> };
  const properties = RULES_SCHEMA.properties.rules.items.properties.match.properties as unknown as Record<string, Field>;
  const values = typeof field === 'string' ? properties[field]?.oneOf[0].enum : undefined;
  return values === undefined ? undefined : `one of ${values.join(', ')}`;
}
