/**
 * Synth-time checks of `ResourceProviderProps`: each error names the construct path, the
 * property and the value, and says what was expected.
 */
import * as fs from 'node:fs';
import * as nodePath from 'node:path';
import * as lambda from 'aws-cdk-lib/aws-lambda';
import { Construct } from 'constructs';
import { PollingSchedule } from '../../runtime/contract';
import type { ResourceProviderProps } from '../resource-provider-props';
import { ServiceTokenType } from '../service-token-type';
import { ENTRY_EXTENSIONS, EntryBuild, entryExports, loadEsbuild, missingModuleProblem } from './entry-bundle';
import { NodeModulesPlan, planNodeModules } from './node-modules';
import { esbuildTarget, runtimeProblem } from './node-runtime';
import { pollingSchedule } from './polling-schedule';
import { ENTRY_MODULE, userCodeSource, UserCodeSource } from './provider-code';
import { ConstructPropsError } from './validation-error';

/** What the checks established: where the code comes from and which exports to call. */
export interface CheckedProviderProps {
  readonly source: UserCodeSource;
  /** `file.export` of onEvent, in-function mode. */
  readonly userHandler?: string;
  /** `file.export` of isComplete, in-function mode with polling. */
  readonly isCompleteHandler?: string;
  /** The polling schedule, when the provider polls. */
  readonly schedule?: PollingSchedule;
  /** The function's runtime. */
  readonly runtime: lambda.Runtime;
  /** How an entry is built. */
  readonly build?: EntryBuild;
  /** The modules installed beside an entry's bundle. */
  readonly nodeModules?: NodeModulesPlan;
}

const FILE_EXPORT = /^[^.\s][^\s]*\.[A-Za-z_$][\w$]*$/;
const EXPORT_NAME = /^[A-Za-z_$][\w$]*$/;
const DEFINE_KEY = /^[A-Za-z_$][\w$]*(\.[A-Za-z_$][\w$]*)*$/;

/** Checks `props` of the provider at `scope`; throws a ConstructPropsError on the first problem. */
export function checkProviderProps(scope: Construct, props: ResourceProviderProps): CheckedProviderProps {
  const path = scope.node.path;
  const given = [props.entry !== undefined && 'entry', props.code !== undefined && 'code', props.onEventFunction !== undefined && 'onEventFunction'].filter(Boolean);
  if (given.length > 1) {
    throw new ConstructPropsError(path, String(given[1]), `cannot be combined with ${given[0]}: give exactly one of entry (a TypeScript or JavaScript file), code (with handler) or onEventFunction`);
  }
  if (props.onEventFunction && props.handler !== undefined) {
    throw new ConstructPropsError(path, 'handler', 'is not used with onEventFunction (the function has its own handler setting): remove it');
  }
  if (props.onEventFunction && props.isolateHandler !== undefined) {
    throw new ConstructPropsError(path, 'isolateHandler', 'applies to entry and code only: onEventFunction runs in its own function');
  }
  if (props.onEventFunction && props.isCompleteHandler !== undefined) {
    throw new ConstructPropsError(path, 'isCompleteHandler', 'is not used with onEventFunction: give isCompleteFunction instead');
  }
  if (!props.onEventFunction && props.isCompleteFunction !== undefined) {
    throw new ConstructPropsError(path, 'isCompleteFunction', 'is only used with onEventFunction: with entry or code, export isComplete beside onEvent and name it in isCompleteHandler');
  }
  if (props.topic && props.serviceTokenType === ServiceTokenType.LAMBDA) {
    throw new ConstructPropsError(path, 'topic', 'is only used with serviceTokenType SNS_TOPIC, but serviceTokenType is LAMBDA');
  }
  if (props.timeout && !props.timeout.isUnresolved()) {
    const seconds = props.timeout.toSeconds();
    if (seconds < 5 || seconds > 900) {
      throw new ConstructPropsError(path, 'timeout', `must be between 5 seconds and 15 minutes (the runtime needs time to answer CloudFormation), got ${seconds} seconds`);
    }
  }
  checkFunctionProps(path, props);
  const runtime = props.runtime ?? lambda.Runtime.NODEJS_24_X;
  const wrongRuntime = runtimeProblem(runtime);
  if (wrongRuntime !== undefined) throw new ConstructPropsError(path, 'runtime', wrongRuntime);
  const polls = props.isCompleteHandler !== undefined || props.isCompleteFunction !== undefined;
  if (props.polling !== undefined && !polls) {
    throw new ConstructPropsError(path, 'polling', 'is only used with isCompleteHandler or isCompleteFunction: without one there is nothing to poll');
  }
  const schedule = polls ? pollingSchedule(path, props.polling ?? {}) : undefined;

  if (props.onEventFunction) return { source: undefined, schedule, runtime };
  if (props.entry !== undefined) return { ...checkEntry(path, props, runtime), schedule, runtime };
  if (!props.code) {
    throw new ConstructPropsError(path, 'code', 'is required: give entry (a TypeScript or JavaScript file), code and handler (JavaScript code), or onEventFunction');
  }
  const { source, problem } = userCodeSource(scope, props.code);
  if (problem) throw new ConstructPropsError(path, 'code', problem);
  const handlers: Array<[string, string | undefined]> = [['handler', props.handler]];
  if (props.isCompleteHandler !== undefined) handlers.push(['isCompleteHandler', props.isCompleteHandler]);
  for (const [property, spec] of handlers) {
    if (spec === undefined || !FILE_EXPORT.test(spec)) {
      throw new ConstructPropsError(path, property, `must look like "file.export" (for example "index.${property === 'handler' ? 'onEvent' : 'isComplete'}"), got ${JSON.stringify(spec ?? null)}`);
    }
    const modulePath = spec.slice(0, spec.lastIndexOf('.'));
    if (source && 'directory' in source) {
      const missing = missingModuleProblem(source.directory, modulePath, source.sourcePath);
      if (missing) throw new ConstructPropsError(path, 'code', missing);
    } else if (source && 'inlineSource' in source && modulePath !== ENTRY_MODULE) {
      throw new ConstructPropsError(path, property, `must name the module "index" with inline code (it is written as index.js), got ${JSON.stringify(spec)}`);
    }
  }
  return { source, userHandler: props.handler, isCompleteHandler: props.isCompleteHandler, schedule, runtime };
}

/** Checks the props that configure the function itself: each needs what it applies to. */
function checkFunctionProps(path: string, props: ResourceProviderProps): void {
  if (props.bundling !== undefined && props.entry === undefined) {
    throw new ConstructPropsError(path, 'bundling', 'applies to entry only: with code, give lambda.Code.fromAsset(dir, { bundling }) its own bundling');
  }
  if (props.vpc === undefined) {
    const needsVpc = (['vpcSubnets', 'securityGroups', 'allowAllOutbound'] as const).find((name) => props[name] !== undefined);
    if (needsVpc !== undefined) throw new ConstructPropsError(path, needsVpc, 'is only used with vpc: give the VPC the provider function runs in');
  }
  if (props.allowAllOutbound !== undefined && props.securityGroups !== undefined) {
    throw new ConstructPropsError(path, 'allowAllOutbound', 'applies to the security group the provider creates: with securityGroups, set allowAllOutbound on those groups');
  }
  if (props.logRetention !== undefined && props.logGroup !== undefined) {
    throw new ConstructPropsError(path, 'logRetention', 'applies to the log group the provider creates: with logGroup, set the retention on that group');
  }
}

/** Checks an `entry`, its bundling and the exports it must have; resolves the file from the working directory. */
function checkEntry(path: string, props: ResourceProviderProps, runtime: lambda.Runtime): Omit<CheckedProviderProps, 'runtime'> {
  const { entry, handler, isCompleteHandler: isComplete, bundling } = { ...props, entry: props.entry! };
  const file = nodePath.resolve(entry);
  if (!fs.existsSync(file) || !fs.statSync(file).isFile()) {
    throw new ConstructPropsError(path, 'entry', `must be an existing file, got ${JSON.stringify(entry)} (resolved to ${file}: ${fs.existsSync(file) ? 'a directory' : 'not found'})`);
  }
  if (!ENTRY_EXTENSIONS.includes(nodePath.extname(file))) {
    throw new ConstructPropsError(path, 'entry', `must be a TypeScript or JavaScript file (${ENTRY_EXTENSIONS.join(', ')}), got ${JSON.stringify(entry)}`);
  }
  const wanted: Array<[string, string]> = [['handler', handler ?? 'onEvent']];
  if (isComplete !== undefined) wanted.push(['isCompleteHandler', isComplete]);
  for (const [property, name] of wanted) {
    if (!EXPORT_NAME.test(name)) {
      throw new ConstructPropsError(path, property, `must be the name of an exported function with entry (for example "${property === 'handler' ? 'onEvent' : 'isComplete'}"), got ${JSON.stringify(name)}`);
    }
  }
  const badDefine = Object.keys(bundling?.define ?? {}).find((key) => !DEFINE_KEY.test(key));
  if (badDefine !== undefined) {
    throw new ConstructPropsError(path, 'bundling.define', `has the key ${JSON.stringify(badDefine)}, which esbuild cannot replace: a key is an identifier or a dotted chain of them (for example "process.env.STAGE")`);
  }
  let nodeModules: NodeModulesPlan | undefined;
  if (bundling?.nodeModules !== undefined && bundling.nodeModules.length > 0) {
    const { plan, problem } = planNodeModules(file, bundling.nodeModules);
    if (problem !== undefined) throw new ConstructPropsError(path, 'bundling.nodeModules', problem);
    nodeModules = plan;
  }
  const build: EntryBuild = {
    target: esbuildTarget(runtime),
    external: [...bundling?.externalModules ?? ['@aws-sdk/*'], ...bundling?.nodeModules ?? []],
    define: bundling?.define,
    minify: bundling?.minify,
    sourceMap: bundling?.sourceMap,
    banner: bundling?.banner,
  };
  const esbuild = loadEsbuild(file);
  if (!esbuild) {
    throw new ConstructPropsError(path, 'entry', `needs esbuild to bundle ${JSON.stringify(entry)} at synth time, and none was found from ${nodePath.dirname(file)} or ${process.cwd()}. Install it in your app (npm install --save-dev esbuild), or compile the handler to JavaScript and give code: lambda.Code.fromAsset(dir) with handler "file.${wanted[0][1]}"`);
  }
  let exported: string[] | undefined;
  try {
    exported = entryExports(esbuild, file, build);
  } catch (e) {
    throw new ConstructPropsError(path, 'entry', (e as Error).message);
  }
  for (const [property, name] of wanted) {
    if (exported && !exported.includes(name)) {
      throw new ConstructPropsError(path, property, `names the export ${JSON.stringify(name)}, but ${JSON.stringify(entry)} exports ${exported.length ? exported.map((e) => JSON.stringify(e)).join(', ') : 'nothing'}`);
    }
  }
  return {
    source: { entry: file },
    build,
    nodeModules,
    userHandler: `${ENTRY_MODULE}.${wanted[0][1]}`,
    ...(isComplete !== undefined ? { isCompleteHandler: `${ENTRY_MODULE}.${isComplete}` } : {}),
  };
}
