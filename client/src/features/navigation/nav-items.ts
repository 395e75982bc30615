import {
  IconBallFootball,
  IconBroadcast,
  IconCards,
  IconChartPie,
  IconCherry,
  IconCoin,
  IconDeviceGamepad2,
  IconFlame,
  IconGift,
  IconGridDots,
  IconMenu2,
  IconMessages,
  IconMicrophone2,
  IconReceipt,
  IconShieldCheck,
  IconTicket,
  type Icon,
} from '@tabler/icons-react';

export interface NavItem<TPath extends string = string> {
  to: TPath;
  label: string;
  icon: Icon;
}

/** The sidebar's Casino group, in the spec's order. */
export const CASINO_LINKS = [
  { to: '/casino', label: 'All Games', icon: IconDeviceGamepad2 },
  // The platform's own provably-fair games (dice, limbo, plinko, keno, mines).
  { to: '/casino/originals', label: 'Originals', icon: IconFlame },
  { to: '/casino/slots', label: 'Slots', icon: IconCherry },
  { to: '/casino/live', label: 'Live Casino', icon: IconBroadcast },
  { to: '/casino/gameshows', label: 'Game Shows', icon: IconMicrophone2 },
  { to: '/casino/roulette', label: 'Roulette', icon: IconChartPie },
  { to: '/casino/blackjack', label: 'Blackjack', icon: IconCards },
  { to: '/casino/bingo', label: 'Bingo', icon: IconGridDots },
  { to: '/casino/raffles', label: 'Raffles', icon: IconTicket },
] as const satisfies readonly NavItem[];

export type CasinoCategoryPath = Exclude<(typeof CASINO_LINKS)[number]['to'], '/casino'>;

export const SPORTS_LINK = { to: '/sports', label: 'Sports', icon: IconBallFootball } as const satisfies NavItem;

/** Under the casino group: the player's own bets and the fairness page. */
export const ORIGINALS_LINKS = [
  { to: '/casino/my-bets', label: 'My bets', icon: IconReceipt },
  { to: '/provably-fair', label: 'Provably fair', icon: IconShieldCheck },
  { to: '/promotions', label: 'Promotions', icon: IconGift },
] as const satisfies readonly NavItem[];

/** The mobile bottom tab bar: Menu, Casino, Sports, BZU, Trollbox. */
export const MOBILE_TABS = [
  { to: '/menu', label: 'Menu', icon: IconMenu2 },
  { to: '/casino', label: 'Casino', icon: IconDeviceGamepad2 },
  SPORTS_LINK,
  { to: '/token', label: 'BZU', icon: IconCoin },
  { to: '/chat', label: 'Trollbox', icon: IconMessages },
] as const satisfies readonly NavItem[];

/** The user dropdown's account links (spec section 2, "Top bar"). */
export const ACCOUNT_LINKS = [
  { to: '/account/profile', label: 'Profile' },
  { to: '/account/balances', label: 'Balances' },
  { to: '/account/referrals/codes', label: 'Referrals' },
  { to: '/account/deposits/ALL', label: 'Deposits' },
  { to: '/account/withdrawals/ALL', label: 'Withdrawals' },
  { to: '/account/settings', label: 'Settings' },
  { to: '/account/exclusion', label: 'Self-exclusion' },
] as const;

export const TOKEN_LINKS = [
  { to: '/token', label: 'Dashboard' },
  { to: '/token/overview', label: 'Overview' },
  { to: '/token/holdings', label: 'Holdings' },
  { to: '/token/wallet', label: 'Wallet' },
  { to: '/token/utility', label: 'Utility' },
  { to: '/token/trade', label: 'Trade' },
] as const;

/** Footer groups (spec section 2, "Footer"). Support is a mailto link built from configuration. */
export const FOOTER_PLATFORM_LINKS = [
  { to: '/faq', label: 'FAQ' },
  { to: '/provably-fair', label: 'Provably fair' },
  { to: '/partnership', label: 'Partnership' },
  { to: '/blog', label: 'Blog' },
  { to: '/help-center', label: 'Help Center' },
] as const;

export const FOOTER_ABOUT_LINKS = [
  { to: '/aml-policy', label: 'AML' },
  { to: '/sports-policy', label: 'Sports policy' },
  { to: '/responsible-gaming', label: 'Responsible gaming' },
  { to: '/privacy-policy', label: 'Privacy' },
  { to: '/terms-and-conditions', label: 'Terms' },
] as const;

export const FOOTER_COMMUNITY_LINKS = [
  { to: '/chat', label: 'Trollbox' },
  { to: '/token', label: 'BZU token' },
] as const;
