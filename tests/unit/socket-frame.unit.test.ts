import { describe, expect, it } from 'vitest';
import { channelOwner, legacyShape, mayJoinChannel } from '../../server/src/domain/events/platform-events.js';
import { compareStreamIds, decodeBusMessages } from '../../server/src/infra/event-bus.js';
import { encodeFrame, prebuildTextFrame } from '../../server/src/realtime/socket-frame.js';

describe('prebuilt WebSocket frames', () => {
  it('is a FIN text frame, unmasked, with a 7-bit length for short payloads', () => {
    const { wire, payload } = prebuildTextFrame('{"a":1}');
    expect(wire[0]).toBe(0x81);
    expect(wire[1]).toBe(7);
    expect(wire.subarray(2).toString()).toBe('{"a":1}');
    expect(payload.toString()).toBe('{"a":1}');
  });

  it('uses the 16-bit and 64-bit extended lengths past 125 and 65535 bytes', () => {
    const medium = prebuildTextFrame('x'.repeat(300)).wire;
    expect(medium[1]).toBe(126);
    expect(medium.readUInt16BE(2)).toBe(300);
    expect(medium.length).toBe(4 + 300);
    const large = prebuildTextFrame('y'.repeat(70_000)).wire;
    expect(large[1]).toBe(127);
    expect(Number(large.readBigUInt64BE(2))).toBe(70_000);
  });

  it('counts UTF-8 bytes, not characters', () => {
    const { wire } = prebuildTextFrame('€');
    expect(wire[1]).toBe(3);
  });

  it('encodes the frame envelope of API.md', () => {
    const text = encodeFrame({ type: 'pong', channel: null, seq: 0, ts: 5, data: {} });
    expect(JSON.parse(text)).toEqual({ type: 'pong', channel: null, seq: 0, ts: 5, data: {} });
  });
});

describe('channels and events', () => {
  it('lets only the owner join private channels', () => {
    expect(mayJoinChannel('user:42', '42')).toBe(true);
    expect(mayJoinChannel('user:42', '7')).toBe(false);
    expect(mayJoinChannel('game-results:42', null)).toBe(false);
    expect(mayJoinChannel('token-price', null)).toBe(true);
    expect(mayJoinChannel('nope', '42')).toBe(false);
    expect(channelOwner('game-results:abc')).toBe('abc');
  });

  it('turns money into JSON numbers for legacy clients only where the contract says so', () => {
    expect(legacyShape('balance-update', { userId: '1', newBalance: '12.50000000', currency: 'USD' })).toEqual({
      userId: '1',
      newBalance: 12.5,
      currency: 'USD',
    });
    expect(legacyShape('chat-message', { message: '1.5' })).toEqual({ message: '1.5' });
  });

  it('decodes bus messages, one event or a batch of them, and orders stream ids', () => {
    const [event, ...none] = decodeBusMessages(
      '7\n1700000000000-3\ntoken-price\n{"type":"token-price-update","ts":1,"data":{"price":"1"}}',
    );
    expect(event).toEqual({
      seq: 7,
      id: '1700000000000-3',
      channel: 'token-price',
      type: 'token-price-update',
      ts: 1,
      data: { price: '1' },
    });
    expect(none).toEqual([]);
    // A batch: records joined by newlines, in publish order; a body's own text may hold escaped newlines.
    const batch = decodeBusMessages(
      [
        '3\n1-1\nuser:9\n{"type":"balance-update","ts":2,"data":{"newBalance":"1"}}',
        '41\n1-2\nbets\n{"type":"bet","ts":3,"data":{"note":"a\\nb"}}',
      ].join('\n'),
    );
    expect(batch.map((e) => [e.seq, e.id, e.channel, e.type])).toEqual([
      [3, '1-1', 'user:9', 'balance-update'],
      [41, '1-2', 'bets', 'bet'],
    ]);
    expect(batch[1]!.data).toEqual({ note: 'a\nb' });
    expect(decodeBusMessages('garbage')).toEqual([]);
    // The body is read on first use; one that is not JSON reads as a malformed event, never as a crash.
    const [broken] = decodeBusMessages('8\n1700000000000-4\ntoken-price\n{not json');
    expect(broken).toMatchObject({ seq: 8, channel: 'token-price', type: 'malformed', data: null });
    // A record that is not one ends the reading: the events before it still count.
    expect(decodeBusMessages('5\n1-5\nbets\n{"type":"bet","ts":1,"data":{}}\nnot a record').map((e) => e.seq)).toEqual([
      5,
    ]);
    expect(compareStreamIds('1-2', '1-10')).toBe(-1);
    expect(compareStreamIds('20-0', '3-5')).toBe(1);
    expect(compareStreamIds('5-5', '5-5')).toBe(0);
  });
});
