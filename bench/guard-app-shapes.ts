/**
 * The guard's findings on CDK apps shaped like the real ones of issue 9 (test/replacement/
 * app-shapes.ts), counted as true or false against what a correct guard reports: a finding
 * on a shape whose truth is `none` is a false alarm, a missing one on a `finding` shape a
 * miss.
 *
 * Run with this checkout's guard, or with another checkout's `src` folder to compare (the
 * folder must sit inside this repository so that it finds node_modules):
 *
 *   npx ts-node --transpile-only bench/guard-app-shapes.ts [path/to/src]
 *   git archive main src | tar -x -C bench/.out/main && npx ts-node --transpile-only bench/guard-app-shapes.ts bench/.out/main/src
 */
import * as path from 'node:path';
import { App, Aspects, Stack } from 'aws-cdk-lib';
import { Annotations, Match } from 'aws-cdk-lib/assertions';
import { APP_SHAPES } from '../test/replacement/app-shapes';

const source = path.resolve(process.argv[2] ?? path.join(__dirname, '..', 'src'));
// eslint-disable-next-line @typescript-eslint/no-require-imports
const { ReplacementGuard } = require(source) as typeof import('../src');
const FINDING = 'cdk-lifecycle:named-resource-replacement';

let trueFindings = 0;
let falseFindings = 0;
let missed = 0;
const rows: string[] = [];
for (const shape of APP_SHAPES) {
  const app = new App();
  const stack = new Stack(app, 'Shape', { env: { account: '123456789012', region: 'us-east-1' } });
  shape.build(stack);
  Aspects.of(app).add(new ReplacementGuard());
  const found = [...Annotations.fromStack(stack).findWarning('*', Match.stringLikeRegexp(FINDING)), ...Annotations.fromStack(stack).findError('*', Match.stringLikeRegexp(FINDING))]
    .filter((finding) => String(finding.entry.data).startsWith(shape.type)).length;
  const verdict = shape.truth === 'finding'
    ? (found > 0 ? 'true finding' : 'missed')
    : (found > 0 ? 'FALSE finding' : 'correctly silent');
  if (verdict === 'true finding') trueFindings += found;
  if (verdict === 'FALSE finding') falseFindings += found;
  if (verdict === 'missed') missed++;
  rows.push(`| ${shape.type} | ${shape.name} | ${shape.truth} | ${found} | ${verdict} |`);
}
console.log(`ReplacementGuard on ${APP_SHAPES.length} app shapes, guard from ${path.relative(process.cwd(), source) || '.'}\n`);
console.log('| type | shape | truth | findings | verdict |');
console.log('|---|---|---|---:|---|');
for (const row of rows) console.log(row);
console.log(`\nfindings: ${trueFindings + falseFindings} (${trueFindings} true, ${falseFindings} false); shapes missed: ${missed}`);
