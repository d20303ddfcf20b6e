import { awscdk, javascript } from 'projen';

const project = new awscdk.AwsCdkConstructLibrary({
  name: 'cdk-lifecycle',
  description: 'CDK constructs that make custom resources never hang a stack and show resource replacement before you deploy.',
  author: 'cdk-lifecycle developers',
  authorAddress: 'dev@cdk-lifecycle.invalid',
  repositoryUrl: 'https://github.com/cdk-lifecycle/cdk-lifecycle.git',
  keywords: ['cdk', 'aws-cdk', 'custom-resource', 'cloudformation', 'replacement', 'change-set'],
  defaultReleaseBranch: 'main',
  packageManager: javascript.NodePackageManager.NPM,
  projenrcTs: true,

  cdkVersion: '2.270.0',
  jsiiVersion: '~6.0.0',
  typescriptVersion: '~6.0.3',
  minNodeVersion: '20.0.0',

  tsconfigDevFile: 'tsconfig.dev.json',
  eslintOptions: {
    dirs: ['src'],
    devdirs: ['test', 'bench', 'build-tools', 'examples'],
    projectService: false,
    tsconfigPath: './tsconfig.dev.json',
  },
  jestOptions: {
    jestConfig: {
      testTimeout: 60_000,
      // CDK test files each pay ~2.5 s to load aws-cdk-lib; two workers fit the 2-core machine.
      maxWorkers: 2,
      coveragePathIgnorePatterns: ['/node_modules/', '\\.generated\\.ts$', '/build-tools/'],
      // Quiets aws-cdk-lib's template validator in tests (see the file).
      setupFiles: ['<rootDir>/test/jest.setup.ts'],
      // The languages apps need their packages built and their registries' aws-cdk-lib:
      // `npx projen test:languages` runs them (see below).
      testPathIgnorePatterns: ['/node_modules/', '<rootDir>/test/languages/'],
    },
  },
  typecheckTests: true,

  // No GitHub here: the workflows cannot run, CI is `.ci/run`.
  github: false,
  release: false,
  depsUpgrade: false,
  pullRequestTemplate: false,

  publishToPypi: { distName: 'cdk-lifecycle', module: 'cdk_lifecycle' },
  publishToMaven: {
    javaPackage: 'io.github.cdklifecycle',
    mavenGroupId: 'io.github.cdk-lifecycle',
    mavenArtifactId: 'cdk-lifecycle',
  },
  publishToNuget: { dotNetNamespace: 'CdkLifecycle', packageId: 'CdkLifecycle' },
  publishToGo: { moduleName: 'github.com/cdk-lifecycle/cdk-lifecycle-go' },

  devDeps: [
    'esbuild@^0.25',
    'fast-check@^4',
    'aws-cdk@^2',
    'cdk-nag@^2',
    '@types/aws-lambda@^8',
    '@aws-sdk/client-lambda@^3',
    // The runtime keeps a long wait's response URL in SSM (Lambda's Node.js runtime provides it).
    '@aws-sdk/client-ssm@^3',
    // Only for bench/: aws-cdk-lib's provider framework loads it eagerly.
    '@aws-sdk/client-sfn@^3',
    // The CloudFormation resource specification, pinned exactly: the committed generated
    // replacement table must not drift with a caret range.
    '@aws-cdk/aws-service-spec@0.1.216',
    '@aws-cdk/service-spec-types@0.0.282',
    '@aws-cdk/cloudformation-diff@^2.187.5',
    // Mutation testing (StrykerJS 9: the last line that runs on Node 20).
    '@stryker-mutator/core@9.6.1',
    '@stryker-mutator/jest-runner@9.6.1',
    // Review outputs: the HTML report is opened in Debian's Chromium (no browser download),
    // SARIF checked against the SARIF 2.1.0 schema this package ships, JUnit read back.
    'playwright-core@^1.65',
    '@microsoft/jest-sarif@1.0.0-beta.0',
    'junit2json@^3.1.14',
    // SARIF checked with ajv's formats too (`uri-reference`: a path with a space is no URI);
    // the Markdown rendered as GitHub renders it (CommonMark + GFM) to check nothing from a
    // value goes live.
    'ajv-formats@^3',
    'micromark@^4',
    'micromark-extension-gfm@^3',
    'mdast-util-from-markdown@^2',
    'mdast-util-gfm@^3',
  ],
  bundledDeps: [
    'yaml@^2.9.1', 'fastest-levenshtein@^1.0.16', 'ajv@^8',
    // Review rules' globs (`--rules`): minimatch 11 matches without regular expressions, so a
    // hostile glob cannot backtrack (docs/decisions/0006-rules-globs-without-backtracking.md).
    'minimatch@^11.0.9',
    // `diff --deployed` and `snapshot` read stacks from CloudFormation (src/cli/deployed); the
    // commands load them lazily, so the other commands start without them.
    '@aws-sdk/client-cloudformation@^3.1169.0', '@aws-sdk/client-sts@^3.1169.0', '@aws-sdk/credential-providers@^3.1169.0',
  ],
  bin: { 'cdk-lifecycle': 'lib/cli/main.js' },
  gitignore: ['/assets/', '/examples/cdk.out/', '/examples/cdk.out.*/', '/examples/review/', '/bench/.out/', '/.tmp/'],
});

// projen takes every `@aws-cdk/*` package it does not know for a CDK v1 module and warns
// "Found CDK v1 deps" on every run. The three below are current tools (the service spec and
// cloudformation-diff), so that warning is dropped when it lists only them; any other
// package it names still shows.
const V2_ERA_TOOLS = ['@aws-cdk/aws-service-spec', '@aws-cdk/service-spec-types', '@aws-cdk/cloudformation-diff'];
const projenWarn = project.logger.warn.bind(project.logger);
project.logger.warn = (...text: unknown[]) => {
  const listed = /Found CDK v1 deps in your project.*?\[([^\]]*)\]/.exec(text.map(String).join(' '))?.[1];
  if (listed !== undefined && listed.split(',').map((n) => n.trim()).every((n) => V2_ERA_TOOLS.includes(n))) return;
  projenWarn(...text);
};

project.tasks.addEnvironment('JSII_SILENCE_WARNING_END_OF_LIFE_NODE_VERSION', '20');
project.tasks.addEnvironment('JSII_SILENCE_SUPPORT_WARNING', '1');
project.tsconfigDev.addInclude('.projenrc.ts');
for (const dir of ['bench/**/*.ts', 'build-tools/**/*.ts', 'examples/**/*.ts']) {
  project.tsconfigDev.addInclude(dir);
}

// ---------------------------------------------------------------------------
// Import boundaries (../shared/guides/STYLE.md), also checked by test/architecture.test.ts.
// ---------------------------------------------------------------------------
const others = (...folders: string[]) => folders.map((f) => `./src/${f}`);
project.eslint?.addRules({
  'import/no-restricted-paths': ['error', {
    zones: [
      { target: './src/runtime', from: [...others('custom-resource', 'spec', 'replacement', 'change-set', 'cli'), './src/index.ts'], message: 'runtime/ is Lambda code: it may import only Node built-ins, @aws-sdk/* and itself.' },
      { target: './src/spec', from: others('runtime', 'custom-resource', 'replacement', 'change-set', 'cli'), message: 'spec/ is pure data and look-ups.' },
      { target: './src/change-set', from: others('runtime', 'custom-resource', 'replacement', 'cli'), message: 'change-set/ is a pure engine: it may import only spec/.' },
      { target: './src/replacement', from: others('runtime', 'cli'), message: 'replacement/ must not import the Lambda runtime.' },
      { target: './src/custom-resource', from: './src/runtime', except: ['./contract.ts'], message: 'custom-resource/ may import only the runtime contract file.' },
      { target: './src/cli', from: others('runtime', 'custom-resource', 'replacement'), message: 'cli/ may import change-set/, spec/ and Node built-ins.' },
    ],
  }],
});
project.eslint?.addOverride({
  files: ['src/runtime/**/*.ts', 'src/spec/**/*.ts', 'src/change-set/**/*.ts', 'src/cli/**/*.ts'],
  rules: {
    'no-restricted-imports': ['error', { patterns: [{ group: ['aws-cdk-lib', 'aws-cdk-lib/*', 'constructs'], message: 'This folder must not depend on the CDK.' }] }],
  },
});

// ---------------------------------------------------------------------------
// The Lambda runtime bundle: src/runtime is bundled with esbuild into assets/runtime/index.js,
// which ResourceProvider copies next to the user's handler code. The AWS SDK stays external
// (the Node.js Lambda runtime provides it) and is only loaded in framework mode.
// ---------------------------------------------------------------------------
const bundleRuntime = project.addTask('bundle:runtime', {
  description: 'Bundle the provider runtime (src/runtime) into assets/runtime/index.js, and its variant for providers that poll into assets/runtime-polling/index.js',
});
// Two variants of one source (src/runtime/build-variant.ts): providers that do not poll get a
// runtime without the isComplete and long-wait code. A second, stronger minification pass keeps
// the runtime (with its worker-thread isolation) under 20 KB; --no-module keeps each file a
// strict-mode CommonJS script.
for (const [dir, polling] of [['runtime', false], ['runtime-polling', true]] as const) {
  bundleRuntime.exec([
    'esbuild src/runtime/index.ts',
    '--bundle',
    '--platform=node',
    '--target=node22',
    '--format=cjs',
    "--external:'@aws-sdk/*'",
    '--legal-comments=none',
    '--minify',
    `--define:CDK_LIFECYCLE_POLLING=${polling}`,
    `--outfile=assets/${dir}/index.js`,
    '--banner:js="// Generated by the bundle:runtime task (esbuild, uglify-js) from src/runtime. Do not edit."',
  ].join(' '));
  bundleRuntime.exec(`uglifyjs assets/${dir}/index.js --no-module --compress passes=3,toplevel --mangle toplevel --comments '/Generated by/' --output assets/${dir}/index.js`);
}
project.preCompileTask.spawn(bundleRuntime);
// `npm test` on a fresh clone must work without a prior build: bundle first.
project.testTask.prependSpawn(bundleRuntime);

// ---------------------------------------------------------------------------
// The example app: `npm run example` synthesizes examples/ with the real cdk CLI, offline.
// ---------------------------------------------------------------------------
const example = project.addTask('example', {
  description: 'Synthesize the example app in examples/ with the cdk CLI and print its custom resources',
  env: { CDK_DISABLE_CLI_TELEMETRY: 'true', CDK_DISABLE_VERSION_CHECK: '1' },
});
example.spawn(bundleRuntime);
example.exec('cdk synth --no-notices --quiet --app "npx ts-node --transpile-only app.ts" --output cdk.out', { cwd: 'examples' });
example.exec('node examples/show-custom-resources.js examples/cdk.out');

// `npm run example:diff`: the example app before and after a change that replaces its named
// bucket, compared offline by `cdk-lifecycle diff`.
const exampleSynth = 'cdk synth --no-notices --quiet --app "npx ts-node --transpile-only app.ts"';
const exampleDiff = project.addTask('example:diff', {
  description: 'Synthesize the example app before and after a change and compare them with cdk-lifecycle diff',
  env: { CDK_DISABLE_CLI_TELEMETRY: 'true', CDK_DISABLE_VERSION_CHECK: '1' },
});
exampleDiff.spawn(bundleRuntime);
exampleDiff.exec(`${exampleSynth} --output cdk.out.before`, { cwd: 'examples' });
exampleDiff.exec(`${exampleSynth} -c newKey=true --output cdk.out.after`, { cwd: 'examples' });
exampleDiff.exec('ts-node --transpile-only ../src/cli/main.ts diff cdk.out.before cdk.out.after --fail-on none', { cwd: 'examples' });

// `npm run example:exports`: the example app before and after giving its queue a new name,
// which replaces the queue while the second stack imports its URL: the export trap.
const exampleExports = project.addTask('example:exports', {
  description: 'Synthesize the example app before and after replacing its exported queue and compare them with cdk-lifecycle diff',
  env: { CDK_DISABLE_CLI_TELEMETRY: 'true', CDK_DISABLE_VERSION_CHECK: '1' },
});
exampleExports.spawn(bundleRuntime);
exampleExports.exec(`${exampleSynth} --output cdk.out.before`, { cwd: 'examples' });
exampleExports.exec(`${exampleSynth} -c newQueueName=true --output cdk.out.exports`, { cwd: 'examples' });
exampleExports.exec('ts-node --transpile-only ../src/cli/main.ts diff cdk.out.before cdk.out.exports --fail-on none', { cwd: 'examples' });

// `npm run example:review`: the same change as every review output, and a screenshot of its
// HTML report from headless Chromium (Debian's package), all in the git-ignored examples/review/:
// an example never modifies a tracked file.
const exampleReview = project.addTask('example:review', {
  description: 'Write the example change as HTML, Markdown, SARIF and JUnit and a screenshot of the HTML report (examples/review/, git-ignored)',
  env: { CDK_DISABLE_CLI_TELEMETRY: 'true', CDK_DISABLE_VERSION_CHECK: '1' },
});
exampleReview.spawn(exampleDiff);
exampleReview.exec('bash build-tools/example-review.sh');

// `npm run docs:samples`: the README's sample outputs, rerun on the example app
// (test/readme-samples.test.ts fails when they differ), and its screenshot of the HTML report.
const docsSamples = project.addTask('docs:samples', {
  description: 'Rewrite the README\'s sample outputs from the commands they show, and docs/images/review-report.png from the example review',
  env: { CDK_DISABLE_CLI_TELEMETRY: 'true', CDK_DISABLE_VERSION_CHECK: '1' },
});
docsSamples.spawn(bundleRuntime);
docsSamples.exec('ts-node --transpile-only build-tools/readme-samples.ts');
docsSamples.spawn(exampleReview);
docsSamples.exec('cp examples/review/review-report.png docs/images/review-report.png');

// Code generation for the other jsii languages: their registries are unreachable here, so
// generated code is the check.
// Benchmarks against the peers named in the issues; each prints its figures and ratios.
const bench = project.addTask('bench', { description: 'Run every benchmark in bench/' });
bench.spawn(bundleRuntime);
bench.exec('ts-node --transpile-only bench/provider.bench.ts');
bench.exec('ts-node --transpile-only bench/spec-load.bench.ts');
bench.exec('ts-node --transpile-only bench/replacement-guard.bench.ts');
bench.exec('ts-node --transpile-only bench/change-set.bench.ts');
bench.exec('ts-node --transpile-only bench/app-exports.bench.ts');
bench.exec('ts-node --transpile-only bench/entry-bundling.bench.ts');

// The replacement table (src/spec/replacement-spec.generated.ts) is generated from the pinned
// @aws-cdk/aws-service-spec and committed; test/spec fails when it drifts from the generator.
project.addTask('generate:spec', {
  description: 'Regenerate the replacement table and the name-property tables in docs/replacement-detection.md',
  steps: [
    { exec: 'ts-node --transpile-only build-tools/generate-replacement-spec.ts' },
    { exec: 'ts-node --transpile-only build-tools/render-name-docs.ts' },
  ],
});
project.gitattributes.addAttributes('/src/spec/replacement-spec.generated.ts', 'linguist-generated');

const checkPacmak = project.addTask('check:pacmak', {
  description: 'Generate Python, Java, .NET and Go code with jsii-pacmak --code-only',
  exec: 'jsii-pacmak --code-only --target python --target java --target dotnet --target go --outdir dist/code-only',
});

// `build` packages JavaScript and checks the other languages' generated code; their real
// packaging needs registries this machine cannot reach.
// `npx projen package` works on a fresh clone too: it bundles the runtime (shipped under
// assets/) and compiles with jsii first (always: a .jsii left by an earlier compile would
// package stale code; the compile takes ~12 s).
project.packageTask.reset();
project.packageTask.spawn(bundleRuntime);
project.packageTask.spawn(project.compileTask);
project.packageTask.spawn(project.tasks.tryFind('package:js')!);
project.packageTask.spawn(checkPacmak);

// ---------------------------------------------------------------------------
// Issue 37: the Python wheel, the Go module and the Java jar, used for real by the same app
// written in Python, Go and Java (test/languages), synthesized with the cdk CLI and compared
// with the TypeScript app. test:python, test:go and test:java package from the current .jsii
// (compile first); test:languages does everything from a fresh clone. .NET: docs/languages.md.
// ---------------------------------------------------------------------------
// jsii-pacmak's Go build runs `go mod tidy` on the module's go.mod, which names the cloud
// assembly schema module at the npm package's version (v54.26.0), a version the Go module
// proxy here does not serve; the module is generated as it would be published, and the Go
// app's build (build-tools/languages.sh setup go) compiles it.
const packageGo = project.tasks.tryFind('package:go')!;
packageGo.reset('jsii-pacmak -v --target go --code-only');
packageGo.exec('echo "dist/go/cdklifecycle: $(du -sk dist/go/cdklifecycle | cut -f1) KB"');
project.tasks.tryFind('package:python')!.exec('ls -l dist/python');
const languageTestEnv = { CDK_DISABLE_CLI_TELEMETRY: 'true', CDK_DISABLE_VERSION_CHECK: '1' };
// The test file first: --testPathIgnorePatterns takes every argument after it.
const languageJest = 'jest test/languages/languages.test.ts --coverage=false --ci --maxWorkers=1 --testPathIgnorePatterns=/node_modules/';
// Java: the jar's pom asks for aws-cdk-lib 2.270.0 or later, which the Maven Central here does
// not serve (it ends at 2.263.0), so package:java fails; `setup java` builds the jar from the
// generated code against the app's aws-cdk-lib (2.263.0) instead (docs/languages.md).
const LANGUAGES = { python: 'Python (the wheel)', go: 'Go (the module)', java: 'Java (the jar, against aws-cdk-lib 2.263.0)' };
for (const [language, what] of Object.entries(LANGUAGES)) {
  const task = project.addTask(`test:${language}`, {
    description: `Build the package for ${what} from the compiled .jsii, set up the ${language} app in test/languages with it and compare it with the TypeScript app`,
    env: { ...languageTestEnv, CDK_LIFECYCLE_LANGUAGES: language },
  });
  if (language !== 'java') task.spawn(project.tasks.tryFind(`package:${language}`)!);
  task.exec(`bash build-tools/languages.sh setup ${language}`);
  task.exec(languageJest);
}
const testLanguages = project.addTask('test:languages', {
  description: 'From a fresh clone: compile, build the Python wheel, the Go module and the Java jar, and compare the Python, Go and Java apps with the TypeScript app (test/languages)',
  env: { ...languageTestEnv, CDK_LIFECYCLE_LANGUAGES: Object.keys(LANGUAGES).join(',') },
});
testLanguages.spawn(bundleRuntime);
testLanguages.spawn(project.compileTask);
for (const language of Object.keys(LANGUAGES)) {
  if (language !== 'java') testLanguages.spawn(project.tasks.tryFind(`package:${language}`)!);
  testLanguages.exec(`bash build-tools/languages.sh setup ${language}`);
}
testLanguages.exec(languageJest);
project.addTask('docs:languages', {
  description: 'Rewrite the code samples of README.md and docs/languages.md from the languages apps (test/languages)',
  exec: 'ts-node --transpile-only build-tools/language-samples.ts',
});
project.gitignore.exclude('/test/languages/python/.venv/', '__pycache__/', '/test/languages/java/target/');

// CI also runs the aws-cdk-lib-dependent suites against the newest aws-cdk-lib on the registry
// (installed without saving), besides the pinned minimum the normal test run uses.
project.addTask('test:cdk-latest', {
  description: 'Run the guard, construct, end-to-end and example suites against the newest aws-cdk-lib (not saved)',
  env: { CDK_DISABLE_CLI_TELEMETRY: 'true', CDK_DISABLE_VERSION_CHECK: '1' },
  steps: [{ spawn: bundleRuntime.name }, { exec: 'build-tools/test-cdk-latest.sh' }],
});

project.addPackageIgnore('/examples/');
project.addPackageIgnore('/bench/');
project.addPackageIgnore('/build-tools/');
project.addPackageIgnore('/docs/');
project.addPackageIgnore('/.ci/');
project.addPackageIgnore('/.tmp/');

// ---------------------------------------------------------------------------
// Mutation testing of the change-set engine: StrykerJS with the jest runner over
// src/change-set, its config in stryker.change-set.config.json and stryker/. Not run in CI.
// As root it runs in a private network namespace (loopback only), as the issue asks.
// ---------------------------------------------------------------------------
project.addTask('mutation:change-set', {
  description: 'Mutation testing of src/change-set with StrykerJS (report in reports/mutation/)',
  exec: 'if [ "$(id -u)" = 0 ] && command -v unshare >/dev/null; then unshare -n sh -c "ip link set lo up && exec stryker run stryker.change-set.config.json"; else stryker run stryker.change-set.config.json; fi',
});
project.gitignore.exclude('/reports/', '/.stryker-tmp/');
project.addPackageIgnore('/stryker/');
project.addPackageIgnore('/stryker.change-set.config.json');
project.addPackageIgnore('/reports/');

// ---------------------------------------------------------------------------
// Handler isolation: the second minifier of bundle:runtime, and mutation testing of
// the runtime's protocol and isolation code (StrykerJS, in a network namespace with only
// loopback: a mutant may loosen the response-URL check). Not part of CI.
// ---------------------------------------------------------------------------
project.addDevDeps('uglify-js@3.19.3');
for (const file of ['/stryker.runtime.config.json', '/jest.runtime.config.json', '/.stryker-tmp/']) project.addPackageIgnore(file);
// What isolating the handler costs, next to the core CustomResourceProvider (needs root: each
// sample runs in its own network namespace so its https server can use port 443).
project.tasks.tryFind('bench')!.exec('ts-node --transpile-only bench/runtime-isolation.bench.ts');
project.tasks.tryFind('bench')!.exec('ts-node --transpile-only bench/polling.bench.ts');
// What claiming each request (exactlyOnce) costs, next to today's runtime built from git main.
project.tasks.tryFind('bench')!.exec('ts-node --transpile-only bench/claim.bench.ts');
project.tasks.tryFind('bench')!.exec('ts-node --transpile-only bench/review-outputs.bench.ts');
// The whole `diff` process (what CI runs) against fullDiff's, on the compiled CLI.
project.tasks.tryFind('bench')!.spawn(project.compileTask);
project.tasks.tryFind('bench')!.exec('ts-node --transpile-only bench/diff-process.bench.ts');
project.addTask('mutation:runtime', {
  description: 'Mutation-test src/runtime/protocol and src/runtime/isolation (StrykerJS) with only loopback networking',
  steps: [
    { spawn: 'bundle:runtime' },
    { exec: "unshare -n sh -c 'ip link set lo up && stryker run stryker.runtime.config.json'" },
  ],
});

// ---------------------------------------------------------------------------
// `cdk-lifecycle invoke`: the local runner (src/local), the cloud-assembly reader it
// shares with `diff` (src/assembly) and the `cdk-lifecycle/testing` entry point (src/testing,
// outside the jsii API). Their import boundaries (also checked by test/architecture.test.ts),
// the example's lifecycle run the README shows, its benchmark, and mutation testing.
// ---------------------------------------------------------------------------
const invokeZones: Array<Record<string, unknown>> = [
  { target: './src/local', from: [...others('runtime', 'custom-resource', 'replacement', 'cli', 'testing'), './src/index.ts'], message: 'local/ is plain Node.js: it may import assembly/, change-set/, spec/, template/ and Node built-ins.' },
  { target: './src/assembly', from: [...others('runtime', 'custom-resource', 'replacement', 'cli', 'local', 'testing'), './src/index.ts'], message: 'assembly/ reads files and cloud assemblies for the others: it may import change-set/, review/ (source frames) and Node built-ins.' },
  { target: './src/testing', from: [...others('runtime', 'custom-resource', 'replacement', 'cli'), './src/index.ts'], message: 'testing/ is the programmatic face of local/.' },
  { target: ['./src/runtime', './src/change-set', './src/spec', './src/custom-resource'], from: others('local', 'assembly', 'testing'), message: 'Only cli/ and testing/ use the local runner.' },
  // assembly/ is the one reader of files and folders, beneath the CLI, the invoke runner and the guard's baseline.
  { target: './src/replacement', from: others('local', 'testing'), message: 'Only cli/ and testing/ use the local runner; replacement/ reads its baseline through assembly/.' },
  { target: './src/index.ts', from: others('local', 'assembly', 'testing', 'cli'), message: 'The jsii API does not include the CLI, the local runner or cdk-lifecycle/testing.' },
];
const restrictedPaths = project.eslint?.rules['import/no-restricted-paths'] as [string, { zones: Array<Record<string, unknown>> }] | undefined;
restrictedPaths?.[1].zones.push(...invokeZones);
project.addTask('generate:schemas', {
  description: 'Write schemas/review-rules.schema.json and schemas/deployed-state.schema.json (shipped in the package) from src/review/rules-schema.ts and src/cli/input/deployed-state-schema.ts',
  steps: [
    { exec: 'ts-node --transpile-only build-tools/write-rules-schema.ts' },
    { exec: 'ts-node --transpile-only build-tools/write-deployed-state-schema.ts' },
  ],
});
// The intrinsic-function evaluator below the predictor and the local runner (src/template):
// plain template JSON, nothing else of src/.
restrictedPaths?.[1].zones.push({
  target: './src/template',
  from: [...others('runtime', 'custom-resource', 'replacement', 'cli', 'local', 'assembly', 'testing', 'spec', 'change-set', 'review'), './src/index.ts'],
  message: 'template/ evaluates template values: it imports nothing else of src/.',
});
// The review outputs (src/review): one model of a prediction and its renderers (HTML,
// Markdown, SARIF, JUnit) and the review rules; used by cli/ and (SARIF) replacement/.
restrictedPaths?.[1].zones.push({
  target: './src/review',
  from: [...others('runtime', 'custom-resource', 'replacement', 'cli', 'local', 'assembly', 'testing', 'spec'), './src/index.ts'],
  message: 'review/ renders predictions: it may import change-set/ and plain libraries only.',
});
project.eslint?.addOverride({
  files: ['src/local/**/*.ts', 'src/assembly/**/*.ts', 'src/testing/**/*.ts', 'src/review/**/*.ts', 'src/template/**/*.ts'],
  rules: {
    'no-restricted-imports': ['error', { patterns: [{ group: ['aws-cdk-lib', 'aws-cdk-lib/*', 'constructs'], message: 'This folder must not depend on the CDK.' }] }],
  },
});

// `npm run example:invoke`: the README's lifecycle run of the example's custom resource, with
// new properties that change `region` (a replacement).
const exampleInvoke = project.addTask('example:invoke', {
  description: 'Synthesize the example app and play its custom resource\'s lifecycle locally with cdk-lifecycle invoke',
  env: { CDK_DISABLE_CLI_TELEMETRY: 'true', CDK_DISABLE_VERSION_CHECK: '1' },
});
exampleInvoke.spawn(example);
exampleInvoke.exec('ts-node --transpile-only src/cli/main.ts invoke examples/cdk.out --stack LifecycleExample --resource MySeleniumTest --request lifecycle --properties \'{"region":"us-east-1"}\'');
const benchInvoke = project.addTask('bench:invoke', { description: 'Wall time of the example\'s lifecycle run with cdk-lifecycle invoke' });
benchInvoke.spawn(example);
benchInvoke.exec('ts-node --transpile-only bench/invoke.bench.ts');
bench.spawn(benchInvoke);
// Mutation testing of the runner's checks, readers and AWS stand-ins (not run in CI).
project.addTask('mutation:invoke', {
  description: 'StrykerJS mutation testing of src/local and the invoke command\'s option parsing',
  exec: "unshare -n sh -c 'ip link set lo up && stryker run stryker.invoke.config.json'",
});
project.addPackageIgnore('/stryker.*.json');

// ---------------------------------------------------------------------------
// Issue 19: the data-bearing types and stack refactoring's limits (curated tables in
// build-tools/, checked against the pinned spec) are generated into their own file.
// ---------------------------------------------------------------------------
project.tasks.tryFind('generate:spec')!.exec('ts-node --transpile-only build-tools/generate-data-spec.ts');
// The AWS SDK's CloudFormation client (a bundled dependency since issue 28) also checks the CreateStackRefactor inputs in the tests.
project.gitattributes.addAttributes('/src/spec/data-spec.generated.ts', 'linguist-generated');
// `npm run example:refactor`: the example app before and after its named table moves to a new
// construct id; the diff turns the rename into a refactor plan and gives the data verdict.
const exampleRefactor = project.addTask('example:refactor', {
  description: 'Synthesize the example app before and after renaming its table and write the refactor plan with cdk-lifecycle diff',
  env: { CDK_DISABLE_CLI_TELEMETRY: 'true', CDK_DISABLE_VERSION_CHECK: '1' },
});
exampleRefactor.spawn(bundleRuntime);
exampleRefactor.exec(`${exampleSynth} --output cdk.out.before`, { cwd: 'examples' });
exampleRefactor.exec(`${exampleSynth} -c renameTable=true --output cdk.out.renamed`, { cwd: 'examples' });
exampleRefactor.exec('ts-node --transpile-only ../src/cli/main.ts diff cdk.out.before cdk.out.renamed --refactor-plan refactor-plan.json --fail-on none', { cwd: 'examples' });
project.gitignore.exclude('/examples/refactor-plan*.json');
project.tasks.tryFind('bench')!.exec('ts-node --transpile-only bench/refactor-plan.bench.ts');

// Issue 28: the time to snapshot 100 stacks from the loopback CloudFormation stand-in, and the
// command's start time with and without the AWS SDK loaded (it runs the compiled lib/).
project.tasks.tryFind('bench')!.spawn(project.compileTask);
project.tasks.tryFind('bench')!.exec('ts-node --transpile-only bench/deployed.bench.ts');

project.synth();
