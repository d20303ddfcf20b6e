/**
 * The exports of the stacks read, and who imports them: `ListExports` (every export of the
 * account and Region, page by page) kept to those whose exporting stack is one of the stacks
 * read or their nested stacks, then `ListImports` for each, which names every importing stack,
 * in the app or not. An export nobody imports makes `ListImports` answer a ValidationError
 * ("Export 'X' is not imported by any stack."): no importers.
 */
import { ListExportsCommand, ListImportsCommand } from '@aws-sdk/client-cloudformation';
import { isNotImported } from './aws-errors';
import { Access, AwsSession } from './aws-session';
import { ResolvedEnvironment } from './snapshot-read';
import { DeployedExport } from '../input/deployed-state';

/** One account and Region, the stacks read there and how to read it. */
export interface ExportScope {
  readonly environment: ResolvedEnvironment;
  readonly access: Access;
  /** The ARNs of the stacks read there, nested stacks included. */
  readonly stackIds: ReadonlySet<string>;
}

/** The exports of the stacks in one account and Region, sorted by name. @throws CliError for a call that fails */
export async function readExports({ environment, access, stackIds }: ExportScope, session: AwsSession): Promise<DeployedExport[]> {
  const cfn = session.cloudFormation(environment.region, access);
  const where = `account ${environment.account}, ${environment.region}`;
  const context = (action: string, target: string) => ({ action: `cloudformation:${action}`, target, identity: access.identity });
  const found: Array<{ name: string; value: string; exportingStackId: string }> = [];
  let token: string | undefined;
  do {
    const input = token === undefined ? {} : { NextToken: token };
    const page = await session.call(context('ListExports', `the exports of ${where}`), (options) => cfn.send(new ListExportsCommand(input), options));
    for (const entry of page.Exports ?? []) {
      if (entry.Name === undefined || entry.ExportingStackId === undefined || !stackIds.has(entry.ExportingStackId)) continue;
      found.push({ name: entry.Name, value: entry.Value ?? '', exportingStackId: entry.ExportingStackId });
    }
    token = page.NextToken;
  } while (token !== undefined && token !== '');

  const exports = await Promise.all(found.map(async (entry): Promise<DeployedExport> => {
    const importers: string[] = [];
    let next: string | undefined;
    do {
      let page;
      try {
        const input = { ExportName: entry.name, ...(next === undefined ? {} : { NextToken: next }) };
        page = await session.callRaw((options) => cfn.send(new ListImportsCommand(input), options));
      } catch (error) {
        if (isNotImported(error)) break;
        throw session.translate(error, context('ListImports', `export ${entry.name} of ${where}`));
      }
      importers.push(...(page.Imports ?? []));
      next = page.NextToken;
    } while (next !== undefined && next !== '');
    return {
      ...entry,
      exportingStackName: stackNameOfArn(entry.exportingStackId),
      importers: [...new Set(importers)].sort(),
      account: environment.account,
      region: environment.region,
    };
  }));
  return exports.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
}

/** `arn:aws:cloudformation:eu-west-1:111111111111:stack/Shop/1a2b...` -> `Shop`. */
export function stackNameOfArn(arn: string): string {
  return /:stack\/([^/]+)\//.exec(arn)?.[1] ?? arn;
}
