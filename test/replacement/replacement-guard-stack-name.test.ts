/**
 * The guard with a baseline when a stack's name changes and its construct stays (the same
 * artifact id): the new name is a new CloudFormation stack, and the old one stays deployed
 * (`cdk deploy` deletes no stack), still holding its names.
 */
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { App, Aspects, Stack } from 'aws-cdk-lib';
import { Annotations, Match } from 'aws-cdk-lib/assertions';
import * as sqs from 'aws-cdk-lib/aws-sqs';
import { FindingId, ReplacementGuard } from '../../src';

function build(app: App, stackName?: string): Stack {
  const stack = new Stack(app, 'Data', stackName === undefined ? {} : { stackName });
  new sqs.Queue(stack, 'Worker', { queueName: 'acme-worker' });
  return stack;
}

test('GIVEN the baseline of stack Data WHEN the same construct is deployed as stack Acme-Data THEN its named queue gets the error: Data stays deployed and holds the name', () => {
  const baseline = fs.mkdtempSync(path.join(os.tmpdir(), 'baseline-'));
  const deployed = new App({ outdir: baseline });
  build(deployed);
  deployed.synth();

  const app = new App();
  const renamed = build(app, 'Acme-Data');
  Aspects.of(app).add(new ReplacementGuard({ baseline }));

  const found = Annotations.fromStack(renamed).findError('*', Match.stringLikeRegexp(FindingId.REPLACEMENT_WILL_FAIL));
  expect(found.map((finding) => finding.id)).toEqual(['/Data/Worker/Resource']);
  expect(String(found[0].entry.data)).toContain('QueueName "acme-worker" is still held by Worker11F36D0F in stack Data, a stack the app no longer has: cdk deploy does not delete it');
});
