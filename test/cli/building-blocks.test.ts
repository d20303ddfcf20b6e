/**
 * The CLI's pieces on their own: parameter values, the reference chain,
 * the colour switch and the version look-up.
 */
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { FIXTURES } from './helpers';
import { PredictedChangeDetail, PredictedResourceChange } from '../../src/change-set';
import { parametersFor, parseParameters } from '../../src/cli/input/parameter-values';
import { useColour } from '../../src/cli/render/style';
import { packageVersion } from '../../src/review/package-version';
import { referenceChain } from '../../src/review/reference-chain';

describe('parameter values', () => {
  test.each([
    ['one pair', ['Env=prod'], { Env: 'prod' }],
    ['pairs separated by commas', ['Env=prod,Size=3'], { Env: 'prod', Size: '3' }],
    ['a list value', ['Subnets=a,b,Env=prod'], { Subnets: 'a,b', Env: 'prod' }],
    ['a value with = in it', ['Query=a=b'], { Query: 'a=b' }],
    ['an empty value', ['Env='], { Env: '' }],
    ['the same name twice', ['Env=dev', 'Env=prod'], { Env: 'prod' }],
  ])('GIVEN %s WHEN parsed THEN the values are %j', (_, values, expected) => {
    expect(parseParameters(values, '--parameters-after', FIXTURES)).toEqual({ everyStack: expected, byStack: new Map() });
  });

  test('GIVEN values for every stack and for one stack WHEN a stack asks THEN its own values override the shared ones', () => {
    const parsed = parseParameters(['Env=dev,Api:Env=prod', 'Api:Size=2'], '--parameters-after', FIXTURES);

    expect(parametersFor(parsed, 'Api')).toEqual({ Env: 'prod', Size: '2' });
    expect(parametersFor(parsed, 'Other')).toEqual({ Env: 'dev' });
    expect(parametersFor(parsed, undefined)).toEqual({ Env: 'dev' });
  });

  test('GIVEN parameter files WHEN parsed THEN lists are comma-joined and UsePreviousValue entries are skipped', () => {
    expect(parseParameters(['@params-before.json'], '--parameters-before', FIXTURES).everyStack).toEqual({ Env: 'staging' });
    expect(parseParameters(['@params-after.yaml'], '--parameters-after', FIXTURES).everyStack).toEqual({ Env: 'prod', Subnets: 'subnet-1,subnet-2' });
  });

  test.each([
    ['a list that is not of parameters', '[1]', /expected \[\{ "ParameterKey": \.\.\., "ParameterValue": \.\.\. \}\], found an item 1/],
    ['a scalar', '"prod"', /expected an object of parameter values/],
  ])('GIVEN a parameter file holding %s WHEN parsed THEN the error says what was expected', (_, content, message) => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'cdk-lifecycle-cli-'));
    try {
      fs.writeFileSync(path.join(dir, 'params.json'), content);

      expect(() => parseParameters(['@params.json'], '--parameters-before', dir)).toThrow(message);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('reference chain', () => {
  const detail = (partial: Partial<PredictedChangeDetail>): PredictedChangeDetail => ({
    attribute: 'Properties', name: 'Prop', requiresRecreation: 'Always', evaluation: 'Dynamic', changeSource: 'DirectModification', path: '/Properties/Prop', attributeChangeType: 'Modify', ...partial,
  });
  const modify = (logicalResourceId: string, replacement: string, details: PredictedChangeDetail[]): PredictedResourceChange => ({
    action: 'Modify', logicalResourceId, resourceType: 'AWS::Test::Thing', replacement, scope: ['Properties'], details,
  });
  const byRef = (name: string, entity: string) => detail({ name, changeSource: 'ResourceReference', causingEntity: entity });
  const chainOf = (changes: PredictedResourceChange[], logicalId: string, of: PredictedChangeDetail) =>
    referenceChain(new Map(changes.map((change) => [change.logicalResourceId, change])), logicalId, of);

  test('GIVEN a replacement caused by a parameter WHEN chained THEN the chain starts at the parameter', () => {
    const changes = [
      modify('Bucket', 'True', [
        detail({ name: 'BucketName' }),
        detail({ name: 'BucketName', evaluation: 'Static', changeSource: 'ParameterReference', causingEntity: 'Env' }),
      ]),
      modify('Policy', 'Conditional', [byRef('Bucket', 'Bucket')]),
    ];

    expect(chainOf(changes, 'Policy', changes[1].details[0])).toBe('Bucket replaced (BucketName ← parameter Env: Always, Static) → Policy.Bucket (Ref Bucket)');
  });

  test('GIVEN a conditional root WHEN chained THEN the root says it may be replaced', () => {
    const changes = [
      modify('Db', 'Conditional', [detail({ name: 'DBParameterGroupName', requiresRecreation: 'Conditionally', evaluation: 'Static' })]),
      modify('Proxy', 'Conditional', [byRef('Target', 'Db')]),
    ];

    expect(chainOf(changes, 'Proxy', changes[1].details[0])).toBe('Db may be replaced (DBParameterGroupName: Conditionally, Static) → Proxy.Target (Ref Db)');
  });

  test('GIVEN references that form a cycle WHEN chained THEN the walk stops', () => {
    const changes = [modify('A', 'Conditional', [byRef('ToB', 'B')]), modify('B', 'Conditional', [byRef('ToA', 'A')])];

    expect(chainOf(changes, 'A', changes[0].details[0])).toBe('A may be replaced → B.ToA (Ref A) → A.ToB (Ref B)');
  });

  test('GIVEN a causing resource that is not among the changes WHEN chained THEN the chain names it', () => {
    const changes = [modify('Policy', 'Conditional', [byRef('Bucket', 'Gone')])];

    expect(chainOf(changes, 'Policy', changes[0].details[0])).toBe('Gone replaced → Policy.Bucket (Ref Gone)');
  });

  test('GIVEN a direct change WHEN chained THEN there is no chain', () => {
    expect(chainOf([], 'Bucket', detail({}))).toBeUndefined();
  });
});

describe('colours and version', () => {
  test.each([
    [true, true, {}, true],
    [false, true, {}, false],
    [true, false, {}, false],
    [true, true, { NO_COLOR: 'yes' }, false],
    [true, true, { NO_COLOR: '' }, true],
  ])('GIVEN isTTY %s, colour flag %s and env %j WHEN asked THEN colours are %s', (isTTY, flag, env, expected) => {
    expect(useColour(isTTY, flag, env)).toBe(expected);
  });

  test('GIVEN the compiled location lib/cli WHEN the version is looked up THEN package.json two folders up answers', () => {
    const root = path.join(__dirname, '..', '..');
    const { version } = JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8'));

    expect(packageVersion(path.join(root, 'lib', 'cli'))).toBe(version);
    expect(packageVersion(path.join(root, 'src', 'cli'))).toBe(version);
  });

  test('GIVEN a folder outside any cdk-lifecycle package WHEN the version is looked up THEN it is unknown', () => {
    expect(packageVersion(os.tmpdir())).toBe('unknown');
  });
});
