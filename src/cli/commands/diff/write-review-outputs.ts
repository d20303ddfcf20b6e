/** `--html`, `--markdown`, `--sarif` and `--junit`: each written to its file from the one review. */
import * as fs from 'node:fs';
import * as path from 'node:path';
import { DiffOptions } from './diff-options';
import type { StackMove } from '../../../review/html/app-graph';
import { packageVersion } from '../../../review/package-version';
import type { Review } from '../../../review/review-model';
import type { ReviewRule } from '../../../review/review-rules';
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
  // Each renderer is loaded only when its output is asked for (the HTML page's alone is ~100 KB of script).
  if (html !== undefined) {
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    const { renderHtml } = require('../../../review/html/render-html') as typeof import('../../../review/html/render-html');
    write(html, '--html', () => renderHtml(review, { before: options.before, after: options.after, groupBy: options.groupBy ?? ['kind', 'type'], tool: `cdk-lifecycle ${version}`, planLines, moves: plan.moves }));
  }
  if (markdown !== undefined) {
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    const { renderMarkdown } = require('../../../review/render-markdown') as typeof import('../../../review/render-markdown');
    write(markdown, '--markdown', () => renderMarkdown(review, undefined, planLines));
  }
  if (sarif !== undefined) {
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    const { renderSarif } = require('../../../review/render-sarif') as typeof import('../../../review/render-sarif');
    write(sarif, '--sarif', () => renderSarif(review, rules, { name: 'cdk-lifecycle', version, informationUri: INFORMATION_URI }));
  }
  if (junit !== undefined) {
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    const { renderJunit } = require('../../../review/render-junit') as typeof import('../../../review/render-junit');
    write(junit, '--junit', () => renderJunit(review, durationMs));
  }
}
