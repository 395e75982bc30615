/**
 * Trollbox commands (issue #12): `/tip name amount [USD|BZU] [private]`, `/rain amount [USD|BZU]` and (issue 45)
 * `/bet id`, posted as the message "/bet <id>" that every reader sees as the bet's card. Any other
 * `/word` is answered locally with the list (issue #24: it used to be posted for everyone to read). Pure: the
 * composer sends anything else as a message.
 */
export type ChatCommand =
  | { kind: 'tip'; recipient: string; amount: string; currency: 'USD' | 'BZU'; private: boolean }
  | { kind: 'rain'; amount: string; currency: 'USD' | 'BZU' }
  | { kind: 'bet'; id: string }
  | { kind: 'invalid'; message: string }
  | { kind: 'unknown'; message: string };

const AMOUNT = /^\d{1,12}(\.\d{1,8})?$/;
export const TIP_USAGE = 'Usage: /tip name amount [USD|BZU] [private]';
export const RAIN_USAGE = 'Usage: /rain amount [USD|BZU]';
export const BET_USAGE = 'Usage: /bet id (a bet number, as on its page)';
export const COMMAND_LIST = 'Commands: /tip name amount [USD|BZU] [private] · /rain amount [USD|BZU] · /bet id';
/** A posted "/bet <id>" is shown as the bet's card (BetCard). */
export const BET_CARD_MESSAGE = /^\/bet (\d{1,19})$/;

export function parseChatCommand(text: string): ChatCommand | null {
  const parts = text.trim().split(/\s+/);
  const command = parts[0]?.toLowerCase();
  if (command === '/bet') {
    const id = parts[1]?.replace(/^#/, '');
    return parts.length === 2 && id && /^[1-9]\d{0,18}$/.test(id)
      ? { kind: 'bet', id }
      : { kind: 'invalid', message: BET_USAGE };
  }
  if (command !== '/tip' && command !== '/rain') {
    return command && /^\/[a-z]/.test(command)
      ? { kind: 'unknown', message: `Unknown command ${parts[0]}. ${COMMAND_LIST}` }
      : null;
  }
  const rest = parts.slice(1);
  const isPrivate = rest.some((part) => part.toLowerCase() === 'private');
  const args = rest.filter((part) => part.toLowerCase() !== 'private');
  const currencyOf = (value: string | undefined): 'USD' | 'BZU' | null => {
    if (value === undefined) return 'USD';
    const upper = value.toUpperCase();
    return upper === 'USD' || upper === 'BZU' ? upper : null;
  };
  if (command === '/tip') {
    const [recipient, amount, currency, extra] = args;
    const parsedCurrency = currencyOf(currency);
    if (!recipient || !amount || !AMOUNT.test(amount) || !parsedCurrency || extra !== undefined)
      return { kind: 'invalid', message: TIP_USAGE };
    return {
      kind: 'tip',
      recipient: recipient.replace(/^@/, ''),
      amount,
      currency: parsedCurrency,
      private: isPrivate,
    };
  }
  const [amount, currency, extra] = args;
  const parsedCurrency = currencyOf(currency);
  if (!amount || !AMOUNT.test(amount) || !parsedCurrency || extra !== undefined || isPrivate)
    return { kind: 'invalid', message: RAIN_USAGE };
  return { kind: 'rain', amount, currency: parsedCurrency };
}
