// The only file that binds a port; everything else builds on `buildApp`.
import { buildApp } from './app.js';
import { loadConfig } from './config.js';

const config = loadConfig();
const app = await buildApp(config);

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    void app.close().then(() => process.exit(0));
  });
}

try {
  await app.listen({ port: config.port, host: config.host });
  app.log.info(`BotFlow is running at ${config.publicUrl}`);
} catch (error) {
  app.log.error(error);
  process.exit(1);
}
