// Where the end-to-end server keeps its data; shared by playwright.config.ts and the helpers.
export const E2E_PORT = 8181;
export const E2E_DATA_DIR = 'test-results/e2e-data';
export const E2E_SCREENS_DIR = 'test-results/screens';
