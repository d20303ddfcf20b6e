/**
 * Runs before every test file (jest `setupFiles`).
 *
 * aws-cdk-lib's built-in template validator prints its own findings about test fixtures (an
 * RDS instance without StorageEncrypted, an empty stack) through console.error. They have
 * nothing to do with what the tests check and drown real failures, so it is off in tests,
 * including the `cdk` CLI runs the tests start (they inherit the environment).
 */
process.env.CDK_VALIDATION ??= 'false';
