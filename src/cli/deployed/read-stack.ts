/**
 * One stack read from CloudFormation: `DescribeStacks` (status, parameter values), then, for a
 * stack a deployment updates, `GetTemplate` with the Original stage (the template as it was
 * submitted, which is what a change set compares against) and, through `ListStackResources`,
 * each nested stack's template by its physical id (the nested stack's ARN), at any depth.
 */
import { DescribeStacksCommand, GetTemplateCommand, ListStackResourcesCommand, Parameter } from '@aws-sdk/client-cloudformation';
import { isStackMissing } from './aws-errors';
import { Access, AwsSession } from './aws-session';
import { NestedRead, ResolvedEnvironment, StackRead } from './snapshot-read';
import { CliError } from '../cli-error';
import { DeployedParameter, DeployedStack, NOT_FOUND, statusKind } from '../input/deployed-state';
import { AssemblyStack } from '../input/read-assembly';
import { isPlainObject, parseTemplateText, Template, Warnings } from '../input/read-template';

const NESTED_STACK_TYPE = 'AWS::CloudFormation::Stack';

/** How deep nested stacks are followed (as the assembly reader does). */
const MAX_NESTING = 32;

/** CloudFormation's answer for the value of a `NoEcho` parameter. */
const MASKED = '****';

/** The stack to read and how. */
export interface StackToRead {
  readonly stack: AssemblyStack;
  /** Its name in CloudFormation. */
  readonly stackName: string;
  readonly environment: ResolvedEnvironment;
  readonly access: Access;
}

/** Reads one stack. @throws CliError for a call that fails */
export async function readStack({ stack, stackName, environment, access }: StackToRead, session: AwsSession, warnings: Warnings): Promise<StackRead> {
  const cfn = session.cloudFormation(environment.region, access);
  const where = `stack ${stackName}${stack.displayName === stackName ? '' : ` (${stack.displayName})`} in account ${environment.account}, ${environment.region}`;
  const context = (action: string, target = where) => ({ action: `cloudformation:${action}`, target, identity: access.identity });
  const nothing = new Map<string, NestedRead>();

  let description;
  try {
    description = (await session.callRaw((options) => cfn.send(new DescribeStacksCommand({ StackName: stackName }), options))).Stacks?.[0];
  } catch (error) {
    if (!isStackMissing(error)) throw session.translate(error, context('DescribeStacks'));
  }
  if (description?.StackId === undefined || description.StackStatus === undefined) {
    return { stack, stackName, environment, deployed: { status: NOT_FOUND, parameters: {} }, nested: nothing };
  }
  const stackId = description.StackId;
  const base = {
    status: description.StackStatus,
    ...(description.StackStatusReason === undefined ? {} : { statusReason: description.StackStatusReason }),
    stackId,
  };
  if (statusKind(base.status) === 'new') {
    return { stack, stackName, environment, deployed: { ...base, parameters: parametersOf(description.Parameters, undefined) }, nested: nothing };
  }
  const template = await templateOf(stackId, where, cfn, session, context('GetTemplate'), warnings);
  const nested = new Map<string, NestedRead>();
  await readNested(template, stackId, '', 0, { cfn, session, context, warnings, found: nested });
  const deployed: DeployedStack = { ...base, parameters: parametersOf(description.Parameters, template) };
  return { stack, stackName, environment, deployed, template, nested };
}

interface NestedContext {
  readonly cfn: ReturnType<AwsSession['cloudFormation']>;
  readonly session: AwsSession;
  readonly context: (action: string, target?: string) => { action: string; target: string; identity: string };
  readonly warnings: Warnings;
  readonly found: Map<string, NestedRead>;
}

async function readNested(template: Template, stackId: string, prefix: string, depth: number, read: NestedContext): Promise<void> {
  if (depth >= MAX_NESTING) return;
  const nestedIds = Object.entries(template.Resources)
    .filter(([, resource]) => isPlainObject(resource) && resource.Type === NESTED_STACK_TYPE)
    .map(([id]) => id);
  if (nestedIds.length === 0) return;
  const target = `the resources of ${prefix === '' ? 'stack' : 'nested stack'} ${stackId}`;
  const physicalIds = new Map<string, string>();
  let token: string | undefined;
  do {
    const input = { StackName: stackId, ...(token === undefined ? {} : { NextToken: token }) };
    const page = await read.session.call(read.context('ListStackResources', target), (options) => read.cfn.send(new ListStackResourcesCommand(input), options));
    for (const summary of page.StackResourceSummaries ?? []) {
      if (summary.ResourceType === NESTED_STACK_TYPE && summary.LogicalResourceId !== undefined && summary.PhysicalResourceId) {
        physicalIds.set(summary.LogicalResourceId, summary.PhysicalResourceId);
      }
    }
    token = page.NextToken;
  } while (token !== undefined && token !== '');
  await Promise.all(nestedIds.map(async (logicalId) => {
    const nestedId = physicalIds.get(logicalId);
    // A nested stack this deployment has not created yet (or whose creation failed) has no physical id: it has no template to compare.
    if (nestedId === undefined) return;
    const path = `${prefix}${logicalId}`;
    const nested = await templateOf(nestedId, `nested stack ${path} (${nestedId})`, read.cfn, read.session, read.context('GetTemplate', `nested stack ${path} (${nestedId})`), read.warnings);
    read.found.set(path, { template: nested, stackId: nestedId });
    await readNested(nested, nestedId, `${path}/`, depth + 1, read);
  }));
}

async function templateOf(
  stackId: string, shown: string, cfn: NestedContext['cfn'], session: AwsSession, context: { action: string; target: string; identity: string }, warnings: Warnings,
): Promise<Template> {
  const answer = await session.call(context, (options) => cfn.send(new GetTemplateCommand({ StackName: stackId, TemplateStage: 'Original' }), options));
  const body = answer.TemplateBody ?? '';
  // GetTemplate returns JSON or YAML, as the template was submitted: the reader tells them apart by the first character.
  const parsed = parseTemplateText(body, 'deployed.template', `the deployed template of ${shown}`, warnings);
  if (!isPlainObject(parsed)) {
    throw new CliError(`GetTemplate returned no template for ${shown}: expected an object, got ${body.slice(0, 40)}`);
  }
  const resources = parsed.Resources;
  if (resources !== undefined && !isPlainObject(resources)) {
    throw new CliError(`the deployed template of ${shown} has "Resources" that are not an object`);
  }
  return { ...parsed, Resources: resources ?? {} };
}

/** The parameter values; a value shown as `****` for a parameter the template declares `NoEcho` is unknown. */
function parametersOf(parameters: readonly Parameter[] | undefined, template: Template | undefined): { [key: string]: DeployedParameter } {
  const declared = isPlainObject(template?.Parameters) ? template.Parameters : {};
  const values: { [key: string]: DeployedParameter } = {};
  for (const parameter of parameters ?? []) {
    if (parameter.ParameterKey === undefined) continue;
    const declaration = declared[parameter.ParameterKey];
    const noEcho = isPlainObject(declaration) && String(declaration.NoEcho).toLowerCase() === 'true';
    values[parameter.ParameterKey] = (noEcho || template === undefined) && parameter.ParameterValue === MASKED
      ? { noEcho: true }
      : { value: parameter.ParameterValue ?? '' };
  }
  return values;
}
