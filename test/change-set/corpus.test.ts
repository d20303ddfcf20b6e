/**
 * A corpus of templates shaped like public CloudFormation templates (written for this
 * project: JSON and YAML with short forms, conditions, mappings, SSM parameter types, update
 * policies, and the YAML quirks CloudFormation accepts). Each is read with the shared reader
 * and compared with itself: no change, no failure. A parameter that flips a condition is
 * predicted on two of them.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import { deepFreeze } from './helpers';
import { readTemplateFile as readTemplate } from '../../src/assembly/read-file';
import { ChangeSetPredictor } from '../../src/change-set';

const CORPUS = path.join(__dirname, 'corpus');
const files = fs.readdirSync(CORPUS).sort();
const parsed = new Map<string, ReturnType<typeof readTemplate>>();
/** Each file read once (the mutation run repeats these tests for many mutants). */
const read = (file: string) => {
  if (!parsed.has(file)) parsed.set(file, readTemplate(path.join(CORPUS, file), file));
  return parsed.get(file)!;
};
/** A fresh reading, for comparing two readings of one file. */
const readAgain = (file: string) => readTemplate(path.join(CORPUS, file), file);

test('GIVEN the corpus WHEN listed THEN it holds JSON and YAML templates', () => {
  expect(files.filter((file) => file.endsWith('.json')).length).toBeGreaterThanOrEqual(2);
  expect(files.filter((file) => file.endsWith('.yaml')).length).toBeGreaterThanOrEqual(5);
});

test.each(files)('GIVEN %s WHEN compared with itself THEN there is no change and no failure', (file) => {
  const { value } = read(file);
  const template = deepFreeze(structuredClone(value));
  expect(Object.keys(template.Resources).length).toBeGreaterThanOrEqual(3);
  const changeSet = ChangeSetPredictor.predict(template, template);
  expect(changeSet.toJson()).toEqual([]);
  expect(changeSet.failures).toEqual([]);
});

test.each(files)('GIVEN %s parsed twice WHEN the two readings are compared with the same parameter values on both sides THEN there is no change', (file) => {
  const values = { Env: 'prod', Stage: 'prod', CreateNatGateway: 'false', RoleName: 'app' };
  expect(ChangeSetPredictor.predict(read(file).value, readAgain(file).value, { parameters: { before: values, after: values } }).changes).toEqual([]);
});

test('GIVEN the template with CloudFormation\'s YAML quirks WHEN read THEN the last duplicate wins with a warning, and the continued scalars are whole', () => {
  const { value, warnings } = read('cfn-quirks.yaml');
  expect(warnings).toEqual(['cfn-quirks.yaml: duplicate key "VisibilityTimeout" at line 23, column 7 (first at line 22): CloudFormation uses the last value']);
  expect((value.Resources.Orders as any).Properties.VisibilityTimeout).toBe(120);
  expect(value.Description).toBe('Queues and a topic for the order pipeline, with a dead-letter queue');
  expect((value.Parameters as any).Prefix.Description).toBe('Prefix of every queue name; keep it short: queue names have at most 80 characters');
});

test('GIVEN the two-tier VPC WHEN the NAT gateway parameter turns it off THEN the resources under its condition are removed', () => {
  const { value } = read('vpc-two-tier.yaml');
  const changeSet = ChangeSetPredictor.predict(value, value, { parameters: { after: { CreateNatGateway: 'false' } } });
  expect(changeSet.changes.map((change) => `${change.action} ${change.logicalResourceId}`)).toEqual(['Remove NatEip', 'Remove NatGateway', 'Remove PrivateDefaultRoute']);
});

test('GIVEN the optional-name IAM template WHEN the stage becomes prod THEN the audit policy is added, the role\'s policy list changes in place and the topic named after the stage is renamed', () => {
  const { value } = read('conditional-iam.yaml');
  const changeSet = ChangeSetPredictor.predict(value, value, { parameters: { before: { Stage: 'dev' }, after: { Stage: 'prod' } } });
  expect(changeSet.changes.map((change) => `${change.action} ${change.logicalResourceId} ${change.replacement ?? ''}`.trim())).toEqual(['Modify AppRole False', 'Add AuditPolicy', 'Modify GlobalOnly True']);
  expect(changeSet.failures).toEqual([]);
});

test('GIVEN the optional-name IAM template WHEN a role name is given and a permissions boundary added THEN the named role is updated in place', () => {
  const { value } = read('conditional-iam.yaml');
  const changeSet = ChangeSetPredictor.predict(value, value, { parameters: { before: { RoleName: 'app' }, after: { RoleName: 'app', PermissionsBoundaryArn: 'arn:aws:iam::1:policy/b' } } });
  expect(changeSet.changes.map((change) => `${change.logicalResourceId} ${change.replacement}`)).toEqual(['AppRole False']);
});
