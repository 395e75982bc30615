import { describe, expect, it } from 'vitest';
import { parseStoredUser } from './stored-user';

describe('parseStoredUser', () => {
  const good = {
    id: 7,
    loginName: 'alice',
    publicUsername: 'Alice',
    balance: '12.50000000',
    bzuBalance: 0,
    currency: 'USD',
    emailVerified: true,
  };

  it('keeps a well-formed user, extra fields included', () => {
    expect(parseStoredUser(JSON.stringify({ ...good, somethingNew: [1] }))).toEqual({ ...good, somethingNew: [1] });
  });

  it('drops malformed records instead of handing them to the app', () => {
    expect(parseStoredUser(null)).toBeNull();
    expect(parseStoredUser('{not json')).toBeNull();
    expect(parseStoredUser('[1,2]')).toBeNull();
    expect(parseStoredUser('"alice"')).toBeNull();
    expect(parseStoredUser(JSON.stringify({ ...good, balance: { amount: 1 } }))).toBeNull();
    expect(parseStoredUser(JSON.stringify({ ...good, balance: 'lots' }))).toBeNull();
    expect(parseStoredUser(JSON.stringify({ ...good, publicUsername: 42 }))).toBeNull();
    expect(parseStoredUser(JSON.stringify({ ...good, emailVerified: 'yes' }))).toBeNull();
  });
});
