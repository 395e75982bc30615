import { describe, expect, it } from 'vitest';
import { BET_CARD_MESSAGE, BET_USAGE, COMMAND_LIST, parseChatCommand, RAIN_USAGE, TIP_USAGE } from './chat-commands';

describe('Trollbox commands', () => {
  it('reads /tip with a name, an amount, an optional currency and private', () => {
    expect(parseChatCommand('/tip alice 10')).toEqual({
      kind: 'tip',
      recipient: 'alice',
      amount: '10',
      currency: 'USD',
      private: false,
    });
    expect(parseChatCommand('  /TIP @bob 2.5 bzu private ')).toEqual({
      kind: 'tip',
      recipient: 'bob',
      amount: '2.5',
      currency: 'BZU',
      private: true,
    });
    expect(parseChatCommand('/tip bob 1 private')).toMatchObject({ currency: 'USD', private: true });
  });

  it('refuses malformed commands with the usage line and leaves other text alone', () => {
    expect(parseChatCommand('/tip bob')).toEqual({ kind: 'invalid', message: TIP_USAGE });
    expect(parseChatCommand('/tip bob -1')).toEqual({ kind: 'invalid', message: TIP_USAGE });
    expect(parseChatCommand('/tip bob 1 EUR')).toEqual({ kind: 'invalid', message: TIP_USAGE });
    expect(parseChatCommand('/rain')).toEqual({ kind: 'invalid', message: RAIN_USAGE });
    expect(parseChatCommand('/rain 5 BZU')).toEqual({ kind: 'rain', amount: '5', currency: 'BZU' });
    expect(parseChatCommand('hello /tip bob 1')).toBeNull();
  });

  it('answers any other /command locally with the command list, and leaves a lone slash or a path-like text alone', () => {
    expect(parseChatCommand('/tipping')).toEqual({
      kind: 'unknown',
      message: `Unknown command /tipping. ${COMMAND_LIST}`,
    });
    expect(parseChatCommand('/Dance now')).toEqual({
      kind: 'unknown',
      message: `Unknown command /Dance. ${COMMAND_LIST}`,
    });
    expect(parseChatCommand('/')).toBeNull();
    expect(parseChatCommand('/ 5')).toBeNull();
    expect(parseChatCommand('/123')).toBeNull();
  });
});

describe('/bet id (issue 45)', () => {
  it('takes a bet number, with or without #, and refuses anything else with the usage', () => {
    expect(parseChatCommand('/bet 42')).toEqual({ kind: 'bet', id: '42' });
    expect(parseChatCommand('/BET #2147483648')).toEqual({ kind: 'bet', id: '2147483648' });
    for (const text of ['/bet', '/bet 0', '/bet twelve', '/bet 1 2', '/bet -3', '/bet 12345678901234567890'])
      expect(parseChatCommand(text)).toEqual({ kind: 'invalid', message: BET_USAGE });
  });

  it('the posted message is what the Trollbox shows as a card', () => {
    expect(BET_CARD_MESSAGE.exec('/bet 42')?.[1]).toBe('42');
    expect(BET_CARD_MESSAGE.test('look at /bet 42')).toBe(false);
  });
});
