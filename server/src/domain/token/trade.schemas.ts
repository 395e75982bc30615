import { z } from 'zod';
import { amountInputSchema } from '../wallet/amounts.js';

export const tradeSideSchema = z.enum(['buy', 'sell']);

/** Slippage tolerance in basis points: 0.5 % unless the player picks another (at most 50 %). */
export const slippageBpsSchema = z.number().int().min(0).max(5_000).default(50);

export const quoteInputSchema = z.object({
  side: tradeSideSchema,
  /** USD to pay (buy) or BZU to sell (sell), fee included. */
  amount: amountInputSchema,
  slippageBps: slippageBpsSchema,
});

export const tradeInputSchema = z.object({
  side: tradeSideSchema,
  amount: amountInputSchema,
  /** The least BZU (buy) or USD (sell) the player accepts; usually the quote's minimumReceived. */
  minOut: z
    .string()
    .trim()
    .regex(/^\d{1,12}(\.\d{1,8})?$/, 'must be a decimal amount with at most 8 decimals'),
  /** The client's id for this trade: sending the same id again returns the first result. */
  clientTradeId: z.string().regex(/^[A-Za-z0-9_-]{8,64}$/, 'must be 8-64 letters, digits, - or _'),
});

export type QuoteInput = z.infer<typeof quoteInputSchema>;
export type TradeInput = z.infer<typeof tradeInputSchema>;

export interface TradeQuoteView {
  side: 'buy' | 'sell';
  amountIn: string;
  amountOut: string;
  /** USD to the house. */
  fee: string;
  feeBps: number;
  /** Base fee before the holder discount, bps. */
  baseFeeBps: number;
  /** Spot price now and after this trade, USD per BZU. */
  price: string;
  priceAfter: string;
  executionPrice: string;
  /** Percent, 4 decimals. */
  priceImpact: number;
  slippageBps: number;
  minimumReceived: string;
  inCurrency: 'USD' | 'BZU';
  outCurrency: 'USD' | 'BZU';
}

export interface TradeResultView {
  tradeId: string;
  side: 'buy' | 'sell';
  amountIn: string;
  amountOut: string;
  fee: string;
  priceAfter: string;
  createdAt: string;
  /** True when this clientTradeId had already traded: nothing new happened. */
  replayed: boolean;
  balances: { USD: string; BZU: string };
}
