/** `diff` on security changes: the section, `--fail-on security`, `kind: security` rules and every output, run as the command runs. */
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { App, NestedStack, Stack, Stage } from 'aws-cdk-lib';
import * as dynamodb from 'aws-cdk-lib/aws-dynamodb';
import { run } from './helpers';
import { sarifProblems } from '../helpers/sarif-schema';
import { fn, PAIRS, synth } from '../review/security/cdk-pairs';

const DIR = fs.mkdtempSync(path.join(os.tmpdir(), 'cdk-lifecycle-security-'));
const write = (name: string, content: unknown) => {
  const file = path.join(DIR, name);
  fs.writeFileSync(file, typeof content === 'string' ? content : JSON.stringify(content));
  return file;
};

// The shapes aws-cdk-lib writes for a function's role policy and an ALB's security group.
const template = (action: string, ingress: unknown[], tags: unknown[]) => ({
  Resources: {
    FnServiceRoleDefaultPolicyE3F8A5B1: {
      Type: 'AWS::IAM::Policy',
      Properties: {
        PolicyName: 'FnServiceRoleDefaultPolicyE3F8A5B1',
        Roles: [{ Ref: 'FnServiceRoleB9001A96' }],
        PolicyDocument: { Version: '2012-10-17', Statement: [{ Effect: 'Allow', Action: action, Resource: '*' }] },
      },
    },
    FnServiceRoleB9001A96: {
      Type: 'AWS::IAM::Role',
      Properties: {
        AssumeRolePolicyDocument: { Version: '2012-10-17', Statement: [{ Action: 'sts:AssumeRole', Effect: 'Allow', Principal: { Service: 'lambda.amazonaws.com' } }] },
        ManagedPolicyArns: [{ 'Fn::Join': ['', ['arn:', { Ref: 'AWS::Partition' }, ':iam::aws:policy/service-role/AWSLambdaBasicExecutionRole']] }],
        Tags: tags,
      },
    },
    LbSecurityGroup: {
      Type: 'AWS::EC2::SecurityGroup',
      Properties: { GroupDescription: 'lb', VpcId: 'vpc-1', SecurityGroupIngress: ingress, SecurityGroupEgress: [{ CidrIp: '255.255.255.255/32', Description: 'Disallow all traffic', FromPort: 252, IpProtocol: 'icmp', ToPort: 86 }] },
    },
  },
});
const https = { CidrIp: '10.0.0.0/8', Description: 'internal', FromPort: 443, IpProtocol: 'tcp', ToPort: 443 };
const ssh = { CidrIp: '0.0.0.0/0', Description: 'ssh', FromPort: 22, IpProtocol: 'tcp', ToPort: 22 };
const before = write('before.json', template('s3:GetObject', [https], [{ Key: 'team', Value: 'a' }]));
const broadened = write('after.json', template('*', [https, ssh], [{ Key: 'team', Value: 'b' }]));
const tagsOnly = write('tags.json', template('s3:GetObject', [https], [{ Key: 'team', Value: 'b' }]));

/** The report's security section for `before` → `broadened`. */
const SECURITY_SECTION = [
  'Security changes: IAM statements, managed policies and security-group rules ([+!] broadens permissions)',
  '[-] IAM statement Allow s3:GetObject on * for AWS:${FnServiceRoleB9001A96} (FnServiceRoleDefaultPolicyE3F8A5B1 PolicyDocument)',
  '[+!] IAM statement Allow * on * for AWS:${FnServiceRoleB9001A96} (FnServiceRoleDefaultPolicyE3F8A5B1 PolicyDocument)',
  '[+!] security group ingress tcp 22 from 0.0.0.0/0 (${LbSecurityGroup.GroupId}) (LbSecurityGroup)',
];

test('GIVEN a policy broadened to * and port 22 opened WHEN diffed THEN the report has the security section and the summary counts both changes', async () => {
  const result = await run(['diff', before, broadened]);
  expect(result.code).toBe(0);
  expect(result.stdout).toContain(SECURITY_SECTION.join('\n'));
  expect(result.stdout).toMatch(/; 2 changes broadening permissions\n$/);
});

test('GIVEN --security-only WHEN permissions broaden THEN only the security section and its count print, and the exit code is the review\'s', async () => {
  const result = await run(['diff', before, broadened, '--security-only', '--fail-on', 'security']);
  expect(result.code).toBe(1);
  expect(result.stdout).toBe([
    ...SECURITY_SECTION,
    '',
    'Security: 3 added or removed (IAM statements, managed policies, security-group rules), 2 broadening permissions',
    '',
  ].join('\n'));
  const tags = await run(['diff', before, tagsOnly, '--security-only']);
  expect([tags.code, tags.stdout]).toEqual([0, 'No security changes\n\nSecurity: 0 added or removed (IAM statements, managed policies, security-group rules), 0 broadening permissions\n']);
});

test('GIVEN --security-only with --json WHEN run THEN it is a usage error saying why', async () => {
  const result = await run(['diff', before, broadened, '--security-only', '--json']);
  expect(result.code).toBe(2);
  expect(result.stderr).toContain('--security-only is for the text report');
});

test('GIVEN --fail-on security WHEN permissions broaden THEN it exits 1; when only a tag changes THEN 0', async () => {
  expect((await run(['diff', before, broadened, '--fail-on', 'security'])).code).toBe(1);
  expect((await run(['diff', before, tagsOnly, '--fail-on', 'security'])).code).toBe(0);
});

test('GIVEN a rule on kind: security WHEN permissions broaden THEN it decides, and every output says so', async () => {
  const rules = write('security.yaml', 'rules:\n  - id: security-review\n    match: { kind: security }\n    level: fail\n    message: Permissions broaden; get a security review\n');
  const outputs = ['--markdown', path.join(DIR, 'r.md'), '--sarif', path.join(DIR, 'r.sarif'), '--html', path.join(DIR, 'r.html')];
  const result = await run(['diff', before, broadened, '--rules', rules, ...outputs]);
  expect(result.code).toBe(1);
  expect(result.stdout).toContain('[fail] AWS::EC2::SecurityGroup LbSecurityGroup\n    security-review: Permissions broaden; get a security review');
  expect(result.stdout).toContain('[fail] AWS::IAM::Policy FnServiceRoleDefaultPolicyE3F8A5B1\n    security-review');
  expect(result.stdout).not.toContain('[fail] AWS::IAM::Role');
  const markdown = fs.readFileSync(path.join(DIR, 'r.md'), 'utf8');
  expect(markdown).toContain('### 🔐 Security: IAM statements, managed policies and security-group rules (3)');
  expect(markdown).toContain('| **+!** | template | security group ingress | `tcp 22 from 0.0.0.0/0 (${LbSecurityGroup.GroupId}) (LbSecurityGroup)` |');
  expect(sarifProblems(JSON.parse(fs.readFileSync(path.join(DIR, 'r.sarif'), 'utf8')))).toEqual([]);
  const sarif = JSON.parse(fs.readFileSync(path.join(DIR, 'r.sarif'), 'utf8')).runs[0];
  expect(sarif.results.map((r: any) => r.ruleId).sort()).toEqual(['security-review', 'security-review']);
  expect(fs.readFileSync(path.join(DIR, 'r.html'), 'utf8')).toContain('<td class="level level-fail">+ broadens</td>');
  const json = JSON.parse((await run(['diff', before, broadened, '--json'])).stdout);
  expect(json.SecurityChanges.filter((row: any) => row.Broadening).map((row: any) => [row.Kind, row.LogicalResourceId])).toEqual([
    ['IamStatement', 'FnServiceRoleDefaultPolicyE3F8A5B1'], ['SecurityGroupRule', 'LbSecurityGroup'],
  ]);
});

test('GIVEN no rule WHEN permissions broaden THEN the built-in level warns with what broadens; SARIF reports it under its own rule', async () => {
  const sarifFile = path.join(DIR, 'b.sarif');
  await run(['diff', before, broadened, '--sarif', sarifFile]);
  expect(sarifProblems(JSON.parse(fs.readFileSync(sarifFile, 'utf8')))).toEqual([]);
  const results = JSON.parse(fs.readFileSync(sarifFile, 'utf8')).runs[0].results;
  const security = results.filter((r: any) => r.ruleId === 'cdk-lifecycle:security-broadening');
  expect(security.map((r: any) => r.level)).toEqual(['warning', 'warning']);
  expect(security.map((r: any) => r.message.text).join('\n')).toContain('broadens permissions: adds the ingress rule tcp 22 from 0.0.0.0/0 (${LbSecurityGroup.GroupId}) (open to every IPv4 address)');
});

describe('GIVEN aws-cdk-lib pairs that the review must judge by what they allow', () => {
  const pairFiles = (name: string) => {
    const pair = PAIRS.find((candidate) => candidate.name === name)!;
    const id = name.replace(/\W+/g, '-');
    return [write(`${id}-before.json`, synth(pair.before)), write(`${id}-after.json`, synth(pair.after))];
  };

  test.each([
    ['grantReadWriteData narrowed to grantReadData on a table'],
    ['a policy\'s logical id renamed, same statements on the same role'],
  ])('WHEN %s is diffed with --fail-on security THEN it exits 0 and marks nothing as broadening', async (name) => {
    const result = await run(['diff', ...pairFiles(name), '--fail-on', 'security']);
    expect(result.stdout).toContain('Security changes');
    expect(result.stdout).not.toMatch(/^\[\+!\]/m);
    expect(result.code).toBe(0);
  });

  test('WHEN a Lambda permission loses its EventSourceToken THEN it broadens (a condition relaxed) and --fail-on security exits 1', async () => {
    const result = await run(['diff', ...pairFiles('a Lambda permission loses its EventSourceToken'), '--fail-on', 'security']);
    expect(result.stdout).toMatch(/\[\+!\] IAM statement Allow lambda:InvokeFunction on \$\{Fn\w+\.Arn\} for Service:alexa-appkit\.amazon\.com \(FnInvoke\w+ Lambda permission\)/);
    expect(result.code).toBe(1);
  });

  test('WHEN an ECR repository is made public THEN it broadens (any principal) and --fail-on security exits 1', async () => {
    const result = await run(['diff', ...pairFiles('an ECR repository made public'), '--fail-on', 'security']);
    expect(result.stdout).toMatch(/\[\+!\] IAM statement Allow ecr:BatchGetImage, ecr:GetDownloadUrlForLayer on \$\{Repo\w+\.Arn\} for \* \(Repo\w+ RepositoryPolicyText\)/);
    expect(result.code).toBe(1);
  });
});

describe('GIVEN a narrowing and a widening through every output', () => {
  const files = (name: string) => {
    const pair = PAIRS.find((candidate) => candidate.name === name)!;
    const id = `all-${name.replace(/\W+/g, '-')}`;
    return [write(`${id}-before.json`, synth(pair.before)), write(`${id}-after.json`, synth(pair.after))];
  };
  const outputs = async (name: string, extra: string[] = []) => {
    const id = name.replace(/\W+/g, '-');
    const paths = { md: path.join(DIR, `${id}.md`), sarif: path.join(DIR, `${id}.sarif`), html: path.join(DIR, `${id}.html`) };
    const [old, current] = files(name);
    const text = await run(['diff', old, current, '--markdown', paths.md, '--sarif', paths.sarif, '--html', paths.html, ...extra]);
    const json = JSON.parse((await run(['diff', old, current, '--json'])).stdout);
    return {
      code: text.code,
      text: text.stdout.split('\n').filter((line) => line.startsWith('[+!] ')).length,
      json: json.SecurityChanges.filter((row: any) => row.Broadening).length,
      markdown: fs.readFileSync(paths.md, 'utf8').split('\n').filter((line) => line.startsWith('| **+!** |')).length,
      html: fs.readFileSync(paths.html, 'utf8').split('<td class="level level-fail">+ broadens</td>').length - 1,
      sarif: JSON.parse(fs.readFileSync(paths.sarif, 'utf8')).runs[0].results.filter((r: any) => r.ruleId === 'cdk-lifecycle:security-broadening').length,
      summary: /; (\d+) changes? broadening permissions\n$/.exec(text.stdout)?.[1] ?? '0',
    };
  };

  test('WHEN grantReadWriteData narrows to grantReadData with a kind: security rule at fail THEN no output reports a broadening and it exits 0', async () => {
    const rules = write('narrow-rules.yaml', 'rules:\n  - id: security-review\n    match: { kind: security }\n    level: fail\n    message: Permissions broaden\n');
    expect(await outputs('grantReadWriteData narrowed to grantReadData on a table', ['--rules', rules]))
      .toEqual({ code: 0, text: 0, json: 0, markdown: 0, html: 0, sarif: 0, summary: '0' });
  });

  test('WHEN a permission loses its EventSourceToken THEN every output marks the one added statement, and the summary and SARIF the one resource', async () => {
    expect(await outputs('a Lambda permission loses its EventSourceToken', ['--fail-on', 'security']))
      .toEqual({ code: 1, text: 1, json: 1, markdown: 1, html: 1, sarif: 1, summary: '1' });
  });
});

describe('GIVEN a synthesized app with a Stage and a nested stack two levels down whose function\'s grant changes', () => {
  /** The app at one version: in Prod (a Stage), stack Api, nested Storage, nested again Worker, a table granted to a function. */
  const synthApp = (outdir: string, grant: 'readWrite' | 'read' | 'full') => {
    const app = new App({ outdir });
    const stack = new Stack(new Stage(app, 'Prod'), 'Api');
    const worker = new NestedStack(new NestedStack(stack, 'Storage'), 'Worker');
    const tableInWorker = new dynamodb.Table(worker, 'Table', { partitionKey: { name: 'pk', type: dynamodb.AttributeType.STRING } });
    const handler = fn(worker);
    if (grant === 'readWrite') tableInWorker.grantReadWriteData(handler);
    else if (grant === 'read') tableInWorker.grantReadData(handler);
    else tableInWorker.grantFullAccess(handler);
    app.synth();
    return path.join(outdir, 'assembly-Prod');
  };
  const validation = process.env.CDK_VALIDATION;
  let assemblies: Record<'readWrite' | 'read' | 'full', string>;
  beforeAll(() => {
    process.env.CDK_VALIDATION = 'false';
    assemblies = {
      readWrite: synthApp(path.join(DIR, 'app-rw'), 'readWrite'),
      read: synthApp(path.join(DIR, 'app-r'), 'read'),
      full: synthApp(path.join(DIR, 'app-full'), 'full'),
    };
  });
  afterAll(() => {
    if (validation === undefined) delete process.env.CDK_VALIDATION;
    else process.env.CDK_VALIDATION = validation;
  });

  test('WHEN the grant narrows (read-write to read) THEN the nested stack\'s statements are listed and --fail-on security exits 0', async () => {
    const result = await run(['diff', assemblies.readWrite, assemblies.read, '--fail-on', 'security'], { cwd: DIR });
    expect(result.stdout).toMatch(/^\[\+\] Prod-Api\/Storage\w+\/Worker\w+ IAM statement Allow dynamodb:/m);
    expect(result.stdout).not.toMatch(/^\[\+!\]/m);
    expect(result.code).toBe(0);
  });

  test('WHEN the grant widens (read-write to dynamodb:*) THEN it broadens in the nested stack and --fail-on security exits 1', async () => {
    const result = await run(['diff', assemblies.readWrite, assemblies.full, '--fail-on', 'security'], { cwd: DIR });
    expect(result.stdout).toMatch(/^\[\+!\] Prod-Api\/Storage\w+\/Worker\w+ IAM statement Allow dynamodb:\* on \$\{Table\w+\.Arn\}/m);
    expect(result.code).toBe(1);
  });
});
