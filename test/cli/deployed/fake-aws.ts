/**
 * A loopback stand-in for CloudFormation and STS that speaks their real wire protocol, the AWS
 * Query protocol the installed SDK uses for both (`AwsQueryProtocol` in
 * @aws-sdk/client-cloudformation and @aws-sdk/client-sts): a form-encoded POST of
 * `Action=...&Version=...`, SigV4-signed (the access key, Region and service are read from the
 * signature's scope), answered with XML in the services' response shapes, errors as
 * `<ErrorResponse><Error><Type/><Code/><Message/></Error>` with their real codes and messages
 * (`ValidationError` "Stack with id X does not exist", "Export 'X' is not imported by any
 * stack.", `Throttling` "Rate exceeded", `AccessDenied` naming the action and the resource),
 * and `NextToken` pagination.
 *
 * Stacks live per account and Region; identities (access keys) per account; roles say whom
 * they trust. The real SDK clients reach it through `AWS_ENDPOINT_URL`.
 */
import { randomUUID } from 'node:crypto';
import * as http from 'node:http';
import { AddressInfo } from 'node:net';

/** A stack as CloudFormation holds it. */
export interface FakeStack {
  readonly name: string;
  readonly id: string;
  readonly account: string;
  readonly region: string;
  status: string;
  statusReason?: string;
  /** The template body GetTemplate returns (Original stage). */
  body: string;
  /** The parameter values it was deployed with. */
  parameters: Record<string, string>;
  /** Physical ids by logical id (nested stacks: their ARN). */
  physicalIds: Record<string, string>;
  /** Set for a nested stack. */
  readonly parentId?: string;
}

/** Someone who can sign requests. */
export interface FakeIdentity {
  readonly account: string;
  readonly arn: string;
  readonly secret: string;
}

/** A role and whom it trusts. */
export interface FakeRole {
  readonly account: string;
  /** Whether a caller (by ARN) may assume it. */
  readonly trusts: (callerArn: string) => boolean;
}

/** One request as the server read it. */
export interface FakeCall {
  readonly service: string;
  readonly action: string;
  readonly region: string;
  readonly accessKeyId: string;
  readonly callerArn?: string;
  readonly params: Readonly<Record<string, string>>;
}

/** What the server does to a request before answering it normally. */
export type Interference = (call: FakeCall, index: number) => ServiceError | undefined;

const CFN_NS = 'http://cloudformation.amazonaws.com/doc/2010-05-15/';
const STS_NS = 'https://sts.amazonaws.com/doc/2011-06-15/';

/** The server. */
export class FakeAws {
  public readonly stacks: FakeStack[] = [];
  public readonly identities = new Map<string, FakeIdentity>();
  public readonly roles = new Map<string, FakeRole>();
  /** Importers outside the stacks held here, by export name (a stack of another team). */
  public readonly extraImporters = new Map<string, string[]>();
  public readonly calls: FakeCall[] = [];
  /** Simulated latency of every answer. */
  public latencyMs = 0;
  /** Page sizes of the paginated actions (CloudFormation's own are 100). */
  public pageSize = { ListExports: 100, ListImports: 100, ListStackResources: 100 };
  /** Throttling, access denied, ...: see `Interference`. */
  public interfere?: Interference;
  /** Who may not call which CloudFormation action: returns true to deny. */
  public deny?: (callerArn: string, action: string) => boolean;
  private server?: http.Server;
  private sessions = 0;

  /** Starts listening on 127.0.0.1; resolves to the endpoint URL. */
  public async start(): Promise<string> {
    this.server = http.createServer((request, response) => { void this.handle(request, response); });
    await new Promise<void>((resolve) => this.server!.listen(0, '127.0.0.1', resolve));
    return this.url;
  }

  public get url(): string {
    return `http://127.0.0.1:${(this.server!.address() as AddressInfo).port}`;
  }

  public async stop(): Promise<void> {
    this.server?.closeAllConnections();
    await new Promise<void>((resolve) => (this.server === undefined ? resolve() : this.server.close(() => resolve())));
  }

  /** Adds a user with static keys. */
  public addUser(accessKeyId: string, account: string, name: string): FakeIdentity {
    const identity = { account, arn: `arn:aws:iam::${account}:user/${name}`, secret: `secret-${accessKeyId}` };
    this.identities.set(accessKeyId, identity);
    return identity;
  }

  /**
   * Deploys a stack (and its nested stacks, from `nested` by path of logical ids).
   *
   * @returns the root stack
   */
  public deploy(options: {
    readonly account: string;
    readonly region: string;
    readonly name: string;
    readonly template: unknown;
    readonly nested?: ReadonlyMap<string, unknown>;
    readonly parameters?: Record<string, string>;
    readonly status?: string;
    readonly statusReason?: string;
    readonly body?: string;
  }): FakeStack {
    const stack = this.put(options.account, options.region, options.name, options.template, options.body, options.parameters ?? {}, undefined);
    stack.status = options.status ?? 'CREATE_COMPLETE';
    if (options.statusReason !== undefined) stack.statusReason = options.statusReason;
    this.deployNested(stack, options.template, '', options.nested ?? new Map());
    return stack;
  }

  /** The calls of one action. */
  public callsOf(action: string): FakeCall[] {
    return this.calls.filter((call) => call.action === action);
  }

  private put(
    account: string, region: string, name: string, template: unknown,
    body: string | undefined, parameters: Record<string, string>, parentId: string | undefined,
  ): FakeStack {
    const id = `arn:aws:cloudformation:${region}:${account}:stack/${name}/${randomUUID()}`;
    const physicalIds: Record<string, string> = {};
    for (const logicalId of Object.keys(resourcesOf(template))) physicalIds[logicalId] = `${name}-${logicalId}-${id.slice(-6)}`;
    const stack: FakeStack = { name, id, account, region, status: 'CREATE_COMPLETE', body: body ?? JSON.stringify(template, undefined, 2), parameters, physicalIds, ...(parentId === undefined ? {} : { parentId }) };
    this.stacks.push(stack);
    return stack;
  }

  private deployNested(parent: FakeStack, template: unknown, prefix: string, nested: ReadonlyMap<string, unknown>): void {
    for (const [logicalId, resource] of Object.entries(resourcesOf(template))) {
      if ((resource as { Type?: string }).Type !== 'AWS::CloudFormation::Stack') continue;
      const path = `${prefix}${logicalId}`;
      const child = nested.get(path);
      if (child === undefined) continue;
      const stack = this.put(parent.account, parent.region, `${parent.name}-${logicalId}-${randomUUID().slice(0, 8).toUpperCase()}`, child, undefined, {}, parent.id);
      stack.status = 'CREATE_COMPLETE';
      parent.physicalIds[logicalId] = stack.id;
      this.deployNested(stack, child, `${path}/`, nested);
    }
  }

  private async handle(request: http.IncomingMessage, response: http.ServerResponse): Promise<void> {
    let body = '';
    for await (const chunk of request) body += chunk;
    const params = Object.fromEntries(new URLSearchParams(body));
    const scope = /Credential=([^/]+)\/\d{8}\/([^/]+)\/([^/]+)\/aws4_request/.exec(String(request.headers.authorization ?? ''));
    const call: FakeCall = {
      service: scope?.[3] ?? '?',
      action: params.Action ?? '?',
      region: scope?.[2] ?? '?',
      accessKeyId: scope?.[1] ?? '',
      ...(this.identities.get(scope?.[1] ?? '') === undefined ? {} : { callerArn: this.identities.get(scope![1])!.arn }),
      params,
    };
    const index = this.calls.push(call) - 1;
    if (this.latencyMs > 0) await new Promise((resolve) => setTimeout(resolve, this.latencyMs));
    const ns = call.service === 'sts' ? STS_NS : CFN_NS;
    const send = (status: number, xml: string) => {
      response.writeHead(status, { 'content-type': 'text/xml', 'x-amzn-requestid': randomUUID() });
      response.end(xml);
    };
    const fail = (status: number, code: string, message: string) => send(status, `<ErrorResponse xmlns="${ns}"><Error><Type>Sender</Type><Code>${code}</Code><Message>${escape(message)}</Message></Error><RequestId>${randomUUID()}</RequestId></ErrorResponse>`);
    const interference = this.interfere?.(call, index);
    if (interference !== undefined) return fail(interference.status, interference.code, interference.message);
    const identity = this.identities.get(call.accessKeyId);
    if (identity === undefined) return fail(403, 'InvalidClientTokenId', 'The security token included in the request is invalid.');
    try {
      const result = call.service === 'sts' ? this.sts(call, identity) : this.cloudFormation(call, identity);
      send(200, `<${call.action}Response xmlns="${ns}"><${call.action}Result>${result}</${call.action}Result><ResponseMetadata><RequestId>${randomUUID()}</RequestId></ResponseMetadata></${call.action}Response>`);
    } catch (error) {
      const failure = error as ServiceError;
      if (failure.code === undefined) throw error;
      fail(failure.status, failure.code, failure.message);
    }
  }

  private sts(call: FakeCall, identity: FakeIdentity): string {
    switch (call.action) {
      case 'GetCallerIdentity':
        return `<Arn>${identity.arn}</Arn><UserId>AIDA${identity.account}</UserId><Account>${identity.account}</Account>`;
      case 'AssumeRole': {
        const roleArn = call.params.RoleArn;
        const role = this.roles.get(roleArn);
        if (role === undefined || !role.trusts(identity.arn)) {
          throw serviceError(403, 'AccessDenied', `User: ${identity.arn} is not authorized to perform: sts:AssumeRole on resource: ${roleArn}`);
        }
        const key = `ASIA${String(++this.sessions).padStart(12, '0')}`;
        const roleName = roleArn.split('/').pop();
        this.identities.set(key, { account: role.account, arn: `arn:aws:sts::${role.account}:assumed-role/${roleName}/${call.params.RoleSessionName}`, secret: `secret-${key}` });
        const expiration = new Date(Date.now() + 3600_000).toISOString();
        return `<AssumedRoleUser><Arn>arn:aws:sts::${role.account}:assumed-role/${roleName}/${escape(call.params.RoleSessionName)}</Arn><AssumedRoleId>AROA:${escape(call.params.RoleSessionName)}</AssumedRoleId></AssumedRoleUser>`
          + `<Credentials><AccessKeyId>${key}</AccessKeyId><SecretAccessKey>secret-${key}</SecretAccessKey><SessionToken>token-${key}</SessionToken><Expiration>${expiration}</Expiration></Credentials>`;
      }
      default:
        throw serviceError(400, 'InvalidAction', `Could not find operation ${call.action} for version 2011-06-15`);
    }
  }

  private cloudFormation(call: FakeCall, identity: FakeIdentity): string {
    const live = this.stacks.filter((stack) => stack.account === identity.account && stack.region === call.region && stack.status !== 'DELETE_COMPLETE');
    if (this.deny?.(identity.arn, call.action) === true) {
      const resource = call.params.StackName === undefined ? '*' : `arn:aws:cloudformation:${call.region}:${identity.account}:stack/${call.params.StackName}/*`;
      throw serviceError(403, 'AccessDenied', `User: ${identity.arn} is not authorized to perform: cloudformation:${call.action} on resource: ${resource} because no identity-based policy allows the cloudformation:${call.action} action`);
    }
    const find = (): FakeStack => {
      const wanted = call.params.StackName;
      const stack = live.find((candidate) => candidate.id === wanted || candidate.name === wanted);
      if (stack === undefined) throw serviceError(400, 'ValidationError', `Stack with id ${wanted} does not exist`);
      return stack;
    };
    switch (call.action) {
      case 'DescribeStacks': {
        const stack = find();
        const declared = parametersOf(stack.body);
        const parameters = Object.entries(stack.parameters).map(([key, value]) => `<member><ParameterKey>${escape(key)}</ParameterKey><ParameterValue>${escape(declared[key]?.NoEcho === true || declared[key]?.NoEcho === 'true' ? '****' : value)}</ParameterValue></member>`).join('');
        return `<Stacks><member><StackName>${escape(stack.name)}</StackName><StackId>${stack.id}</StackId><CreationTime>2026-11-01T10:00:00.000Z</CreationTime>`
          + `<StackStatus>${stack.status}</StackStatus>${stack.statusReason === undefined ? '' : `<StackStatusReason>${escape(stack.statusReason)}</StackStatusReason>`}`
          + `<Parameters>${parameters}</Parameters><DisableRollback>false</DisableRollback><Tags/></member></Stacks>`;
      }
      case 'GetTemplate': {
        const stack = find();
        if (call.params.TemplateStage !== 'Original') throw serviceError(400, 'ValidationError', 'this stand-in serves the Original stage only');
        return `<TemplateBody>${escape(stack.body)}</TemplateBody><StagesAvailable><member>Original</member><member>Processed</member></StagesAvailable>`;
      }
      case 'ListStackResources': {
        const stack = find();
        const resources = Object.entries(resourcesOf(JSON.parse(stack.body)))
          .map(([logicalId, resource]) => ({ logicalId, type: (resource as { Type: string }).Type, physicalId: stack.physicalIds[logicalId] }));
        return this.page(resources, call.params.NextToken, this.pageSize.ListStackResources, 'StackResourceSummaries', (resource) =>
          `<member><LogicalResourceId>${escape(resource.logicalId)}</LogicalResourceId><PhysicalResourceId>${escape(resource.physicalId)}</PhysicalResourceId><ResourceType>${escape(resource.type)}</ResourceType><LastUpdatedTimestamp>2026-11-01T10:00:00.000Z</LastUpdatedTimestamp><ResourceStatus>CREATE_COMPLETE</ResourceStatus></member>`);
      }
      case 'ListExports': {
        const exports = live.flatMap((stack) => exportsOf(stack));
        return this.page(exports, call.params.NextToken, this.pageSize.ListExports, 'Exports', (entry) =>
          `<member><ExportingStackId>${entry.stackId}</ExportingStackId><Name>${escape(entry.name)}</Name><Value>${escape(entry.value)}</Value></member>`);
      }
      case 'ListImports': {
        const name = call.params.ExportName;
        const importers = [...live.filter((stack) => imports(stack.body, name)).map((stack) => stack.name), ...this.extraImporters.get(name) ?? []];
        if (importers.length === 0) throw serviceError(400, 'ValidationError', `Export '${name}' is not imported by any stack.`);
        return this.page(importers, call.params.NextToken, this.pageSize.ListImports, 'Imports', (importer) => `<member>${escape(importer)}</member>`);
      }
      default:
        throw serviceError(400, 'InvalidAction', `Could not find operation ${call.action} for version 2010-05-15`);
    }
  }

  private page<T>(items: readonly T[], token: string | undefined, size: number, element: string, render: (item: T) => string): string {
    const start = token === undefined ? 0 : Number(/^page-(\d+)$/.exec(token)?.[1] ?? NaN);
    if (Number.isNaN(start)) throw serviceError(400, 'ValidationError', 'Invalid NextToken');
    const next = start + size < items.length ? `<NextToken>page-${start + size}</NextToken>` : '';
    return `<${element}>${items.slice(start, start + size).map(render).join('')}</${element}>${next}`;
  }
}

/** An error answer: HTTP status, error code and message. */
export interface ServiceError {
  readonly status: number;
  readonly code: string;
  readonly message: string;
}

function serviceError(status: number, code: string, message: string): ServiceError {
  return { status, code, message };
}

function resourcesOf(template: unknown): Record<string, unknown> {
  const resources = (template as { Resources?: Record<string, unknown> } | undefined)?.Resources;
  return resources ?? {};
}

function parametersOf(body: string): Record<string, { NoEcho?: unknown }> {
  try {
    return (JSON.parse(body) as { Parameters?: Record<string, { NoEcho?: unknown }> }).Parameters ?? {};
  } catch {
    return {};
  }
}

/** The exports of a stack: outputs with a literal `Export.Name`, their value a stand-in for the resolved one. */
function exportsOf(stack: FakeStack): Array<{ name: string; value: string; stackId: string }> {
  let outputs: Record<string, { Export?: { Name?: unknown } }>;
  try {
    outputs = (JSON.parse(stack.body) as { Outputs?: Record<string, { Export?: { Name?: unknown } }> }).Outputs ?? {};
  } catch {
    return [];
  }
  return Object.entries(outputs).flatMap(([key, output]) => (typeof output.Export?.Name === 'string'
    ? [{ name: output.Export.Name, value: `${stack.physicalIds[key] ?? `${stack.name}-${key}`}-value`, stackId: stack.id }]
    : []));
}

/** Whether a template imports an export by its literal name (`Fn::ImportValue`). */
function imports(body: string, name: string): boolean {
  return body.includes(`"Fn::ImportValue":"${name}"`) || body.includes(`"Fn::ImportValue": "${name}"`);
}

function escape(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&apos;');
}
