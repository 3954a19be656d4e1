// Where the end-to-end server listens and keeps its data; shared by playwright.config.ts and the
// helpers. E2E_PORT lets two runs share a machine: each gets its own port, data and artifacts.
export const E2E_PORT = Number(process.env.E2E_PORT ?? 8181);
const suffix = E2E_PORT === 8181 ? '' : `-${E2E_PORT}`;
export const E2E_DATA_DIR = `test-results/e2e-data${suffix}`;
export const E2E_OUTPUT_DIR = `test-results/artifacts${suffix}`;
/** The fake Telegram Bot API the e2e server talks to (tests/fixtures/fake-telegram.ts). */
export const E2E_TELEGRAM_PORT = E2E_PORT + 7;
export const E2E_SCREENS_DIR = 'test-results/screens';

/** The system Chromium and the flags every test browser starts with (never a downloaded browser). */
export const CHROMIUM = '/usr/bin/chromium';
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-quic',
];
