/**
 * A cloud assembly folder as the one place its readers may read: every path a file of the
 * folder names (a manifest's `templateFile`, a Stage's `directoryName`, a nested stack's
 * `aws:asset:path`, an asset manifest's `source.path`, a metadata file) is resolved here and
 * refused, naming the file and the field, when it leads outside the folder, by `..`, an
 * absolute path or a symbolic link. Nothing outside is opened, so nothing outside can be
 * quoted in an error. Only regular files are read (a pipe would block the reader), each
 * within its size limit.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import { FileLimit, readFileBytes } from './read-file';
import { MAX_ASSEMBLY_FILE_BYTES } from '../change-set/input/read-limits';
import { TemplateReadError } from '../change-set/input/template-read-error';

/** A file of the folder and the field that names a path, for messages: `cdk.out/manifest.json`, `artifacts.App.properties.templateFile`. */
export interface NamedBy {
  /** The file holding the field, as the user should see it. */
  readonly file: string;
  readonly field: string;
}

/** A path inside the folder, resolved. */
export interface FolderPath {
  /** Absolute, symbolic links resolved: what is read. */
  readonly real: string;
  /** As the user should see it: the folder as given, then the path as written. */
  readonly shown: string;
}

/** Any other file of an assembly (manifests, metadata): bounded, but not to 1 MB. */
export const ASSEMBLY_FILE_LIMIT: FileLimit = { bytes: MAX_ASSEMBLY_FILE_BYTES, what: `the ${MAX_ASSEMBLY_FILE_BYTES} bytes (64 MB) cdk-lifecycle reads of a cloud assembly file` };

/** The folder a user gave, and the paths inside it. */
export class AssemblyFolder {
  /**
   * @param directory the folder, as a path the process can open
   * @param shown the folder as the user gave it
   * @throws TemplateReadError when it cannot be resolved
   */
  public static open(directory: string, shown: string = directory): AssemblyFolder {
    try {
      return new AssemblyFolder(fs.realpathSync(directory), shown);
    } catch (error) {
      throw new TemplateReadError(`cannot read ${shown}: ${(error as Error).message}`);
    }
  }

  private constructor(
    /** The folder, absolute, links resolved. */
    public readonly root: string,
    public readonly shown: string,
  ) {}

  /** The root itself as a folder path. */
  public get top(): FolderPath {
    return { real: this.root, shown: this.shown };
  }

  /**
   * A path written in a file of the folder, relative to `base`, checked to stay inside the
   * folder and to be a file (or a folder) that exists.
   *
   * @param base the folder the path is relative to (inside this folder)
   * @param written the path as the file writes it
   * @param namedBy the file and field that name it; omitted for a name cdk-lifecycle looks for itself
   * @throws TemplateReadError when it leaves the folder, is missing or is not of the kind
   */
  public resolve(base: FolderPath, written: string, namedBy: NamedBy | undefined, kind: 'file' | 'directory' = 'file'): FolderPath {
    const field = namedBy === undefined ? undefined : `${namedBy.file}: ${namedBy.field} ${JSON.stringify(written)}`;
    if (written.includes('\0')) throw new TemplateReadError(`${field ?? JSON.stringify(written)} is not a path: it holds a NUL character`);
    const lexical = path.resolve(base.real, written);
    const shown = this.shownOf(lexical, written, base);
    const naming = field ?? shown;
    if (!this.contains(lexical)) throw new TemplateReadError(`${naming} is outside the cloud assembly ${this.shown}`, 'a cloud assembly names only files inside its folder');
    let real: string;
    try {
      real = fs.realpathSync(lexical);
    } catch (error) {
      throw new TemplateReadError(`cannot read ${shown}: ${(error as Error).message}${namedBy === undefined ? '' : ` (named by ${namedBy.field} in ${namedBy.file})`}`);
    }
    if (!this.contains(real)) throw new TemplateReadError(`${naming} is a link to a file outside the cloud assembly ${this.shown}`, 'a cloud assembly names only files inside its folder');
    const stat = fs.statSync(real);
    if (kind === 'file' ? !stat.isFile() : !stat.isDirectory()) {
      throw new TemplateReadError(`${naming} is not a ${kind === 'file' ? 'regular file' : 'folder'}${namedBy === undefined ? '' : ` (${shown})`}`);
    }
    return { real, shown };
  }

  /**
   * Whether a path written in a file of the folder exists there. A path that leaves the folder
   * (or is no path) is said to exist without being looked at, so that `resolve` refuses it.
   */
  public exists(base: FolderPath, written: string): boolean {
    if (written.includes('\0')) return true;
    const lexical = path.resolve(base.real, written);
    return !this.contains(lexical) || fs.lstatSync(lexical, { throwIfNoEntry: false }) !== undefined;
  }

  /** The bytes of a file resolved in this folder, within the limit. @throws TemplateReadError */
  public read(file: FolderPath, limit: FileLimit = ASSEMBLY_FILE_LIMIT): Buffer {
    return readFileBytes(file.real, file.shown, limit);
  }

  /** A path relative to the root, as shown in messages and cycles (`a/b.json`). */
  public relative(file: FolderPath): string {
    return path.relative(this.root, file.real) || '.';
  }

  private contains(file: string): boolean {
    const relative = path.relative(this.root, file);
    return relative === '' || (relative !== '..' && !relative.startsWith(`..${path.sep}`) && !path.isAbsolute(relative));
  }

  /** How a path inside the folder is shown: the folder as given, then the path from the root. */
  private shownOf(lexical: string, written: string, base: FolderPath): string {
    if (!this.contains(lexical)) return path.join(base.shown, written);
    return path.join(this.shown, path.relative(this.root, lexical));
  }
}
