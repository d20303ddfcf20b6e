// A StrykerJS test runner, "jest-covering-files": the jest runner, except that a mutant's run
// loads only the test files that hold its covering tests.
//
// With `enableFindRelatedTests: false` the jest runner hands Jest every test file for every
// mutant and filters by test name, so Jest loads all of test/change-set (and the engine with
// each file) to run a handful of tests: seconds a mutant. The dry run already knows each
// test's file; this runner keeps that (in the sandbox, for every worker) and passes the
// covering tests' files to Jest as well as their names. Which tests run is unchanged.
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
    this.files = files.length > 0 && files.every((file) => typeof file === 'string') ? [...new Set(files)].map(exactly) : undefined;
    try {
      return await this.inner.mutantRun(options);
    } finally {
      this.files = undefined;
    }
  }
}

function coveringFilesRunnerFactory(injector) {
  return new CoveringFilesRunner(injector.injectFunction(jestFactory));
}
coveringFilesRunnerFactory.inject = tokens(commonTokens.injector);

export const strykerPlugins = [declareFactoryPlugin(PluginKind.TestRunner, 'jest-covering-files', coveringFilesRunnerFactory)];
