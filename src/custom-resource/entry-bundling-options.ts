/**
 * How a `ResourceProvider`'s `entry` is bundled: the options of aws-cdk-lib's `NodejsFunction`
 * bundling that apply to a local esbuild build, with the same meaning.
 */
export interface EntryBundlingOptions {
  /**
   * Modules left out of the bundle, to be found at run time (in the Lambda runtime, or a layer).
   * These replace the default. A module that nothing installs fails where it is loaded, so this
   * suits modules loaded only on some paths (a driver's native binding such as `pg-native`) and
   * those a layer provides. Patterns as esbuild takes them (`@aws-sdk/*`); a package name also
   * covers its subpaths.
   *
   * @default ['@aws-sdk/*'] (the AWS SDK for JavaScript v3, which the Lambda Node.js runtime provides)
   */
  readonly externalModules?: string[];

  /**
   * Modules installed into the function's `node_modules` instead of bundled: modules with
   * native code or files they load at run time (a database driver's native part, `sharp`).
   * They are installed with `npm ci` from the app's `package-lock.json` (the nearest above the
   * entry), at the versions it records; their names must be dependencies in the app's
   * `package.json` or entries of that lock file. Native code is built or downloaded for the
   * machine that runs synth: run synth on Linux with the function's architecture (for example
   * in CI) when a module has native code.
   *
   * @default - none: everything not external is bundled
   */
  readonly nodeModules?: string[];

  /**
   * Identifiers replaced by constant expressions at build time, as esbuild's `define` (values
   * are JavaScript expressions: a string needs its quotes, for example
   * `{ 'process.env.STAGE': JSON.stringify('prod') }`).
   *
   * @default - none
   */
  readonly define?: { [key: string]: string };

  /**
   * Minify the bundle (whitespace, identifiers and syntax).
   *
   * @default false
   */
  readonly minify?: boolean;

  /**
   * Write a source map beside the bundle (`index.js.map`, linked from it), and turn Node.js's
   * source-map support on in the function (`--enable-source-maps` added to `NODE_OPTIONS`), so
   * that stack traces name your source files.
   *
   * @default false
   */
  readonly sourceMap?: boolean;

  /**
   * Text put at the start of the bundle (a comment, a license notice, a `"use strict"`).
   *
   * @default - none
   */
  readonly banner?: string;
}
