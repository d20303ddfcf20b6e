// Renders Markdown from standard input as GitHub does (CommonMark + GFM: tables, autolink
// literals, strikethrough, footnotes, task lists, the tag filter), raw HTML passed through so a
// test sees any that got in. Prints {"html": ..., "tree": <mdast>}. A separate process because
// micromark and mdast are ES modules only. Used by test/helpers/gfm.ts.
import { readFileSync } from 'node:fs';
import { micromark } from 'micromark';
import { gfm, gfmHtml } from 'micromark-extension-gfm';
import { fromMarkdown } from 'mdast-util-from-markdown';
import { gfmFromMarkdown } from 'mdast-util-gfm';

const markdown = readFileSync(0, 'utf8');
const html = micromark(markdown, { extensions: [gfm()], htmlExtensions: [gfmHtml()], allowDangerousHtml: true, allowDangerousProtocol: true });
const tree = fromMarkdown(markdown, { extensions: [gfm()], mdastExtensions: [gfmFromMarkdown()] });
process.stdout.write(JSON.stringify({ html, tree }, (key, value) => (key === 'position' ? undefined : value)));
