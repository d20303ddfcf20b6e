/**
 * The README's sample outputs, made by running the commands they show on the example app:
 *   ts-node build-tools/readme-samples.ts          (npm run docs:samples) rewrites them
 * Each sample is the fenced block after a `<!-- sample: <id> -->` line; test/readme-samples.test.ts
 * runs the same commands and fails when a block differs from what the command prints.
 */
import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { main } from '../src/cli/main';

export const ROOT = path.join(__dirname, '..');
const CDK = path.join(ROOT, 'node_modules', '.bin', 'cdk');

/** The example app's variants, as the example tasks synthesize them: folder name → `-c` context. */
export const VARIANTS: Readonly<Record<string, readonly string[]>> = {
  'cdk.out.before': [],
  'cdk.out.after': ['-c', 'newKey=true'],
  'cdk.out.exports': ['-c', 'newQueueName=true'],
  'cdk.out.renamed': ['-c', 'renameTable=true'],
};

/** One sample: the command (run in the folder of the variants) and what of it the README shows. */
export interface ReadmeSample {
  readonly id: string;
  readonly argv: readonly string[];
  /** The file the command writes whose text is the sample, instead of its standard output. */
  readonly file?: string;
}

export const SAMPLES: readonly ReadmeSample[] = [
  { id: 'diff', argv: ['diff', 'cdk.out.before', 'cdk.out.after', '--fail-on', 'none'] },
  { id: 'exports', argv: ['diff', 'cdk.out.before', 'cdk.out.exports', '--fail-on', 'none'] },
  { id: 'refactor', argv: ['diff', 'cdk.out.before', 'cdk.out.renamed', '--refactor-plan', 'refactor-plan.json', '--fail-on', 'none'] },
  { id: 'markdown', argv: ['diff', 'cdk.out.before', 'cdk.out.after', '--rules', path.join(ROOT, 'docs', 'review-rules', 'protect-data.yaml'), '--markdown', 'review.md', '--fail-on', 'none'], file: 'review.md' },
];

/** Synthesizes the example app's variants into a new folder with the real cdk CLI; returns the folder. */
export function synthesizeVariants(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'cdk-lifecycle-readme-'));
  for (const [folder, context] of Object.entries(VARIANTS)) {
    const result = spawnSync(CDK, ['synth', '--no-notices', '--quiet', '--app', 'npx ts-node --transpile-only app.ts', ...context, '--output', path.join(dir, folder)], {
      cwd: path.join(ROOT, 'examples'),
      encoding: 'utf8',
      timeout: 180_000,
      env: { ...process.env, CDK_DISABLE_CLI_TELEMETRY: 'true', CDK_DISABLE_VERSION_CHECK: '1', CI: 'true' },
    });
    if (result.status !== 0) throw new Error(`cdk synth ${context.join(' ')} failed:\n${result.stderr}`);
  }
  return dir;
}

/** What each sample's command prints (or writes), run in `dir`. */
export async function runSamples(dir: string): Promise<Map<string, string>> {
  const outputs = new Map<string, string>();
  for (const sample of SAMPLES) {
    let stdout = '';
    await main(sample.argv, { stdout: (text) => { stdout += text; }, stderr: () => {}, isTTY: false, stderrIsTTY: false, env: {}, cwd: dir });
    outputs.set(sample.id, (sample.file === undefined ? stdout : fs.readFileSync(path.join(dir, sample.file), 'utf8')).trimEnd());
  }
  return outputs;
}

const MARKER = /<!-- sample: ([a-z-]+) -->\n(```[a-z]*\n)([\s\S]*?)\n```/g;

/** The README's samples, by id. */
export function readmeSamples(readme: string): Map<string, string> {
  return new Map([...readme.matchAll(MARKER)].map((match) => [match[1], match[3]]));
}

/** The README with each sample block replaced by its output. */
export function withSamples(readme: string, outputs: ReadonlyMap<string, string>): string {
  return readme.replace(MARKER, (whole, id: string, fence: string) => {
    const output = outputs.get(id);
    return output === undefined ? whole : `<!-- sample: ${id} -->\n${fence}${output}\n\`\`\``;
  });
}

if (require.main === module) {
  void (async () => {
    const file = path.join(ROOT, 'README.md');
    const outputs = await runSamples(synthesizeVariants());
    fs.writeFileSync(file, withSamples(fs.readFileSync(file, 'utf8'), outputs));
    console.log(`README.md: ${outputs.size} samples written (${[...outputs.keys()].join(', ')})`);
  })();
}
