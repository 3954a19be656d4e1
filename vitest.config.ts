import { defineConfig } from 'vitest/config';

// The API tests run once on SQLite and, when TEST_DATABASE_URL names a PostgreSQL server, once more
// on it (each test file in a schema of its own).
const postgresUrl = process.env.TEST_DATABASE_URL ?? '';

export default defineConfig({
  test: {
    projects: [
      { test: { name: 'unit', include: ['tests/unit/**/*.test.ts'], environment: 'node' } },
      {
        test: {
          name: 'api',
          include: ['tests/api/**/*.test.ts'],
          environment: 'node',
          env: { API_DATABASE_URL: '' },
        },
      },
      ...(postgresUrl
        ? [
            {
              test: {
                name: 'api-postgres',
                include: ['tests/api/**/*.test.ts'],
                environment: 'node',
                env: { API_DATABASE_URL: postgresUrl },
              },
            },
          ]
        : []),
    ],
  },
});
