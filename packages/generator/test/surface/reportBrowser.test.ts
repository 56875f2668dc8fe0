import { spawn } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it, type TestContext } from 'vitest';
import { runSurfaceSubcommand } from '../../src/cli/surfaceCommands.js';

/**
 * `toolgen report`'s page in a real browser: headless Chromium (through playwright-core) opens the
 * report of the fixture project (fixtures/report, see report.test.ts) from a file:// URL, and the
 * filter, the agents and the offline promise are checked there. The page's structure and escaping
 * are report.test.ts, a unit test.
 *
 * Chromium is the system's (`apt-get install chromium`), not a download of playwright's. When it is
 * missing, the set-up installs it with apt-get when it can (as root, time-bounded); when it still
 * cannot be had, the tests are skipped with the reason printed.
 *
 * Environment:
 * - `TOOLGEN_CHROMIUM`: the Chromium binary to run (default `/usr/bin/chromium`, where apt-get puts
 *   it). `TOOLGEN_CHROMIUM=/nonexistent` exercises the skip path on a machine that has Chromium.
 * - `TOOLGEN_UPDATE_SCREENSHOT=1`: write the screenshot to docs/images/report.png (the image
 *   docs/cli.md shows) instead of a temporary folder.
 */
/** Where `apt-get install chromium` puts Chromium. */
const aptChromium = '/usr/bin/chromium';
const executablePath = process.env['TOOLGEN_CHROMIUM'] || aptChromium;
const fixture = path.join(import.meta.dirname, 'fixtures', 'report');
const docsImage = path.join(import.meta.dirname, '..', '..', '..', '..', 'docs', 'images', 'report.png');
/** Milliseconds apt-get may take in all (an install, then an update and a second install), and each step at most. */
const installBudget = 240_000;
const stepLimit = 120_000;

const launchArgs = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run'];
launchArgs.push('--disable-background-networking', '--disable-component-update', '--disable-sync');

/** The fixture's tools, by toolset, in page order. */
const toolsByToolset = {
  Tickets: ['ticket__search_tickets', 'ticket__close_ticket', 'ticket__tag_ticket', 'ticket__file_category'],
  'Workspace files': ['file__read_file', 'file__write_file', 'file__list_files'],
  Web: ['web__fetch_page'],
  'Secrets vault': ['vault__read_secret'],
};
const allTools = Object.values(toolsByToolset).flat();

let browser: Browser | undefined;
let unavailable = '';
let work = '';
let reportUrl = '';

beforeAll(async () => {
  const found = await chromiumAt(executablePath);
  if (typeof found === 'object') {
    unavailable = found.reason;
    console.warn(`${found.reason}: the report's browser test is skipped; the structural checks in report.test.ts still ran.`);
    return;
  }
  // the project folder's name is the page's title
  work = mkdtempSync(path.join(tmpdir(), 'toolgen-report-browser-'));
  const project = path.join(work, 'support-desk');
  cpSync(fixture, project, { recursive: true });
  const stdout: string[] = [];
  const output = { stdout: (text: string) => stdout.push(text), stderr: (text: string) => stdout.push(text) };
  expect(runSurfaceSubcommand(['report', '--out', 'report.html', '-p', '.', '--policy', 'agents/*.yaml'], output, project)).toBe(0);
  expect(stdout.join('')).toBe('toolgen: 9 tools, 2 agents; report.html written.\n');
  reportUrl = pathToFileURL(path.join(project, 'report.html')).href;
  browser = await chromium.launch({ executablePath, args: launchArgs, timeout: 20_000 });
}, installBudget + 30_000); // apt-get may take minutes: each of its steps is bounded, and all of them (installBudget)

afterAll(async () => {
  await browser?.close();
  if (work !== '') rmSync(work, { recursive: true, force: true });
});

/** A page of the report in a fresh context, with every console error, page error, failed or non-file request collected. */
interface OpenedReport {
  readonly page: Page;
  /** Console errors, page errors and failed requests. */
  readonly problems: string[];
  /** The URL of every request the page made. */
  readonly requests: string[];
}

async function openReport(context: TestContext, options: { javaScriptEnabled?: boolean } = {}): Promise<OpenedReport> {
  if (browser === undefined) context.skip(unavailable);
  const browserContext: BrowserContext = await browser.newContext({ viewport: { width: 1200, height: 800 }, ...options });
  context.onTestFinished(() => browserContext.close());
  const page = await browserContext.newPage();
  page.setDefaultTimeout(5_000);
  const problems: string[] = [];
  const requests: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') problems.push(`console error: ${message.text()}`);
  });
  page.on('pageerror', (error) => problems.push(`page error: ${error.message}`));
  page.on('requestfailed', (request) => problems.push(`request failed: ${request.url()} (${request.failure()?.errorText ?? '?'})`));
  page.on('request', (request) => requests.push(request.url()));
  await page.goto(reportUrl, { waitUntil: 'load' });
  return { page, problems, requests };
}

const visibleTools = (page: Page) => page.locator('article.tool:visible h4').allTextContents();
const visibleToolsets = (page: Page) => page.locator('section.toolset:visible > h3').allTextContents();

describe('toolgen report in a browser', () => {
  it('opens from disk with no console error, no failed request and nothing loaded but the page; every tool is shown', async (context) => {
    const { page, problems, requests } = await openReport(context);
    expect(await page.title()).toBe('Tool surface of support-desk · toolgen report');
    expect(await visibleTools(page)).toEqual(allTools);
    expect(await visibleToolsets(page)).toEqual(Object.keys(toolsByToolset));
    await expect.poll(() => page.locator('#filter-count').textContent()).toBe('9 of 9 tools shown');
    expect(await page.locator('#filter').isVisible()).toBe(true);
    expect(await page.locator('#filter-none').isVisible()).toBe(false);
    expect(await page.getByLabel('Filter tools').getAttribute('type')).toBe('search');
    expect(problems).toEqual([]);
    expect(requests.filter((url) => !url.startsWith('file://') && !url.startsWith('data:'))).toEqual([]);
    expect(requests).toContain(reportUrl);
  });

  it('narrows the tools as the filter is typed in (names, descriptions, toolsets; any case), hides empty toolsets, restores them when cleared', async (context) => {
    const { page, problems } = await openReport(context);
    const filter = page.getByLabel('Filter tools');
    const count = page.locator('#filter-count');

    await filter.pressSequentially('ticket');
    await expect.poll(() => count.textContent()).toBe('4 of 9 tools shown');
    expect(await visibleTools(page)).toEqual(toolsByToolset.Tickets);
    expect(await visibleToolsets(page)).toEqual(['Tickets']);

    // a description ("Deprecated: Use search instead.") and a qualified name, in upper case
    await filter.fill('SEARCH');
    await expect.poll(() => count.textContent()).toBe('2 of 9 tools shown');
    expect(await visibleTools(page)).toEqual(['ticket__search_tickets', 'file__list_files']);
    expect(await visibleToolsets(page)).toEqual(['Tickets', 'Workspace files']);

    // a toolset's display name matches all its tools; words must all match
    await filter.fill('workspace write');
    await expect.poll(() => count.textContent()).toBe('1 of 9 tools shown');
    expect(await visibleTools(page)).toEqual(['file__write_file']);
    await filter.fill('secrets vault');
    await expect.poll(() => visibleTools(page)).toEqual(['vault__read_secret']);
    // a governance badge's words
    await filter.fill('egress');
    await expect.poll(() => visibleTools(page)).toEqual(['web__fetch_page']);
    await filter.fill('needs approval');
    await expect.poll(() => visibleTools(page)).toEqual(['ticket__close_ticket']);

    await filter.fill('no such tool');
    await expect.poll(() => count.textContent()).toBe('0 of 9 tools shown');
    expect(await visibleTools(page)).toEqual([]);
    expect(await visibleToolsets(page)).toEqual([]);
    expect(await page.locator('#filter-none').isVisible()).toBe(true);

    await filter.fill('');
    await expect.poll(() => count.textContent()).toBe('9 of 9 tools shown');
    expect(await visibleTools(page)).toEqual(allTools);
    expect(await visibleToolsets(page)).toEqual(Object.keys(toolsByToolset));
    expect(await page.locator('#filter-none').isVisible()).toBe(false);
    expect(problems).toEqual([]);
  });

  it('lists what each agent is offered, with approvals marked, and what is left out and why', async (context) => {
    const { page } = await openReport(context);
    const offered = (agent: string) => page.locator(`#agent-${agent} details.offered li:visible`).allInnerTexts();
    const leftOut = (agent: string) => page.locator(`#agent-${agent} details.left-out li:visible`).allInnerTexts();
    expect(await page.locator('#agents h3').allTextContents()).toEqual(['ops', 'support']);
    expect(await offered('support')).toEqual([
      'ticket__search_tickets',
      'ticket__close_ticket needs approval',
      'ticket__tag_ticket needs approval',
      'ticket__file_category',
      'file__read_file',
      'file__list_files',
      'web__fetch_page auto-approved',
    ]);
    expect(await leftOut('support')).toEqual([
      'file__write_file denied its policy denies it',
      'vault__read_secret confidentiality the tool is for confidential agents only, and this agent is not confidential ' +
        '(its policy lets it call web__fetch_page)',
    ]);
    expect(await offered('ops')).toContain('vault__read_secret auto-approved');
    expect(await leftOut('ops')).toEqual([
      'ticket__close_ticket denied its policy denies it',
      'web__fetch_page confidentiality the tool is for non-confidential agents only, and this agent is confidential ' +
        '(its policy lets it call vault__read_secret)',
    ]);
    // an agent's tool links to the tool
    await page.locator('#agent-support a', { hasText: 'file__write_file' }).click();
    expect(new URL(page.url()).hash).toBe('#tool-file__write_file');
    expect(await page.locator('#tool-file__write_file').isVisible()).toBe(true);
  });

  it('shows every tool without JavaScript, and no filter that could not work', async (context) => {
    const { page, problems } = await openReport(context, { javaScriptEnabled: false });
    expect(await visibleTools(page)).toEqual(allTools);
    expect(await page.locator('#filter').isVisible()).toBe(false);
    expect(problems).toEqual([]);
  });

  it('makes a full-page screenshot (docs/images/report.png with TOOLGEN_UPDATE_SCREENSHOT=1)', async (context) => {
    const { page, problems } = await openReport(context);
    // filtered to two tools, which keeps the image small: the summary, the agents, the filter at work
    await page.getByLabel('Filter tools').fill('search');
    await expect.poll(() => page.locator('#filter-count').textContent()).toBe('2 of 9 tools shown');
    const file = process.env['TOOLGEN_UPDATE_SCREENSHOT'] === '1' ? docsImage : path.join(work, 'report.png');
    mkdirSync(path.dirname(file), { recursive: true });
    await page.screenshot({ path: file, fullPage: true, animations: 'disabled', caret: 'hide' });
    const png = readFileSync(file);
    expect(png.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))).toBe(true);
    expect(png.readUInt32BE(16)).toBe(1200);
    expect(png.readUInt32BE(20)).toBeGreaterThan(800);
    expect(png.length).toBeGreaterThan(20_000);
    expect(png.length).toBeLessThan(400_000);
    expect(problems).toEqual([]);
  });
});

/**
 * `path` when Chromium is there (after installing it with apt-get when it is not and this process
 * can), else why it cannot be had.
 */
async function chromiumAt(wanted: string): Promise<string | { readonly reason: string }> {
  if (existsSync(wanted)) return wanted;
  if (wanted !== aptChromium) {
    return { reason: `Chromium is not at ${wanted} (TOOLGEN_CHROMIUM), and apt-get, which installs it at ${aptChromium}, is not tried for another path` };
  }
  const missing = `Chromium is not installed (no ${wanted})`;
  if (process.platform !== 'linux' || !existsSync('/usr/bin/apt-get')) return { reason: `${missing} and this machine has no apt-get to install it` };
  if (process.getuid?.() !== 0) return { reason: `${missing} and apt-get could not install it (installing needs root; run apt-get install chromium)` };
  const deadline = Date.now() + installBudget;
  const apt = async (...args: string[]): Promise<string | undefined> => {
    const left = Math.min(stepLimit, deadline - Date.now());
    if (left <= 1_000) return `no time left for apt-get ${args[0]}`;
    return new Promise((resolve) => {
      // a process group of its own, so that a timeout ends apt-get and the methods and dpkg it started
      const options = ['DPkg::Lock::Timeout=30', 'Acquire::Retries=0', 'Acquire::http::Timeout=20', 'Acquire::https::Timeout=20'];
      const child = spawn('apt-get', [...options.flatMap((option) => ['-o', option]), ...args], {
        detached: true,
        stdio: ['ignore', 'ignore', 'pipe'],
        env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
      });
      let stderr = '';
      child.stderr.on('data', (chunk: Buffer) => (stderr = (stderr + chunk.toString()).slice(-4_000)));
      let timedOut = false;
      const timer = setTimeout(() => {
        timedOut = true;
        try {
          if (child.pid !== undefined) process.kill(-child.pid, 'SIGKILL');
        } catch {
          // gone already
        }
      }, left);
      child.on('error', (error) => {
        clearTimeout(timer);
        resolve(`apt-get ${args[0]} could not start (${error.message})`);
      });
      child.on('exit', (code) => {
        clearTimeout(timer);
        const outcome = () => {
          if (timedOut) return `apt-get ${args[0]} timed out after ${Math.round(left / 1000)} s`;
          return code === 0 ? undefined : lastLine(stderr) || `apt-get ${args[0]} exited with ${code}`;
        };
        // its last words, unless something it started still holds its stderr
        child.on('close', () => resolve(outcome()));
        setTimeout(() => resolve(outcome()), 500).unref();
      });
    });
  };
  const install = ['install', '-y', '--no-install-recommends', 'chromium'];
  let failure = await apt(...install);
  if (failure !== undefined) {
    const update = await apt('update');
    failure = update !== undefined ? `${failure}; then ${update}` : await apt(...install);
  }
  if (existsSync(wanted)) return wanted;
  return { reason: `${missing} and apt-get could not install it (${failure ?? `apt-get install chromium succeeded, but there is still no ${wanted}`})` };
}

function lastLine(text: string): string {
  return text.trim().split('\n').filter((line) => line.trim() !== '').pop()?.trim() ?? '';
}
