// Jest for the mutation run of src/change-set (stryker.change-set.config.json): the engine's
// own tests, transpiled without type checks (npm test type-checks them), and without
// test/change-set/cross-check.test.ts: it builds 240 template pairs and their predictions by
// two tools in beforeAll, which Jest would redo for every mutant the file covers, and what it
// checks (agreement with @aws-cdk/cloudformation-diff) is not a behaviour of the engine that
// the golden, unit and property tests do not already pin down. Nor test/change-set/scale.test.ts:
// thousands of resources, which instrumented code runs many times slower for every mutant;
// what it checks besides speed the smaller tests check too. Nor the two integration files
// whose every test starts something heavy: test/change-set/data-verdicts-cdk.test.ts
// synthesizes aws-cdk-lib's stateful constructs (seconds a test, for every mutant of the
// engine it covers, and it covers nearly all of it), and
// test/change-set/refactor/plan-formats.test.ts runs the cdk CLI and the AWS SDK's serializer
// on the plan files; data-verdicts.test.ts, refactor-plan.test.ts and the golden tests check
// the engine's part of both with plain templates.
const path = require('node:path');

// The property test runs for most mutants: 30 generated cases each instead of 600.
process.env.CDK_LIFECYCLE_PROPERTY_RUNS = '30';

module.exports = {
  rootDir: path.join(__dirname, '..'),
  // Jest maps only these folders (not the whole checkout with node_modules) for each run.
  roots: ['<rootDir>/test/change-set'],
  testMatch: ['<rootDir>/test/change-set/**/*.test.ts'],
  testPathIgnorePatterns: ['/node_modules/', '/test/change-set/cross-check\\.test\\.ts$', '/test/change-set/scale\\.test\\.ts$',
    '/test/change-set/data-verdicts-cdk\\.test\\.ts$', '/test/change-set/refactor/plan-formats\\.test\\.ts$'],
  testEnvironment: 'node',
  transform: {
    '^.+\\.tsx?$': ['ts-jest', { tsconfig: '<rootDir>/tsconfig.dev.json', isolatedModules: true, diagnostics: false }],
  },
};
