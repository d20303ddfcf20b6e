// A StrykerJS test runner, "jest-covering-files": the jest runner, except that a mutant's run
// loads only the test files that hold its covering tests, the source file's own test first.
//
// With `enableFindRelatedTests: false` the jest runner hands Jest every test file for every
// mutant and filters by test name, so Jest loads all of test/change-set (and the engine with
// each file) to run a handful of tests: seconds a mutant. The dry run already knows each
// test's file; this runner keeps that (in the sandbox, for every worker) and passes the
// covering tests' files to Jest as well as their names. Jest cannot stop at the first failure
// when run programmatically, so a mutant of src/X.ts whose covering tests include the mirrored
// test/X.test.ts runs that file first and the others only if it survives it. Which tests can
// kill a mutant is unchanged: a mutant survives only if every covering test passes.
import * as fs from 'node:fs';
import * as path from 'node:path';
import { commonTokens, declareFactoryPlugin, PluginKind, tokens } from '@stryker-mutator/api/plugin';
import { strykerPlugins as jestPlugins } from '@stryker-mutator/jest-runner';

const jestFactory = jestPlugins.find((plugin) => plugin.name === 'jest').factory;
const TEST_FILES = '.stryker-covering-files.json';

/** A regular expression matching exactly `file` (Jest reads its positional arguments as patterns). */
const exactly = (file) => `^${file.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`;

class CoveringFilesRunner {
  constructor(inner) {
    this.inner = inner;
    this.fileOf = undefined;
    this.files = undefined;
    // The jest runner runs every test through its adapter; the files of the running mutant's
    // covering tests are added there.
    const adapter = inner.jestTestAdapter;
    const run = adapter.run.bind(adapter);
    adapter.run = (settings) => run(this.files === undefined ? settings : { ...settings, testFiles: this.files });
  }

  capabilities() { return this.inner.capabilities(); }
  init() { return this.inner.init?.(); }
  dispose() { return this.inner.dispose?.(); }

  async dryRun(options) {
    const result = await this.inner.dryRun(options);
    if (result.status === 'complete') {
      const fileOf = Object.fromEntries(result.tests.filter((test) => test.fileName).map((test) => [test.id, test.fileName]));
      fs.writeFileSync(path.resolve(TEST_FILES), JSON.stringify(fileOf));
    }
    return result;
  }

  async mutantRun(options) {
    this.fileOf ??= fs.existsSync(TEST_FILES) ? JSON.parse(fs.readFileSync(TEST_FILES, 'utf8')) : {};
    const files = (options.testFilter ?? []).map((id) => this.fileOf[id]);
    // Without a filter (or a test whose file is not known) every file runs, as in the jest runner.
    if (files.length === 0 || !files.every((file) => typeof file === 'string')) return this.runWith(undefined, options);
    const unique = [...new Set(files)];
    const mirror = mirroredTest(options.sandboxFileName ?? options.activeMutant.fileName);
    if (unique.length > 1 && unique.includes(mirror)) {
      const first = await this.runWith([mirror], options);
      if (first.status !== 'survived') return first;
      const rest = await this.runWith(unique.filter((file) => file !== mirror), options);
      return rest.status === 'survived' ? { ...rest, nrOfTests: first.nrOfTests + rest.nrOfTests } : rest;
    }
    return this.runWith(unique, options);
  }

  async runWith(files, options) {
    this.files = files?.map(exactly);
    try {
      return await this.inner.mutantRun(options);
    } finally {
      this.files = undefined;
    }
  }
}

/** src/a/b.ts -> test/a/b.test.ts, in the same checkout or sandbox. */
function mirroredTest(sourceFile) {
  const match = /^(.*)[\\/]src[\\/](.*)\.ts$/.exec(sourceFile ?? '');
  return match ? path.join(match[1], 'test', `${match[2]}.test.ts`) : undefined;
}

function coveringFilesRunnerFactory(injector) {
  return new CoveringFilesRunner(injector.injectFunction(jestFactory));
}
coveringFilesRunnerFactory.inject = tokens(commonTokens.injector);

export const strykerPlugins = [declareFactoryPlugin(PluginKind.TestRunner, 'jest-covering-files', coveringFilesRunnerFactory)];
