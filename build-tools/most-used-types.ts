/**
 * The resource types the name model must cover by derivation or curation ("the most used"):
 * every type an L2 construct of aws-cdk-lib creates (its hand-written `lib/*.js` files that
 * call `new Cfn<Type>(...)`; 309 types in aws-cdk-lib 2.270.0), plus the types of the real
 * apps and templates the replacement-truth work was checked against. CDK users create
 * resources mostly through L2 constructs, and those types are the ones public CDK apps and
 * templates name; a type outside this list keeps the derived scope (its ARN format, else one
 * account and Region).
 *
 * Writes build-tools/data/most-used-types.json; a test checks that every named type in it has
 * a scope that is not the default.
 *
 *   npx ts-node --transpile-only build-tools/most-used-types.ts
 */
import * as fs from 'fs';
import * as path from 'path';

export const MOST_USED = path.join(__dirname, 'data', 'most-used-types.json');

/** Types of the real apps and templates the issue lists, beyond those an L2 creates. */
export const FROM_REAL_APPS = [
  'AWS::Amplify::Branch', 'AWS::Amplify::App', 'AWS::Transfer::User', 'AWS::Transfer::Server', 'AWS::DataPipeline::Pipeline',
  'AWS::WAFv2::WebACL', 'AWS::Route53::RecordSet', 'AWS::AppSync::DataSource', 'AWS::Lambda::Alias', 'AWS::CodeCommit::Repository',
  'AWS::ApplicationAutoScaling::ScalingPolicy', 'AWS::AutoScaling::AutoScalingGroup', 'AWS::AutoScaling::LaunchConfiguration',
];

/** The committed list. */
export interface MostUsedTypes {
  readonly source: string;
  readonly types: readonly string[];
}

export function readMostUsedTypes(): MostUsedTypes {
  return JSON.parse(fs.readFileSync(MOST_USED, 'utf-8'));
}

/** The types aws-cdk-lib's L2 constructs create, from its installed JavaScript. */
export function typesCreatedByL2Constructs(root: string): string[] {
  const files: string[] = [];
  const walk = (dir: string): void => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory() && entry.name !== 'node_modules') walk(full);
      else if (entry.name.endsWith('.js')) files.push(full);
    }
  };
  walk(root);
  const moduleOf = (file: string) => path.relative(root, file).split(path.sep)[0];
  const classes = new Map<string, Map<string, string>>();
  for (const file of files.filter((f) => f.endsWith('.generated.js'))) {
    const text = fs.readFileSync(file, 'utf8');
    for (const match of text.matchAll(/class (Cfn[A-Za-z0-9]+) extends[^{]*\{[^]*?CFN_RESOURCE_TYPE_NAME="([^"]+)"/g)) {
      const byClass = classes.get(moduleOf(file)) ?? new Map<string, string>();
      byClass.set(match[1], match[2]);
      classes.set(moduleOf(file), byClass);
    }
  }
  const created = new Set<string>();
  // Hand-written construct code only: not the generated L1s, not core, not the mixins that
  // mention every L1 class.
  const handWritten = files.filter((f) => !f.endsWith('.generated.js') && /[\\/]lib[\\/]/.test(f) && !/[\\/](core|mixins)[\\/]/.test(f));
  for (const file of handWritten) {
    const text = fs.readFileSync(file, 'utf8');
    for (const match of text.matchAll(/new\s*\(?[\w$]+(?:\(\))?\)?\.(Cfn[A-Z][A-Za-z0-9]*)\(/g)) {
      const type = classes.get(moduleOf(file))?.get(match[1]) ?? [...classes.values()].map((byClass) => byClass.get(match[1])).find(Boolean);
      if (type !== undefined) created.add(type);
    }
  }
  return [...created].sort();
}

if (require.main === module) {
  const root = path.join(__dirname, '..', 'node_modules', 'aws-cdk-lib');
  const version = JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf-8')).version;
  const l2 = typesCreatedByL2Constructs(root);
  const types = [...new Set([...l2, ...FROM_REAL_APPS])].sort();
  const list: MostUsedTypes = {
    source: `the ${l2.length} types the L2 constructs of aws-cdk-lib ${version} create, plus ${types.length - l2.length} more of the real apps the guard was checked against`,
    types,
  };
  fs.writeFileSync(MOST_USED, `${JSON.stringify(list, null, 1)}\n`);
  console.log(`${MOST_USED}: ${types.length} types (${list.source})`);
}
