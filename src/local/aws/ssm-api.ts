/**
 * A loopback stand-in for the SSM Parameter Store API (JSON 1.1, `X-Amz-Target:
 * AmazonSSM.<Operation>`), which the AWS SDK reaches through `AWS_ENDPOINT_URL_SSM`:
 * `PutParameter` (with and without `Overwrite`; `ParameterAlreadyExists` makes it a create-once
 * claim; the Standard tier holds 4 KB, the Advanced tier 8 KB), `GetParameter` (`WithDecryption`
 * for a SecureString), `DeleteParameter`, `DeleteParameters` (at most 10 names; missing ones are
 * reported, not refused), and AWS's error shapes (`ParameterNotFound`, `ParameterAlreadyExists`, `ValidationException`). The
 * runner reads what is stored to check that a provider cleans up and never stores a response
 * URL in clear.
 *
 * @see https://docs.aws.amazon.com/systems-manager/latest/APIReference/API_PutParameter.html
 */
import { AccessCheck } from './access-control';
import { HttpExchange, HttpReply, Route } from './loopback-server';

/** One stored parameter. */
export interface StoredParameter {
  readonly name: string;
  readonly value: string;
  readonly type: string;
  readonly version: number;
  /** Epoch milliseconds. */
  readonly lastModified: number;
  /** When its expiration policy removes it (epoch ms), if it has one. */
  readonly expiresAt?: number;
}

const TYPES = ['String', 'StringList', 'SecureString'];
/** The value limits of the Standard and Advanced tiers, in characters. */
const MAX_VALUE_LENGTH = { Standard: 4096, Advanced: 8192 };
/** DeleteParameters takes 1 to 10 names. */
const MAX_DELETE_NAMES = 10;

/** The parameters of a run. */
export class ParameterStore {
  private readonly parameters = new Map<string, StoredParameter>();

  /**
   * @param access IAM for the calls (every call allowed without it)
   * @param throttle calls (operation and parameter name) answered `ThrottlingException`, as SSM answers under load
   */
  public constructor(
    private readonly region: string, private readonly account: string, private readonly access?: AccessCheck,
    private readonly throttle?: (operation: string, name: string) => boolean,
  ) {}

  /** The route serving the API. */
  public readonly route: Route = (exchange) => this.serve(exchange);

  /** Every parameter stored now. */
  public list(): readonly StoredParameter[] {
    return [...this.parameters.values()];
  }

  private serve(exchange: HttpExchange): HttpReply | undefined {
    const target = exchange.headers['x-amz-target'];
    if (typeof target !== 'string' || !target.startsWith('AmazonSSM.')) return undefined;
    let input: Record<string, unknown>;
    try {
      const parsed: unknown = JSON.parse(exchange.body.toString('utf8') || '{}');
      if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) throw new Error('not an object');
      input = parsed as Record<string, unknown>;
    } catch {
      return error('SerializationException', 'the request body is not a JSON object');
    }
    const operation = target.slice('AmazonSSM.'.length);
    const names = operation === 'DeleteParameters' ? (Array.isArray(input.Names) ? input.Names : []) : [input.Name];
    for (const name of names) {
      const denied = typeof name === 'string' && name !== '' ? this.access?.check(exchange, `ssm:${operation}`, this.arnOf(name)) : undefined;
      if (denied !== undefined) return error('AccessDeniedException', denied);
    }
    if (names.some((name) => typeof name === 'string' && this.throttle?.(operation, name))) return error('ThrottlingException', 'Rate exceeded');
    if (operation === 'DeleteParameters') return this.deleteMany(input.Names);
    const name = input.Name;
    if (typeof name !== 'string' || name === '') return error('ValidationException', '1 validation error detected: Value null at \'name\' failed to satisfy constraint: Member must not be null');
    switch (operation) {
      case 'PutParameter': return this.put(name, input);
      case 'GetParameter': return this.get(name, input.WithDecryption === true);
      case 'DeleteParameter':
        if (!this.parameters.delete(name)) return error('ParameterNotFound', `Parameter ${name} not found.`);
        return ok({});
      default:
        return error('UnknownOperationException', `the local SSM endpoint does not serve ${target}`);
    }
  }

  private put(name: string, input: Record<string, unknown>): HttpReply {
    const existing = this.parameters.get(name);
    if (typeof input.Value !== 'string') return error('ValidationException', 'Value must be a string');
    const tier = input.Tier ?? 'Standard';
    if (tier !== 'Standard' && tier !== 'Advanced') return error('ValidationException', `Tier must be Standard or Advanced, not ${JSON.stringify(tier)} (the local SSM endpoint does not pick a tier for Intelligent-Tiering)`);
    if (input.Value.length > MAX_VALUE_LENGTH[tier]) return error('ValidationException', `${tier} tier parameters support a maximum parameter value of ${MAX_VALUE_LENGTH[tier]} characters`);
    if (existing !== undefined && input.Overwrite !== true) {
      return error('ParameterAlreadyExists', 'The parameter already exists. To overwrite this value, set the overwrite option in the request to true.');
    }
    const type = typeof input.Type === 'string' ? input.Type : existing?.type;
    if (type === undefined || !TYPES.includes(type)) return error('ValidationException', `Type must be one of ${TYPES.join(', ')}`);
    const expiresAt = expirationOf(input.Policies);
    if (expiresAt === null) return error('InvalidPolicyAttributeException', 'A parameter policy is not valid: Policies must be a JSON list of {Type, Version, Attributes} with an ISO 8601 Expiration Timestamp');
    if (expiresAt !== undefined && tier !== 'Advanced') return error('ValidationException', 'Parameter policies are supported only for the Advanced tier');
    const version = (existing?.version ?? 0) + 1;
    const stored = { name, value: input.Value, type, version, lastModified: Date.now() };
    this.parameters.set(name, expiresAt === undefined ? stored : { ...stored, expiresAt });
    return ok({ Version: version, Tier: tier });
  }

  /** A parameter's ARN (the resource IAM checks). */
  private arnOf(name: string): string {
    return `arn:aws:ssm:${this.region}:${this.account}:parameter${name.startsWith('/') ? '' : '/'}${name}`;
  }

  private deleteMany(names: unknown): HttpReply {
    if (!Array.isArray(names) || names.length === 0 || names.length > MAX_DELETE_NAMES || !names.every((n) => typeof n === 'string' && n !== '')) {
      return error('ValidationException', `Names must be a list of 1 to ${MAX_DELETE_NAMES} parameter names`);
    }
    const deleted = names.filter((n: string) => this.parameters.delete(n));
    return ok({ DeletedParameters: deleted, InvalidParameters: names.filter((n: string) => !deleted.includes(n)) });
  }

  private get(name: string, decrypt: boolean): HttpReply {
    const parameter = this.parameters.get(name);
    if (parameter === undefined) return error('ParameterNotFound', '');
    const hidden = parameter.type === 'SecureString' && !decrypt;
    return ok({
      Parameter: {
        Name: name,
        Type: parameter.type,
        Value: hidden ? Buffer.from(`local-kms-ciphertext:${parameter.version}`).toString('base64') : parameter.value,
        Version: parameter.version,
        LastModifiedDate: parameter.lastModified / 1000,
        ARN: this.arnOf(name),
        DataType: 'text',
      },
    });
  }
}

/** The Expiration policy's time (epoch ms), undefined without one, null for policies that cannot be read. */
function expirationOf(policies: unknown): number | undefined | null {
  if (policies === undefined) return undefined;
  try {
    const list: unknown = JSON.parse(String(policies));
    if (!Array.isArray(list)) return null;
    const expiration = list.find((p) => p?.Type === 'Expiration');
    if (expiration === undefined) return undefined;
    const at = Date.parse(expiration.Attributes?.Timestamp);
    return Number.isFinite(at) ? at : null;
  } catch {
    return null;
  }
}

function ok(output: unknown): HttpReply {
  return { status: 200, headers: { 'Content-Type': 'application/x-amz-json-1.1' }, body: JSON.stringify(output) };
}

function error(type: string, message: string): HttpReply {
  return { status: 400, headers: { 'Content-Type': 'application/x-amz-json-1.1' }, body: JSON.stringify({ __type: type, message }) };
}
