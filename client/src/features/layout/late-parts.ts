/**
 * The wallet the header balance opens (its balances, the deposit address): one chunk, fetched on the first click.
 * Not with the sidebar's games: a guest's sidebar would otherwise fetch the whole wallet with them.
 */
export { WalletModal } from '../wallet/WalletModal';
export { DepositModal } from '../wallet/DepositModal';
