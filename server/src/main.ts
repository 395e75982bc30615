import { startPlatformServer } from './bootstrap.js';
import { loadEnv } from './env.js';
import { onShutdown } from './infra/shutdown.js';

const env = loadEnv();
const platform = await startPlatformServer(env).catch((error: Error) => {
  console.error(`Server failed to start: ${error.message}`);
  process.exit(1);
});
platform.logger.info({ url: platform.server.url }, `Server listening on ${platform.server.url}`);
onShutdown(platform.logger, () => platform.stop());
