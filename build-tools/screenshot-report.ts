/**
 * Screenshots an HTML report in Debian's headless Chromium (for the README):
 *   ts-node build-tools/screenshot-report.ts <report.html> <out.png>
 */
import * as path from 'node:path';
import { launchChromium } from '../test/helpers/chromium';

async function main(): Promise<void> {
  const [report, out] = process.argv.slice(2);
  if (report === undefined || out === undefined) throw new Error('usage: screenshot-report.ts <report.html> <out.png>');
  const browser = await launchChromium();
  try {
    const page = await browser.newPage({ viewport: { width: 1200, height: 900 }, deviceScaleFactor: 1 });
    await page.goto(`file://${path.resolve(report)}`);
    await page.screenshot({ path: out, fullPage: true });
    console.log(`wrote ${out}`);
  } finally {
    await browser.close();
  }
}

void main();
