/** One day's figures for one provider and currency, as the admin's providers.daily answers them (exact decimals). */
export interface ProviderDailyFigures {
  currency: string;
  bets: string;
  betCount: number;
  wins: string;
  rollbacks: string;
  ggr: string;
}

export interface ProviderDailyCells {
  bets: string;
  wins: string;
  rollbacks: string;
  ggr: string;
  ggrNegative: boolean;
}

/**
 * The money cells of the provider transactions table. Every amount names its currency: a provider's USD and BZU rows
 * sit side by side, and a bare "12.5" under Wins or GGR (issue 45) could be read as either.
 */
export function providerDailyCells(row: ProviderDailyFigures): ProviderDailyCells {
  const money = (amount: string) => `${amount} ${row.currency}`;
  return {
    bets: `${money(row.bets)} (${row.betCount})`,
    wins: money(row.wins),
    rollbacks: money(row.rollbacks),
    ggr: money(row.ggr),
    ggrNegative: row.ggr.startsWith('-'),
  };
}
