/**
 * Cloud assemblies for the CLI: the reader lives in `src/assembly` (the invoke runner reads
 * assemblies too); here its errors become `CliError`s.
 */
import { cliRead, Warnings } from './read-template';
import * as reader from '../../assembly/read-assembly';

export type { AssemblyStack } from '../../assembly/read-assembly';

/** `readAssembly` of the shared reader. @throws CliError */
export function readAssembly(directory: string, shown: string = directory, warnings?: Warnings): reader.AssemblyStack[] {
  return cliRead(() => ({ value: reader.readAssembly(directory, shown, warnings), warnings: [] }));
}
