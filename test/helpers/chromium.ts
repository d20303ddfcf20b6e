/**
 * Debian's headless Chromium, driven by playwright-core (no browser download). `.ci/run`
 * installs the `chromium` package; elsewhere set CHROMIUM_PATH or install it.
 */
import * as fs from 'node:fs';
import { Browser, chromium } from 'playwright-core';

/** Where Chromium is. */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/** Flags for a closed network: no background connections, no first-run work. */
const FLAGS = ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--disable-dev-shm-usage'];

/**
 * Starts headless Chromium.
 *
 * @throws Error saying how to get Chromium when it is not installed
 */
export async function launchChromium(): Promise<Browser> {
  if (!fs.existsSync(CHROMIUM_PATH)) {
    throw new Error(`Chromium is not at ${CHROMIUM_PATH}: install Debian's package (apt-get install chromium), as .ci/run does, or set CHROMIUM_PATH`);
  }
  return chromium.launch({ executablePath: CHROMIUM_PATH, args: FLAGS });
}
