/**
 * The Chromium that Playwright drives for the e2e tests and the bench: the distribution's (Playwright cannot
 * download its own on our machines; scripts/ensure-chromium.mjs makes sure it is there) and its flags.
 */
export const chromiumLaunchOptions = {
  executablePath: process.env.CHROMIUM_PATH?.trim() || '/usr/bin/chromium',
  args: [
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
  ],
};
