/**
 * Realistic template pairs (issue 18): a CDK-synthesized app in two versions
 * (`realistic/synth-cdk-pairs.ts` writes them), and hand-written templates in YAML (short
 * forms, mappings, cfn-init metadata, a parameter added) and JSON (a replacing Auto Scaling
 * group on a launch template). Each is compared with the change set expected from the rules
 * CloudFormation's recorded change sets follow, on Action, Replacement and the details as a
 * multiset (`Attribute/Name/RequiresRecreation/Evaluation/ChangeSource/CausingEntity`).
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import { deepFreeze } from './helpers';
import { readTemplateFile as readTemplate } from '../../src/assembly/read-file';
import { ChangeSetPredictor, PredictedResourceChange } from '../../src/change-set';

const FOLDER = path.join(__dirname, 'realistic');
const PAIRS: ReadonlyArray<[name: string, before: string, after: string]> = [
  ['cdk-orders', 'cdk-orders.before.json', 'cdk-orders.after.json'],
  ['network', 'network.before.yaml', 'network.after.yaml'],
  ['web', 'web.before.json', 'web.after.json'],
];

/** A change as compared: its action, replacement, failure certainty and the sorted multiset of its details. */
function summary(change: PredictedResourceChange): Record<string, unknown> {
  return {
    Action: change.action,
    ...(change.replacement === undefined ? {} : { Replacement: change.replacement }),
    ...(change.failure === undefined ? {} : { Failure: change.failure.certainty }),
    Details: change.details
      .map((d) => [d.attribute, d.name ?? '-', d.requiresRecreation, d.evaluation, d.changeSource, d.causingEntity ?? '-'].join('/'))
      .sort(),
  };
}

const read = (file: string) => readTemplate(path.join(FOLDER, file), file).value;
const json = (file: string) => (fs.existsSync(path.join(FOLDER, file)) ? JSON.parse(fs.readFileSync(path.join(FOLDER, file), 'utf8')) : undefined);

test.each(PAIRS)('GIVEN the realistic pair %s WHEN predicted THEN each change has the expected action, replacement and details', (name, before, after) => {
  const changeSet = ChangeSetPredictor.predict(deepFreeze(read(before)), deepFreeze(read(after)), deepFreeze(json(`${name}.options.json`)));

  expect(Object.fromEntries(changeSet.changes.map((change) => [change.logicalResourceId, summary(change)]))).toEqual(json(`${name}.expected.json`));
});

test('GIVEN the realistic pairs WHEN listed THEN CDK-synthesized JSON and hand-written YAML and JSON are all there', () => {
  expect(read('cdk-orders.after.json').Resources).toHaveProperty('HandlerServiceRoleDefaultPolicyCBD0CC91');
  expect(PAIRS.map(([, before]) => path.extname(before)).sort()).toEqual(['.json', '.json', '.yaml']);
});

test('GIVEN the CDK pair WHEN described with property values THEN dependents of the replaced table get the pair, dependents of resources updated in place get nothing, and every detail has its values', () => {
  const changeSet = ChangeSetPredictor.predict(deepFreeze(read('cdk-orders.before.json')), deepFreeze(read('cdk-orders.after.json')), { includePropertyValues: true });
  const byId = Object.fromEntries(changeSet.changes.map((change) => [change.logicalResourceId, summary(change)]));

  expect(byId.Handler886CB40B.Details).toEqual([
    'Properties/Environment/Never/Dynamic/DirectModification/-',
    'Properties/Environment/Never/Static/ResourceReference/OrdersA9B65338',
  ]);
  expect(Object.keys(byId)).not.toContain('WorkOrdersEventsE88333D11FB34E7B');
  expect(Object.keys(byId)).not.toContain('WorkPolicyF095EBA3');
  for (const change of changeSet.toJson()) {
    expect(change.ResourceChange.BeforeContext).toEqual(expect.stringMatching(/^\{"Properties":/));
    for (const detail of change.ResourceChange.Details) expect(detail.Target).toMatchObject({ Path: expect.stringMatching(/^\//), AttributeChangeType: expect.any(String) });
  }
});
