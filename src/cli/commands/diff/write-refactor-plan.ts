/**
 * `--refactor-plan <file>`: the plan as JSON in `<file>` (its `environments` key makes it a
 * `cdk refactor --override-file` as it is), each `CreateStackRefactor` input beside it, ready
 * for `aws cloudformation create-stack-refactor --cli-input-json file://...`, and each refactor
 * template too large for `TemplateBody` beside them, to upload where its input's
 * `TemplateURL` points (`aws s3 cp <file> s3://<bucket>/<key>`).
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import { RefactorPlan } from '../../../change-set';
import { CliError } from '../../cli-error';

/** The files written, as the user should see them (relative to `cwd` when given so). */
export interface WrittenPlan {
  readonly planFile: string;
  readonly stackRefactorFiles: readonly string[];
  /** One per template to upload, with the command that uploads it. */
  readonly uploads: ReadonlyArray<{ readonly file: string; readonly command: string }>;
}

/**
 * Writes the plan.
 *
 * @throws CliError when a file cannot be written
 */
export function writeRefactorPlan(plan: RefactorPlan, given: string, cwd: string): WrittenPlan {
  const full = path.resolve(cwd, given);
  const base = given.replace(/\.json$/i, '');
  const inputs = plan.toCreateStackRefactorInputs();
  const stackRefactorFiles = inputs.map((_, index) => `${base}.create-stack-refactor${inputs.length === 1 ? '' : `-${index + 1}`}.json`);
  const write = (file: string, content: string) => {
    try {
      fs.writeFileSync(path.resolve(cwd, file), content);
    } catch (error) {
      throw new CliError(`cannot write the refactor plan ${file}: ${(error as Error).message}`);
    }
  };
  const json = (content: unknown) => `${JSON.stringify(content, null, 2)}\n`;
  write(given, json(plan.toJson()));
  inputs.forEach((input, index) => write(stackRefactorFiles[index], json(input)));
  const uploads = plan.templateUploads.map((upload) => {
    const file = `${base}.${upload.stackName}.template.json`;
    write(file, upload.templateBody);
    return { file, command: `aws s3 cp ${file} s3://${upload.bucketName}/${upload.objectKey}` };
  });
  return { planFile: path.relative(cwd, full) || given, stackRefactorFiles, uploads };
}
