/**
 * Hostile inputs made in a temporary folder: a cloud assembly whose manifest, templates and
 * asset manifests the test writes, symbolic links, and a sentinel folder beside it that
 * nothing may read.
 */
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { run, RunResult } from '../cli/helpers';

// The module object itself (an `import *` binding cannot be spied on): the readers' calls go through it.
// eslint-disable-next-line @typescript-eslint/no-require-imports
const nodeFs: typeof fs = require('node:fs');

/** A file's content, or a symbolic link to a target (relative to the link's folder, or absolute). */
export type Entry = string | Buffer | { readonly symlink: string };

/** The text of the sentinel file: it must never appear in any output. */
export const SENTINEL = 'SENTINEL-7f3a-never-read';

/** A template as JSON text: a topic per logical id. */
export function topics(...logicalIds: string[]): string {
  return JSON.stringify({ Resources: Object.fromEntries(logicalIds.map((id) => [id, { Type: 'AWS::SNS::Topic' }])) });
}

/** A manifest with these artifacts. */
export function manifest(artifacts: Record<string, unknown>): string {
  return JSON.stringify({ version: '48.0.0', artifacts });
}

/** A stack artifact whose template is `templateFile`. */
export function stackArtifact(templateFile: string, extra: Record<string, unknown> = {}): Record<string, unknown> {
  return { type: 'aws:cloudformation:stack', environment: 'aws://unknown-account/unknown-region', properties: { templateFile, ...extra } };
}

/**
 * A temporary workspace: `outside/` holds sentinel files (a text file, a valid template that
 * names the sentinel) and folders made by `folder` sit beside it.
 */
export class Workspace {
  public readonly root = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), 'hostile-')));
  public readonly outside = path.join(this.root, 'outside');

  public constructor() {
    this.write(this.outside, {
      'secret.txt': `${SENTINEL}: a private file\n`,
      'template.json': topics(SENTINEL),
      'manifest.json': manifest({ [SENTINEL]: stackArtifact('template.json') }),
    });
  }

  /** Writes the entries into a new folder `name` and returns its path. */
  public folder(name: string, entries: Record<string, Entry>): string {
    const dir = path.join(this.root, name);
    this.write(dir, entries);
    return dir;
  }

  /** Whether a path is in the sentinel folder. */
  public isOutside(file: unknown): boolean {
    return typeof file === 'string' && path.resolve(file).startsWith(this.outside);
  }

  public remove(): void {
    fs.rmSync(this.root, { recursive: true, force: true });
  }

  private write(dir: string, entries: Record<string, Entry>): void {
    for (const [name, entry] of Object.entries(entries)) {
      const file = path.join(dir, name);
      fs.mkdirSync(path.dirname(file), { recursive: true });
      if (typeof entry === 'object' && !Buffer.isBuffer(entry)) fs.symlinkSync(entry.symlink, file);
      else fs.writeFileSync(file, entry);
    }
  }
}

/** What a run printed and returned, and every path it opened or read. */
export type RecordedRun = RunResult & { readonly opened: readonly string[] };

/** Runs `cdk-lifecycle <argv>` in-process in `cwd`, recording every file the process opens or reads whole. */
export async function runRecordingOpens(argv: readonly string[], cwd: string): Promise<RecordedRun> {
  const opened: string[] = [];
  const record = (name: 'openSync' | 'readFileSync') => {
    const original = nodeFs[name] as (...args: unknown[]) => unknown;
    return jest.spyOn(nodeFs, name).mockImplementation(((file: unknown, ...rest: unknown[]) => {
      if (typeof file === 'string') opened.push(file);
      return original(file, ...rest);
    }) as never);
  };
  const spies = [record('openSync'), record('readFileSync')];
  try {
    return { ...await run(argv, { cwd }), opened };
  } finally {
    spies.forEach((spy) => spy.mockRestore());
  }
}
