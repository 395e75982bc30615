/** Every route of the spec with the heading it must show (signed out). */
export interface RouteExpectation {
  path: string;
  heading: string;
  /** Text that must also be on the page. */
  text?: string;
  /** The page shows the server's token figures: every $ amount on it must be one of them. */
  tokenFigures?: boolean;
  /** The page shows the open raffle's pool and prizes: every $ amount on it must be one of them. */
  raffleFigures?: boolean;
}

export const SHARED_ROUTES: RouteExpectation[] = [
  { path: '/', heading: 'Casino', text: 'Categories' },
  { path: '/casino', heading: 'Casino', text: 'Featured games' },
  { path: '/casino/slots', heading: 'Slots', text: 'RTP 97.53%' },
  { path: '/casino/live', heading: 'Live Casino', text: 'No live casino games yet' },
  { path: '/casino/gameshows', heading: 'Game Shows', text: 'Money Wheel' },
  { path: '/casino/roulette', heading: 'Roulette' },
  { path: '/casino/blackjack', heading: 'Blackjack' },
  { path: '/casino/bingo', heading: 'Bingo' },
  { path: '/casino/raffles', heading: 'Raffles', text: 'Daily raffle #', raffleFigures: true },
  { path: '/games', heading: 'Games', text: 'Plinko' },
  { path: '/casino/originals', heading: 'Originals', text: 'Keno' },
  { path: '/casino/games/dice', heading: 'Dice', text: 'Win chance' },
  { path: '/casino/games/mines', heading: 'Mines', text: 'Next tile' },
  { path: '/casino/my-bets', heading: 'My bets', text: 'Log in to see your bets' },
  { path: '/provably-fair', heading: 'Provably fair', text: 'Verify a bet' },
  { path: '/sports', heading: 'Sports', text: 'Sports betting is not available' },
  { path: '/raffle', heading: 'Raffle', text: 'Tickets in the draw', raffleFigures: true },
  { path: '/token', heading: 'BZU Token', text: 'Price history', tokenFigures: true },
  { path: '/token/overview', heading: 'BZU Overview', text: 'Buy-and-burn' },
  { path: '/token/holdings', heading: 'BZU Holdings', text: 'Log in to see your BZU holdings' },
  { path: '/token/wallet', heading: 'BZU Wallet', text: 'Log in to see your BZU deposit address' },
  { path: '/token/utility', heading: 'BZU Utility', text: 'Log in to see your holder tier' },
  { path: '/token/trade', heading: 'BZU Trade', text: 'Log in to buy and sell BZU' },
  { path: '/chat', heading: 'Trollbox', text: 'You must be logged in to send messages' },
  { path: '/terms-and-conditions', heading: 'Terms and Conditions' },
  { path: '/responsible-gaming', heading: 'Responsible Gaming' },
  { path: '/privacy-policy', heading: 'Privacy Policy' },
  { path: '/aml-policy', heading: 'Anti-Money Laundering Policy' },
  { path: '/sports-policy', heading: 'Sports Betting Policy' },
  { path: '/faq', heading: 'Frequently Asked Questions' },
  { path: '/help-center', heading: 'Help Center' },
  { path: '/partnership', heading: 'Partnership' },
  { path: '/blog', heading: 'Blog' },
  { path: '/email-verification', heading: 'Check your inbox', text: 'Email Verification Required' },
  { path: '/verify-email', heading: 'Verify e-mail', text: 'This verification link is incomplete' },
  { path: '/resend-verification', heading: 'Resend verification' },
  { path: '/forgot-password', heading: 'Forgot password' },
  { path: '/reset-password', heading: 'Reset password', text: 'This reset link is incomplete' },
  { path: '/account', heading: 'Account', text: 'Log in to see your account' },
  { path: '/account/profile', heading: 'Account', text: 'Log in to see your account' },
  { path: '/account/balances', heading: 'Account' },
  { path: '/account/referrals/codes', heading: 'Account' },
  { path: '/account/deposits/ALL', heading: 'Account' },
  { path: '/account/withdrawals/ALL', heading: 'Account' },
  { path: '/account/settings', heading: 'Account' },
  { path: '/account/exclusion', heading: 'Account' },
];

export const NARROW_ONLY_ROUTES: RouteExpectation[] = [
  { path: '/menu', heading: 'Menu', text: 'Crypto Futures' },
  { path: '/crypto-futures', heading: 'Crypto Futures', text: 'Crypto Futures Coming Soon' },
  { path: '/portfolio', heading: 'Portfolio', text: 'Portfolio Coming Soon' },
];

/** The account pages a signed-in user sees, with their own headings. */
export const ACCOUNT_ROUTES: RouteExpectation[] = [
  { path: '/account', heading: 'Profile' },
  { path: '/account/profile', heading: 'Profile' },
  { path: '/account/balances', heading: 'Balances' },
  { path: '/account/referrals/codes', heading: 'Referral codes' },
  { path: '/account/deposits/ALL', heading: 'Deposits' },
  { path: '/account/withdrawals/ALL', heading: 'Withdrawals' },
  { path: '/account/settings', heading: 'Settings' },
  { path: '/account/exclusion', heading: 'Self-exclusion' },
];

export function screenshotName(prefix: string, path: string): string {
  return `${prefix}${path === '/' ? '-home' : path.replace(/[^a-zA-Z0-9]+/g, '-')}`;
}
