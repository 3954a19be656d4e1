import { defineConfig } from '@playwright/test';
import {
  CHROMIUM,
  CHROMIUM_ARGS,
  E2E_DATA_DIR,
  E2E_OUTPUT_DIR,
  E2E_PORT as PORT,
  E2E_TELEGRAM_PORT,
} from './tests/e2e/env';
import {
  CALL_PROVIDER_ENDPOINT,
  CALL_PROVIDER_TOKEN,
  HOST_PAGE_PORT,
  LLM_API_KEY,
  LLM_BASE_URL,
} from './tests/e2e/host-page/env';
import { FAKE_SITE_PORT, FAKE_YOUTUBE_PORT, YOUTUBE_BASE_URL } from './tests/e2e/knowledge-env';

// End-to-end tests drive the real server (built app, real SQLite, .eml outbox) in the system's
// Chromium; no browser is ever downloaded. `npm run test:e2e` builds the app first.

export default defineConfig({
  testDir: 'tests/e2e',
  outputDir: E2E_OUTPUT_DIR,
  fullyParallel: false,
  workers: 1,
  retries: 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: [['list']],
  use: {
    baseURL: `http://127.0.0.1:${PORT}`,
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: { executablePath: CHROMIUM, args: CHROMIUM_ARGS },
  },
  webServer: [
    {
      // Each run starts from an empty data folder (database and outbox). Playwright starts the web
      // server before any globalSetup, so the wipe has to happen here, before the server opens it.
      command: `node -e "fs.rmSync('${E2E_DATA_DIR}', { recursive: true, force: true })" && npx tsx server/server.ts`,
      url: `http://127.0.0.1:${PORT}/api/health`,
      reuseExistingServer: false,
      timeout: 60_000,
      env: {
        PORT: String(PORT),
        HOST: '127.0.0.1',
        DATA_DIR: E2E_DATA_DIR,
        PROVIDERS_FILE: 'tests/e2e/fixtures/providers.json',
        AUTH_RATE_LIMIT: '1000',
        LOG_LEVEL: 'warn',
        ALLOW_PRIVATE_TARGETS: '1',
        // A push type with a data source, for the notification node editor (never fetched here).
        PUSH_MESSAGE_SOURCES: '{"WEATHER":"https://weather.example/today.json?key=e2e-secret"}',
        // The host page server stands in for an OpenAI-compatible endpoint (realtime AI, speech).
        LLM_BASE_URL,
        LLM_API_KEY,
        // The built-in call provider: the fake provider behind the host page server.
        CALL_PROVIDER_ENDPOINT,
        CALL_PROVIDER_TOKEN,
        // Knowledge videos come from the fake YouTube below.
        YOUTUBE_BASE_URL,
        // Bot tokens are checked with Telegram's getMe: the fake answers for any well-formed token.
        TELEGRAM_API_BASE: `http://127.0.0.1:${E2E_TELEGRAM_PORT}`,
      },
    },
    {
      // The knowledge sources' fakes (issue 17): a small web site and a YouTube.
      command: 'npx tsx tests/fixtures/fake-site.ts',
      url: `http://127.0.0.1:${FAKE_SITE_PORT}/robots.txt`,
      reuseExistingServer: false,
      timeout: 30_000,
      env: { PORT: String(FAKE_SITE_PORT) },
    },
    {
      command: 'npx tsx tests/fixtures/fake-youtube.ts',
      url: `http://127.0.0.1:${FAKE_YOUTUBE_PORT}/watch?v=teaBrewing1`,
      reuseExistingServer: false,
      timeout: 30_000,
      env: { PORT: String(FAKE_YOUTUBE_PORT) },
    },
    {
      command: 'npx tsx tests/fixtures/fake-telegram.ts',
      url: `http://127.0.0.1:${E2E_TELEGRAM_PORT}/_fake/log`,
      reuseExistingServer: false,
      timeout: 30_000,
      env: { PORT: String(E2E_TELEGRAM_PORT), ANY_TOKEN: '1' },
    },
    {
      // A bot owner's site on another origin, embedding the widget (tests/e2e/host-page).
      command: 'npx tsx tests/e2e/host-page/server.ts',
      url: `http://127.0.0.1:${HOST_PAGE_PORT}/health`,
      reuseExistingServer: false,
      timeout: 30_000,
      env: { HOST_PAGE_PORT: String(HOST_PAGE_PORT) },
    },
  ],
});
