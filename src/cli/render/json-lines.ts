/**
 * A JSON object shown for people: one top-level key per line, each value on one line, so a
 * request or a response reads like a table but can still be copied as JSON.
 */

/** The lines of `value`, each starting with `indent`. */
export function jsonLines(value: Readonly<Record<string, unknown>>, indent: string): string[] {
  const entries = Object.entries(value);
  if (entries.length === 0) return [`${indent}{}`];
  return [
    `${indent}{`,
    ...entries.map(([key, item], index) => `${indent}  ${JSON.stringify(key)}: ${JSON.stringify(item) ?? 'null'}${index === entries.length - 1 ? '' : ','}`),
    `${indent}}`,
  ];
}
