import { IconArrowsExchange, IconBriefcase, IconChartLine, IconGift, IconWallet, type Icon } from '@tabler/icons-react';

export type TokenSection = 'overview' | 'holdings' | 'wallet' | 'utility' | 'trade';

export const TOKEN_SECTIONS: Record<TokenSection, { title: string; icon: Icon; empty: string; description: string }> = {
  overview: { title: 'Overview', icon: IconChartLine, empty: 'No token data yet', description: 'Supply, burns and price history will be shown here.' },
  holdings: { title: 'Holdings', icon: IconBriefcase, empty: 'No holdings to show', description: 'Your BZU holdings will be listed here.' },
  wallet: { title: 'Wallet', icon: IconWallet, empty: 'No wallet connected', description: 'Connect a wallet to move BZU in and out.' },
  utility: { title: 'Utility', icon: IconGift, empty: 'Utilities coming soon', description: 'What you can do with BZU on the platform will be explained here.' },
  trade: { title: 'Trade', icon: IconArrowsExchange, empty: 'Trading is not open yet', description: 'Buying and selling BZU will be available here.' },
};
