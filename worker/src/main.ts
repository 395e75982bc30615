import { createServices } from '../../server/src/composition/index.js';
import { loadEnv } from '../../server/src/env.js';
import { openInfrastructure } from '../../server/src/infrastructure.js';
import { createLogger } from '../../server/src/infra/logger.js';
import { onShutdown } from '../../server/src/infra/shutdown.js';
import { startChainWatchers } from './chain-watchers.js';
import { startRoundRunners } from './round-runners.js';
import { startWorker } from './worker.js';

const env = loadEnv();
const logger = createLogger(env.LOG_LEVEL, 'worker');
// The worker never hosts the embedded database: the launcher or the server does.
const infra = await openInfrastructure(env, { hostEmbedded: false }).catch((error: Error) => {
  logger.fatal(error.message);
  process.exit(1);
});
// The domain services only: no HTTP stack and no realtime feed (the worker publishes events, the server delivers them).
const services = createServices(infra);
const worker = await startWorker({ infra, services, logger });
const rounds = env.roundsEnabled ? await startRoundRunners({ infra, services, logger }) : null;
const chain = await startChainWatchers({ infra, services, logger });
logger.info('Worker started');
onShutdown(logger, async () => {
  await chain.stop();
  await rounds?.stop();
  await worker.stop();
  await services.events.drain();
  await infra.close();
});
