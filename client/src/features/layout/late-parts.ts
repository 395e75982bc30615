/**
 * The signed-in shell's parts that wait for a first click or for the first paint (the sidebar's favourites and
 * recently played, the wallet the header balance opens): one chunk, so the first screen names one file for both.
 */
export { SidebarGames } from './SidebarGames';
export { WalletModal } from '../wallet/WalletModal';
