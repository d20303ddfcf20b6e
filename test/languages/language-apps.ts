/**
 * The languages apps (test/languages/<language>/), synthesized with the real cdk CLI as their
 * users run it (`cdk synth` in the app's folder, the app command from its cdk.json), and what
 * is compared between them: the templates, the guard's findings and what the provider answers.
 */
import { spawnSync, SpawnSyncReturns } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';

export const ROOT = path.join(__dirname, '..', '..');
const CDK = path.join(ROOT, 'node_modules', '.bin', 'cdk');

/** The languages whose apps run end to end here; `typescript` is the reference. */
export type Language = 'typescript' | 'python' | 'go' | 'java';

/** What each language needs before its app can run, and how the test finds it. */
const SETUP: Record<Language, { env: () => NodeJS.ProcessEnv; ready: () => string | undefined }> = {
  typescript: { env: () => ({}), ready: () => undefined },
  python: {
    // As `source .venv/bin/activate` does: the app command `python3 app.py` runs the venv's Python.
    env: () => ({ VIRTUAL_ENV: venv(), PATH: `${path.join(venv(), 'bin')}${path.delimiter}${process.env.PATH}` }),
    ready: () => (fs.existsSync(path.join(venv(), 'bin', 'python3')) ? undefined : `no Python virtual environment at ${venv()}`),
  },
  go: {
    env: () => ({}),
    ready: () => (fs.existsSync(path.join(ROOT, 'dist', 'go', 'cdklifecycle', 'go.mod')) ? undefined : 'no Go module in dist/go/cdklifecycle'),
  },
  java: {
    env: () => ({}),
    ready: () => (fs.existsSync(path.join(ROOT, 'dist', 'java-local', 'java', 'target', 'cdk-lifecycle-0.0.0.jar')) ? undefined : 'no jar in dist/java-local'),
  },
};

function venv(): string {
  return path.join(ROOT, 'test', 'languages', 'python', '.venv');
}

/** One app's synthesis: what the CLI printed and where the cloud assembly is. */
export interface Synthesized {
  readonly language: Language;
  readonly result: SpawnSyncReturns<string>;
  readonly outdir: string;
}

/**
 * Runs `cdk synth` in the language's app folder into a new folder. Throws when the language
 * is not set up (the test task sets it up: `npx projen test:languages`).
 */
export function synthesize(language: Language): Synthesized {
  const missing = SETUP[language].ready();
  if (missing !== undefined) throw new Error(`${language}: ${missing}; run npx projen test:languages (or test:${language}) first`);
  const outdir = fs.mkdtempSync(path.join(os.tmpdir(), `cdk-lifecycle-${language}-`));
  const result = spawnSync(CDK, ['synth', '--no-notices', '--quiet', '--output', outdir], {
    cwd: path.join(ROOT, 'test', 'languages', language),
    encoding: 'utf8',
    // A cold Go build of aws-cdk-go takes minutes on two cores.
    timeout: 1_200_000,
    env: {
      ...process.env,
      ...SETUP[language].env(),
      CDK_DISABLE_CLI_TELEMETRY: 'true',
      CDK_DISABLE_VERSION_CHECK: '1',
      JSII_SILENCE_WARNING_END_OF_LIFE_NODE_VERSION: '20',
      JSII_SILENCE_SUPPORT_WARNING: '1',
      CI: 'true',
    },
  });
  return { language, result, outdir };
}

/** The stacks of the assembly, by artifact id. */
export function stackIds(outdir: string): string[] {
  const manifest = JSON.parse(fs.readFileSync(path.join(outdir, 'manifest.json'), 'utf8'));
  return Object.entries<any>(manifest.artifacts).filter(([, a]) => a.type === 'aws:cloudformation:stack').map(([id]) => id).sort();
}

/**
 * A stack's template as the languages must agree on it: without aws-cdk-lib's analytics
 * resource (it names the language and the library versions) and with asset hashes replaced.
 */
export function comparableTemplate(outdir: string, stack: string): any {
  const template = JSON.parse(fs.readFileSync(path.join(outdir, `${stack}.template.json`), 'utf8'));
  delete template.Resources?.CDKMetadata;
  delete template.Conditions?.CDKMetadataAvailable;
  if (template.Conditions && Object.keys(template.Conditions).length === 0) delete template.Conditions;
  return JSON.parse(JSON.stringify(template).replace(/[0-9a-f]{64}/g, '<asset-hash>'));
}

/** A warning or an error on a construct, as the cdk CLI reads it from the assembly. */
export interface Annotation {
  readonly stack: string;
  readonly path: string;
  readonly level: 'warning' | 'error';
  readonly message: string;
}

/** The warnings and errors of every stack (in the manifest or the stack's metadata file). */
export function annotations(outdir: string): Annotation[] {
  const manifest = JSON.parse(fs.readFileSync(path.join(outdir, 'manifest.json'), 'utf8'));
  const found: Annotation[] = [];
  for (const [stack, artifact] of Object.entries<any>(manifest.artifacts)) {
    const metadata = { ...(artifact.metadata ?? {}) };
    if (artifact.additionalMetadataFile) Object.assign(metadata, JSON.parse(fs.readFileSync(path.join(outdir, artifact.additionalMetadataFile), 'utf8')));
    for (const [at, entries] of Object.entries<any[]>(metadata)) {
      for (const entry of entries) {
        const level = entry.type === 'aws:cdk:warning' ? 'warning' : entry.type === 'aws:cdk:error' ? 'error' : undefined;
        if (level !== undefined) found.push({ stack, path: at, level, message: String(entry.data) });
      }
    }
  }
  return found.sort((a, b) => `${a.path}${a.message}`.localeCompare(`${b.path}${b.message}`));
}

/** The policy-validation plugin's violations, without what names the library version and the source lines. */
export function pluginViolations(outdir: string): Array<Record<string, unknown>> {
  const report = JSON.parse(fs.readFileSync(path.join(outdir, 'validation-report.json'), 'utf8'));
  const violations = report.pluginReports.flatMap((plugin: any) => plugin.violations.map((violation: any) => ({ plugin, violation })));
  return violations.flatMap(({ plugin, violation }: any) => violation.violatingConstructs.map((construct: any) => ({
    plugin: plugin.pluginName,
    conclusion: plugin.conclusion,
    rule: violation.ruleName,
    severity: violation.severity,
    description: violation.description,
    constructPath: construct.constructPath,
    logicalId: construct.cloudFormationResource?.logicalId,
    propertyPaths: construct.cloudFormationResource?.propertyPaths,
  })));
}
