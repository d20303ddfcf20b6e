/**
 * ANSI colours for the human report, or none: colours are used only when stdout is a
 * terminal, `--no-color` is not given and `NO_COLOR` is unset or empty (https://no-color.org).
 */
export interface Style {
  readonly added: (text: string) => string;
  readonly removed: (text: string) => string;
  readonly modified: (text: string) => string;
  readonly replaced: (text: string) => string;
  readonly warning: (text: string) => string;
  readonly heading: (text: string) => string;
  readonly faint: (text: string) => string;
  /** The escape sequences this style writes (none when plain): they stay when a report's values are escaped. */
  readonly sequences?: RegExp;
}

const ansi = (open: number, close: number) => (text: string) => `\u001b[${open}m${text}\u001b[${close}m`;

const COLOURED: Style = {
  added: ansi(32, 39),
  removed: ansi(31, 39),
  modified: ansi(33, 39),
  replaced: (text) => ansi(1, 22)(ansi(31, 39)(text)),
  warning: ansi(33, 39),
  heading: ansi(1, 22),
  faint: ansi(2, 22),
  sequences: /\u001b\[(?:1|2|22|31|32|33|39)m/g,
};

const plain = (text: string) => text;
const PLAIN: Style = { added: plain, removed: plain, modified: plain, replaced: plain, warning: plain, heading: plain, faint: plain };

/** Whether to colour: a terminal, no `--no-color`, no non-empty `NO_COLOR`. */
export function useColour(isTTY: boolean, colorFlag: boolean, env: { readonly [name: string]: string | undefined }): boolean {
  return isTTY && colorFlag && !env.NO_COLOR;
}

/** The style to render with. */
export function styleFor(colour: boolean): Style {
  return colour ? COLOURED : PLAIN;
}
