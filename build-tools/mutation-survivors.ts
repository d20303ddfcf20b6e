/**
 * Writes docs/mutation-survivors-change-set.md from StrykerJS JSON reports (the ones
 * build-tools/mutation-by-file.sh keeps under reports/mutation/by-file/): the score of each
 * file and of the whole, and every mutant that survived or had no covering test, with the
 * line it changes. A file found in several reports is taken from the newest one.
 *
 * Usage: npx ts-node -P tsconfig.dev.json build-tools/mutation-survivors.ts DATE REPORT.json...
 */
import * as fs from 'node:fs';
import * as path from 'node:path';

interface Mutant {
  readonly mutatorName: string;
  readonly replacement?: string;
  readonly status: string;
  readonly location: { readonly start: { readonly line: number; readonly column: number } };
}
interface FileReport {
  readonly source: string;
  readonly mutants: readonly Mutant[];
}

const DETECTED = new Set(['Killed', 'Timeout']);
const INVALID = new Set(['CompileError', 'RuntimeError', 'Ignored']);
const UNDETECTED = new Set(['Survived', 'NoCoverage']);

const [date, ...reports] = process.argv.slice(2);
if (!date || reports.length === 0) {
  console.error('usage: mutation-survivors.ts DATE REPORT.json...');
  process.exit(2);
}

const files = new Map<string, { report: FileReport; time: number }>();
for (const report of reports) {
  const time = fs.statSync(report).mtimeMs;
  const parsed = JSON.parse(fs.readFileSync(report, 'utf8')) as { files: Record<string, FileReport> };
  for (const [file, content] of Object.entries(parsed.files)) {
    const known = files.get(file);
    if (known === undefined || known.time < time) files.set(file, { report: content, time });
  }
}

const cell = (text: string) => text.replace(/\|/g, '\\|').replace(/`/g, "'");
const score = (detected: number, valid: number) => (valid === 0 ? 'n/a' : `${((100 * detected) / valid).toFixed(1)} %`);
const rows: string[] = [];
const sections: string[] = [];
let allDetected = 0;
let allValid = 0;
let allUndetected = 0;
for (const file of [...files.keys()].sort()) {
  const { report } = files.get(file)!;
  const valid = report.mutants.filter((mutant) => !INVALID.has(mutant.status));
  const count = (status: string) => valid.filter((mutant) => mutant.status === status).length;
  const detected = valid.filter((mutant) => DETECTED.has(mutant.status)).length;
  allDetected += detected;
  allValid += valid.length;
  rows.push(`| ${file.replace(/^src\/change-set\//, '')} | ${score(detected, valid.length)} | ${count('Killed')} | ${count('Timeout')} | ${count('Survived')} | ${count('NoCoverage')} |`);
  const undetected = valid.filter((mutant) => UNDETECTED.has(mutant.status))
    .sort((a, b) => a.location.start.line - b.location.start.line || a.location.start.column - b.location.start.column);
  allUndetected += undetected.length;
  if (undetected.length === 0) continue;
  const lines = report.source.split('\n');
  sections.push(`## ${file} (${undetected.length})`, '', '| line | mutator | replaced by | status | code |', '|---:|---|---|---|---|');
  for (const mutant of undetected) {
    const line = mutant.location.start.line;
    const code = lines[line - 1].trim().slice(0, 90);
    const replacement = (mutant.replacement ?? '').replace(/\s+/g, ' ').slice(0, 60);
    sections.push(`| ${line} | ${mutant.mutatorName} | \`${cell(replacement)}\` | ${mutant.status === 'Survived' ? 'survived' : 'no coverage'} | \`${cell(code)}\` |`);
  }
  sections.push('');
}
rows.push(`| **all of src/change-set** | **${score(allDetected, allValid)}** | | | | |`);

const out = [
  `<!-- Generated from the StrykerJS reports of ${date} by build-tools/mutation-survivors.ts; do not edit by hand. -->`,
  '# Surviving mutants of src/change-set',
  '',
  `Each file's score (killed and timed-out mutants over valid ones) in the run measured in \`docs/change-set-prediction.md\` ("Mutation testing"), and each of the ${allUndetected} mutants that survived or had no covering test, with the line it changes. The kinds they fall into are described there.`,
  '',
  '| file | score | killed | timeout | survived | no coverage |',
  '|---|---:|---:|---:|---:|---:|',
  ...rows,
  '',
  ...sections,
].join('\n');
fs.writeFileSync(path.join(__dirname, '..', 'docs', 'mutation-survivors-change-set.md'), out);
console.log(`${files.size} files, ${allDetected}/${allValid} detected (${score(allDetected, allValid)}), ${allUndetected} undetected`);
