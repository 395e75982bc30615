// The local EVM node (`hardhat node`) that tests and the embedded default start: Hardhat 2's network (its EVM ships
// as a binary inside the npm package). Transactions are mined at once; tests mine more blocks on demand and the
// launcher asks for a block every couple of seconds (evm_setIntervalMining). Hardhat compiles nothing here (the
// project's Solidity is compiled with the solc package: chain/compile.ts), so its paths point where nothing is.
// chain/local-node.ts sets BZU_HARDHAT_SCRATCH (a folder under the system's temporary directory).
const scratch = process.env.BZU_HARDHAT_SCRATCH || '/tmp/bzu-hardhat';

module.exports = {
  paths: {
    sources: `${scratch}/no-sources`,
    cache: `${scratch}/cache`,
    artifacts: `${scratch}/artifacts`,
  },
  networks: {
    hardhat: {
      chainId: 31337,
      mining: { auto: true },
      accounts: { count: 10 },
      loggingEnabled: false,
    },
  },
};
