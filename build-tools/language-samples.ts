/**
 * The code samples of README.md and docs/languages.md are the languages apps' source
 * (test/languages/<language>/...), so every sample is compiled and synthesized by the
 * language tests:
 *   ts-node build-tools/language-samples.ts          (npm run docs:languages) rewrites them
 * A sample is the fenced block after a `<!-- code: <file>[#<sample>] -->` line. Without
 * `#<sample>` it is the whole file; with it, the lines between `# sample: <names>` (or
 * `// sample: <names>`) and `# end sample` whose names include it, each part dedented, parts
 * joined by a blank line. Marker lines never appear in a sample. test/readme.test.ts fails
 * when a block differs from its source, or when a block in another language has no marker.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';

export const ROOT = path.join(__dirname, '..');

/** The documents whose code blocks come from the apps. */
export const DOCUMENTS: readonly string[] = ['README.md', 'docs/languages.md'];

const OPEN = /^\s*(?:#|\/\/)\s*sample:\s*(.+?)\s*$/;
const CLOSE = /^\s*(?:#|\/\/)\s*end sample\s*$/;
const MARKED_BLOCK = /<!-- code: ([^#\s]+)(?:#([\w-]+))? -->\n```(\w+)\n([\s\S]*?)```/g;

/** One marked block of a document. */
export interface CodeSample {
  readonly file: string;
  readonly sample?: string;
  readonly language: string;
  readonly code: string;
}

/** The marked blocks of a document, in order. */
export function codeSamples(markdown: string): CodeSample[] {
  return [...markdown.matchAll(MARKED_BLOCK)].map((m) => ({ file: m[1], sample: m[2], language: m[3], code: m[4] }));
}

/** The fenced blocks of `language` that no `<!-- code: ... -->` line precedes. */
export function unmarkedBlocks(markdown: string, language: string): string[] {
  const blocks = [...markdown.matchAll(new RegExp('(<!-- code: [^>]+ -->\\n)?```' + language + '\\n([\\s\\S]*?)```', 'g'))];
  return blocks.filter((m) => m[1] === undefined).map((m) => m[2]);
}

function dedent(lines: readonly string[]): string[] {
  const indent = Math.min(...lines.filter((line) => line.trim() !== '').map((line) => /^ */.exec(line)![0].length));
  return lines.map((line) => line.slice(Number.isFinite(indent) ? indent : 0));
}

/** The text of a sample of a source file (the whole file without marker lines when no sample is named). */
export function sampleOf(source: string, sample?: string): string {
  const lines = source.split('\n');
  if (sample === undefined) return lines.filter((line) => !OPEN.test(line) && !CLOSE.test(line)).join('\n').trimEnd() + '\n';
  const parts: string[][] = [];
  let open: string[] | undefined;
  let current: string[] = [];
  // Parts with only marker lines between them in the file read as one (an import block).
  let lastEnd = -2;
  let lastPartEnd = -3;
  let joined = false;
  lines.forEach((line, index) => {
    const opened = OPEN.exec(line);
    if (opened) {
      if (open !== undefined) throw new Error(`a sample is opened inside another one: ${line.trim()}`);
      open = opened[1].split(/\s+/);
      joined = index === lastEnd + 1;
      current = [];
    } else if (CLOSE.test(line)) {
      if (open === undefined) throw new Error('"end sample" without a "sample:" line');
      if (open.includes(sample)) {
        if (joined && parts.length > 0 && lastEnd === lastPartEnd) parts[parts.length - 1].push(...dedent(current));
        else parts.push(dedent(current));
        lastPartEnd = index;
      }
      lastEnd = index;
      open = undefined;
    } else if (open !== undefined) {
      current.push(line);
    }
  });
  if (open !== undefined) throw new Error(`sample ${open.join(' ')} is not closed`);
  if (parts.length === 0) throw new Error(`no sample "${sample}"`);
  return parts.map((part) => part.join('\n').trimEnd()).join('\n\n') + '\n';
}

/** The sample a marked block should show, read from its file. */
export function expectedCode(block: Pick<CodeSample, 'file' | 'sample'>): string {
  return sampleOf(fs.readFileSync(path.join(ROOT, block.file), 'utf8'), block.sample);
}

/** The document with every marked block replaced by its source. */
export function withCodeSamples(markdown: string): string {
  return markdown.replace(MARKED_BLOCK, (_all, file: string, sample: string | undefined, language: string) =>
    `<!-- code: ${file}${sample === undefined ? '' : `#${sample}`} -->\n\`\`\`${language}\n${expectedCode({ file, sample })}\`\`\``);
}

if (require.main === module) {
  for (const document of DOCUMENTS) {
    const file = path.join(ROOT, document);
    const before = fs.readFileSync(file, 'utf8');
    const after = withCodeSamples(before);
    if (after !== before) fs.writeFileSync(file, after);
    console.log(`${document}: ${codeSamples(after).length} code samples${after === before ? '' : ' (rewritten)'}`);
  }
}
