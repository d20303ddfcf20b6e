/** Reviews built from the CLI's fixture assemblies and from generated templates, for the review tests. */
import * as path from 'node:path';
import { predictStacks } from '../../src/cli/commands/diff/predict-stacks';
import { reviewOf } from '../../src/cli/commands/diff/review-of';
import { pairStacks, readSide } from '../../src/cli/input/stack-pairs';
import { Review } from '../../src/review/review-model';
import { FailOn, ReviewRule } from '../../src/review/review-rules';

export const FIXTURES = path.join(__dirname, '..', 'cli', 'fixtures');
export const ROOT = path.join(__dirname, '..', '..');

const NO_PARAMETERS = { before: { everyStack: {}, byStack: new Map() }, after: { everyStack: {}, byStack: new Map() } };

/** The review of two sides (template files or assemblies), as `diff` builds it. */
export function reviewSides(before: string, after: string, rules: readonly ReviewRule[] = [], failOn: FailOn = 'failure', cwd: string = FIXTURES): Review {
  const pairs = pairStacks(readSide(before, cwd), readSide(after, cwd), []);
  return reviewOf(predictStacks(pairs, NO_PARAMETERS), rules, failOn, cwd);
}

/** The review of in-memory templates, stack by stack (`[before, after]`; undefined for a side without the stack). */
export function reviewTemplates(stacks: Record<string, [unknown, unknown]>, rules: readonly ReviewRule[] = [], failOn: FailOn = 'failure'): Review {
  const side = (template: unknown) => (template === undefined ? undefined : { template: template as never, nestedTemplates: new Map() });
  const pairs = Object.entries(stacks).map(([name, [before, after]]) => ({ name, before: side(before), after: side(after) }));
  return reviewOf(predictStacks(pairs, NO_PARAMETERS), rules, failOn, ROOT);
}

/** A resource, for small templates. */
export function resource(type: string, properties: Record<string, unknown> = {}, extra: Record<string, unknown> = {}): Record<string, unknown> {
  return { Type: type, Properties: properties, ...extra };
}

/**
 * A pair of templates in which every one of `count` resources changes, of every kind: queues
 * updated in place, tables replaced (their key changes), topics referencing a replaced table
 * (maybe replaced, through a reference), named tables replaced (a certain failure), and
 * resources added and removed. Fast to build, for the 5,000-change outputs.
 */
export function everyKindOfChange(count: number): { before: Record<string, any>; after: Record<string, any> } {
  const before: Record<string, any> = {};
  const after: Record<string, any> = {};
  const table = (key: string, name?: string) => resource('AWS::DynamoDB::Table', {
    KeySchema: [{ AttributeName: key, KeyType: 'HASH' }], AttributeDefinitions: [{ AttributeName: key, AttributeType: 'S' }], ...(name === undefined ? {} : { TableName: name }),
  });
  for (let index = 0; index < count; index++) {
    const id = (kind: string) => `${kind}${index}`;
    switch (index % 6) {
      case 0: before[id('Queue')] = resource('AWS::SQS::Queue', { VisibilityTimeout: 30 }); after[id('Queue')] = resource('AWS::SQS::Queue', { VisibilityTimeout: 60 }); break;
      case 1: before[id('Table')] = table('id'); after[id('Table')] = table('pk'); break;
      case 2: {
        const cause = `Table${index - 1}`;
        before[id('Topic')] = resource('AWS::SNS::Topic', { TopicName: { 'Fn::Sub': `\${${cause}}-topic` } });
        after[id('Topic')] = resource('AWS::SNS::Topic', { TopicName: { 'Fn::Sub': `\${${cause}}-topic` } });
        break;
      }
      case 3: before[id('Named')] = table('id', `named-${index}`); after[id('Named')] = table('pk', `named-${index}`); break;
      case 4: after[id('Added')] = resource('AWS::SQS::Queue', { DelaySeconds: index % 900 }); break;
      default: before[id('Removed')] = resource('AWS::SNS::Topic', { DisplayName: `removed ${index}` });
    }
  }
  return { before: { Resources: before }, after: { Resources: after } };
}
