/**
 * Markdown rendered as GitHub renders it (CommonMark with GitHub's extensions, by micromark and
 * mdast, well-kept implementations of both specs), for tests that check what a pull-request
 * comment would show.
 */
import { execFileSync } from 'node:child_process';
import * as path from 'node:path';

/** A node of the Markdown's syntax tree (mdast). */
export interface MdNode {
  readonly type: string;
  readonly value?: string;
  readonly url?: string;
  readonly depth?: number;
  readonly children?: readonly MdNode[];
}

/** The HTML GitHub's Markdown would give (raw HTML passed through, so any that got in shows), and the syntax tree. */
export function renderGfm(markdown: string): { html: string; tree: MdNode } {
  const out = execFileSync(process.execPath, [path.join(__dirname, 'render-gfm.mjs')], { input: markdown, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
  return JSON.parse(out) as { html: string; tree: MdNode };
}

/** Every node of the tree, depth first, with the types of its ancestors. */
export function walk(node: MdNode, ancestors: readonly string[] = []): Array<{ node: MdNode; ancestors: readonly string[] }> {
  return [{ node, ancestors }, ...(node.children ?? []).flatMap((child) => walk(child, [...ancestors, node.type]))];
}

/** The text a node shows (its text and code, joined). */
export function textOf(node: MdNode): string {
  return node.value ?? (node.children ?? []).map(textOf).join('');
}
