/**
 * Writes what was read as a snapshot folder: a cloud assembly that `diff` reads like any other
 * (`manifest.json` with one `aws:cloudformation:stack` artifact per deployed stack, each
 * template as `<artifact id>.template.json`), and `cdk-lifecycle.deployed.json` with the
 * stacks' statuses and parameter values and the exports. A stack with nothing to update (not
 * deployed, or a failed creation) has no artifact: `diff` compares it as a new stack.
 *
 * Nested stacks' templates are written where the assembly reader looks for them: at the file
 * the nested stack resource's `aws:asset:path` metadata names (the cdk CLI deploys templates
 * with it), else under a name of their own that an asset manifest (`snapshot.assets.json`)
 * publishes under the resource's `TemplateURL`. The deployed templates are written as they
 * were read: nothing is added to them, so the comparison sees what CloudFormation has.
 *
 * `writeSnapshot` writes into a new folder next to `--out` and moves it into place once it is
 * complete: nothing is written on error, and an earlier snapshot is replaced whole.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import { SnapshotRead, StackRead } from './snapshot-read';
import { CliError } from '../cli-error';
import { DEPLOYED_STATE_FILE, DeployedExport, DeployedStack, DeployedState } from '../input/deployed-state';
import { isPlainObject, Template, Warnings } from '../input/read-template';

const ASSETS_FILE = 'snapshot.assets.json';
const ASSETS_ARTIFACT = 'cdk-lifecycle.snapshot.assets';

/**
 * Checks that `out` can take a snapshot: a new or empty folder, or an earlier snapshot.
 *
 * @throws CliError for a file, or a folder with other content
 */
export function checkSnapshotTarget(out: string, shown: string): void {
  let stat: fs.Stats | undefined;
  try {
    stat = fs.statSync(out);
  } catch {
    return;
  }
  if (!stat.isDirectory()) throw new CliError(`--out ${shown} is a file: the snapshot is a folder`, 'name a new or empty folder, or an earlier snapshot to replace');
  const entries = fs.readdirSync(out);
  if (entries.length > 0 && !entries.includes(DEPLOYED_STATE_FILE)) {
    throw new CliError(`--out ${shown} is a folder that holds other files (${entries.slice(0, 3).join(', ')}${entries.length > 3 ? ', ...' : ''}) and no snapshot: it is not replaced`, 'name a new or empty folder, or an earlier snapshot to replace');
  }
}

/**
 * Writes the snapshot to `out`, replacing an earlier one.
 *
 * @throws CliError when `out` is not a place for a snapshot, or a nested template cannot be placed
 */
export function writeSnapshot(read: SnapshotRead, out: string, shown: string, warnings: Warnings): void {
  checkSnapshotTarget(out, shown);
  const parent = path.dirname(out);
  fs.mkdirSync(parent, { recursive: true });
  const staging = fs.mkdtempSync(path.join(parent, `.${path.basename(out)}.writing-`));
  let old: string | undefined;
  try {
    writeSnapshotInto(read, staging, warnings);
    if (fs.existsSync(out)) {
      old = `${staging}.old`;
      fs.renameSync(out, old);
    }
    fs.renameSync(staging, out);
  } catch (error) {
    fs.rmSync(staging, { recursive: true, force: true });
    if (old !== undefined && !fs.existsSync(out)) fs.renameSync(old, out);
    throw error;
  }
  if (old !== undefined) fs.rmSync(old, { recursive: true, force: true });
}

/**
 * Writes the snapshot's files into an existing empty folder.
 *
 * @throws CliError for a nested template that cannot be placed in the folder
 */
export function writeSnapshotInto(read: SnapshotRead, directory: string, warnings: Warnings): void {
  const files = new SnapshotFiles(directory, warnings);
  const artifacts: Record<string, unknown> = {};
  const assets: Record<string, unknown> = {};
  const stacks: Record<string, DeployedStack> = {};
  const taken = new Set<string>();
  const published: Published = new Map();
  for (const stack of read.stacks) {
    stacks[stack.stack.name] = stack.deployed;
    if (stack.template === undefined) continue;
    let artifactId = stack.stack.artifactId;
    for (let n = 2; taken.has(artifactId); n++) artifactId = `${stack.stack.artifactId}.${n}`;
    taken.add(artifactId);
    const templateFile = `${artifactId}.template.json`;
    files.reserve(templateFile);
    files.write(templateFile, stack.template);
    writeNested(stack, artifactId, files, assets, published, warnings);
    artifacts[artifactId] = {
      type: 'aws:cloudformation:stack',
      environment: `aws://${stack.environment.account}/${stack.environment.region}`,
      properties: { templateFile, stackName: stack.stackName },
      displayName: stack.stack.displayName,
    };
  }
  if (Object.keys(assets).length > 0) {
    files.write(ASSETS_FILE, { version: read.manifestVersion, files: assets });
    artifacts[ASSETS_ARTIFACT] = { type: 'cdk:asset-manifest', properties: { file: ASSETS_FILE } };
  }
  files.write('manifest.json', { version: read.manifestVersion, artifacts });
  const state: DeployedState = { version: 1, takenAt: read.takenAt, stacks, exports: read.exports.map(ordered) };
  files.write(DEPLOYED_STATE_FILE, state);
}

/** The keys in the order the file documents them. */
function ordered(entry: DeployedExport): DeployedExport {
  return {
    name: entry.name,
    value: entry.value,
    exportingStackName: entry.exportingStackName,
    exportingStackId: entry.exportingStackId,
    importers: entry.importers,
    ...(entry.account === undefined ? {} : { account: entry.account }),
    ...(entry.region === undefined ? {} : { region: entry.region }),
  };
}

/** The nested templates published in the asset manifest, by object key. */
type Published = Map<string, { readonly file: string; readonly text: string }>;

function writeNested(
  stack: StackRead, artifactId: string, files: SnapshotFiles, assets: Record<string, unknown>, publishedUnder: Published, warnings: Warnings,
): void {
  // Sorted: which file wins when two nested stacks name the same one must not depend on the order the reads ended in.
  for (const [nestedPath, nested] of [...stack.nested].sort(([a], [b]) => (a < b ? -1 : 1))) {
    const slash = nestedPath.lastIndexOf('/');
    const parent = slash === -1 ? stack.template : stack.nested.get(nestedPath.slice(0, slash))?.template;
    const resource = parent?.Resources[nestedPath.slice(slash + 1)];
    if (!isPlainObject(resource)) continue;
    const assetPath = isPlainObject(resource.Metadata) ? resource.Metadata['aws:asset:path'] : undefined;
    if (typeof assetPath === 'string') {
      files.writeShared(files.inside(assetPath, `nested stack ${nestedPath} of stack ${stack.stackName}`), nested.template);
      continue;
    }
    const templateUrl = isPlainObject(resource.Properties) ? resource.Properties.TemplateURL : undefined;
    // Without a TemplateURL the reader could not find the file: the engine compares the stack resource alone, as for any assembly.
    if (templateUrl === undefined) continue;
    // The reader finds a nested template by an object key that appears in the resource's TemplateURL: the whole URL is one.
    const objectKey = JSON.stringify(templateUrl);
    const earlier = publishedUnder.get(objectKey);
    if (earlier !== undefined) {
      if (earlier.text !== JSON.stringify(nested.template)) {
        warnings.push(`two deployed nested stacks have the same TemplateURL, ${objectKey}, with different templates: the snapshot keeps ${earlier.file}, and both read it`);
      }
      continue;
    }
    const file = `${artifactId}.${nestedPath.split('/').join('.')}.nested.template.json`;
    files.reserve(file);
    files.write(file, nested.template);
    publishedUnder.set(objectKey, { file, text: JSON.stringify(nested.template) });
    assets[file] = { source: { path: file, packaging: 'file' }, destinations: { snapshot: { bucketName: 'cdk-lifecycle-snapshot', objectKey } } };
  }
}

/** The files of one snapshot: each written once, inside the folder. */
class SnapshotFiles {
  private readonly written = new Map<string, string>();

  public constructor(private readonly directory: string, private readonly warnings: Warnings) {}

  /** A name no other file of the snapshot may take. */
  public reserve(file: string): void {
    this.written.set(file, '');
  }

  /**
   * The relative path, checked to stay inside the folder.
   *
   * @throws CliError for an absolute path or one that leaves the folder
   */
  public inside(file: string, what: string): string {
    const normal = path.posix.normalize(file.replace(/\\/g, '/'));
    if (path.posix.isAbsolute(normal) || normal === '..' || normal.startsWith('../') || normal === '.' || ['manifest.json', DEPLOYED_STATE_FILE, ASSETS_FILE].includes(normal)) {
      throw new CliError(`cannot write the template of ${what}: its aws:asset:path metadata, "${file}", is not a file inside the snapshot folder`, 'the metadata comes from the deployed template; deploy it again from cdk synth output');
    }
    return normal;
  }

  /** Writes a file that only this call writes. */
  public write(file: string, content: unknown): void {
    const text = `${JSON.stringify(content, undefined, 1)}\n`;
    this.written.set(file, text);
    fs.mkdirSync(path.dirname(path.join(this.directory, file)), { recursive: true });
    fs.writeFileSync(path.join(this.directory, file), text);
  }

  /** Writes a file that several nested stacks may name; the first wins, and a different template for the same file is a warning. */
  public writeShared(file: string, template: Template): void {
    const text = `${JSON.stringify(template, undefined, 1)}\n`;
    const earlier = this.written.get(file);
    if (earlier === undefined) {
      this.write(file, template);
    } else if (earlier !== text) {
      this.warnings.push(`two deployed nested stacks name the same template file, ${file}, with different templates: the snapshot keeps the first`);
    }
  }
}
