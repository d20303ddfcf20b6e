/** `--html`, `--markdown`, `--sarif` and `--junit`: each written to its file from the one review. */
import * as fs from 'node:fs';
import * as path from 'node:path';
import { DiffOptions } from './diff-options';
import { StackMove } from '../../../review/html/app-graph';
import { renderHtml } from '../../../review/html/render-html';
import { packageVersion } from '../../../review/package-version';
import { renderJunit } from '../../../review/render-junit';
import { renderMarkdown } from '../../../review/render-markdown';
import { renderSarif } from '../../../review/render-sarif';
import { Review } from '../../../review/review-model';
import { ReviewRule } from '../../../review/review-rules';
import { CliError } from '../../cli-error';
import { CliIo } from '../../cli-io';

/** The refactor plan as the outputs show it: its lines as the text report writes them, and its moves. */
export interface PlanForOutputs {
  readonly lines: readonly string[];
  readonly moves: readonly StackMove[];
}

/** The project page, for SARIF's tool information. */
export const INFORMATION_URI = 'https://github.com/cdk-lifecycle/cdk-lifecycle';

/**
 * Writes each output asked for.
 *
 * @throws CliError when a file cannot be written
 */
export function writeReviewOutputs(
  review: Review, rules: readonly ReviewRule[], options: DiffOptions, io: CliIo, durationMs: number, plan: PlanForOutputs = { lines: [], moves: [] },
): void {
  const planLines = plan.lines;
  const { html, markdown, sarif, junit } = options.outputs;
  const version = packageVersion();
  const write = (given: string, flag: string, render: () => string) => {
    const file = path.resolve(io.cwd, given);
    try {
      fs.mkdirSync(path.dirname(file), { recursive: true });
      fs.writeFileSync(file, render());
    } catch (error) {
      throw new CliError(`${flag}: cannot write ${given}: ${(error as Error).message}`);
    }
  };
  if (html !== undefined) {
    write(html, '--html', () => renderHtml(review, { before: options.before, after: options.after, groupBy: options.groupBy ?? ['kind', 'type'], tool: `cdk-lifecycle ${version}`, planLines, moves: plan.moves }));
  }
  if (markdown !== undefined) write(markdown, '--markdown', () => renderMarkdown(review, undefined, planLines));
  if (sarif !== undefined) write(sarif, '--sarif', () => renderSarif(review, rules, { name: 'cdk-lifecycle', version, informationUri: INFORMATION_URI }));
  if (junit !== undefined) write(junit, '--junit', () => renderJunit(review, durationMs));
}
