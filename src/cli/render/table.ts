/** A plain text table: columns padded to their widest cell (colours do not count). */

const ANSI = /\u001b\[[0-9;]*m/g;

/** The visible width of a cell. */
function width(text: string): number {
  return [...text.replace(ANSI, '')].length;
}

/** Renders rows (the first is the header) as lines; the last column is not padded. */
export function renderTable(rows: readonly (readonly string[])[]): string[] {
  const widths: number[] = [];
  for (const row of rows) row.forEach((cell, column) => { widths[column] = Math.max(widths[column] ?? 0, width(cell)); });
  return rows.map((row) => row.map((cell, column) => (column === row.length - 1 ? cell : cell + ' '.repeat(widths[column] - width(cell)))).join('  ').trimEnd());
}
