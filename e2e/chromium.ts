/**
 * The Chromium that Playwright drives for the e2e tests and the bench: the distribution's (Playwright cannot
 * download its own on our machines; scripts/ensure-chromium.mjs makes sure it is there) and its flags.
 * CHROMIUM_PATH, when set, names the binary for both.
 */
import { accessSync, constants } from 'node:fs';

const FULL_BROWSER = '/usr/bin/chromium';
/**
 * Debian's chromium-headless-shell: the same Blink and V8 as its chromium, without the browser around them
 * (no window, tab strip or omnibox to create for each test's context). Measured on two idle cores, 32 typical
 * tests in one worker: 123 s and 163 s of CPU with it, 154 s and 224 s with the full browser.
 */
const HEADLESS_SHELL = '/usr/bin/chromium-headless-shell';

const args = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--no-first-run',
  '--disable-quic',
  '--disable-sync',
  // Chromium 13x+ preloads the omnibox popup as a WebUI page in a renderer of its own for every new window,
  // and each test's context is one: measured on two cores, load, connect and select a tool cost 4.7 s of
  // CPU with it and 2.9 s without. A headless browser has no omnibox to show.
  '--disable-features=WebUIOmniboxPopup,WebUIOmniboxAimPopup,WebUIOmniboxFullPopup',
];

const chosenPath = process.env.CHROMIUM_PATH?.trim() || undefined;

/** The bench measures in the full browser, the one people use, so its figures stay comparable run to run. */
export const chromiumLaunchOptions = { executablePath: chosenPath ?? FULL_BROWSER, args };

/** The e2e tests prefer the headless shell when it is installed, and fall back to the full browser. */
export const e2eLaunchOptions = { executablePath: chosenPath ?? (isExecutable(HEADLESS_SHELL) ? HEADLESS_SHELL : FULL_BROWSER), args };

function isExecutable(path: string): boolean {
  try {
    accessSync(path, constants.X_OK);
    return true;
  } catch {
    return false;
  }
}
