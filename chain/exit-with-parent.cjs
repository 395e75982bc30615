// Preloaded into the local EVM node (chain/local-node.ts): it ends itself when the process that started it is gone,
// however that one ended (kill -9 included), so a killed launcher or test run leaves no node behind.
const parent = process.ppid;
setInterval(() => {
  let alive = process.ppid === parent;
  if (alive) {
    try {
      process.kill(parent, 0);
    } catch {
      alive = false;
    }
  }
  if (!alive) process.exit(0);
}, 500).unref();
