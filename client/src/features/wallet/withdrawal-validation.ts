import { amountInputError, formatMoney } from '../../lib/money';

/** A network of the withdrawal terms: its id (ERC20, polygon, …), its name and its address family. */
export interface WithdrawalNetwork {
  id: string;
  name: string;
  family: 'evm' | 'tron';
}

export interface WithdrawalCheck {
  amount: string;
  address: string;
  network: WithdrawalNetwork;
  /** USD or BZU: what the minimum, fee and balance are in. */
  currency: string;
  minimum: string;
  fee: string;
  /** The player's balance in that currency, when known. */
  available?: string;
}

export interface WithdrawalProblems {
  amount: string | null;
  address: string | null;
}

/** A decimal string in 1e-8 units (money is never a float), or null when it is not one. */
function units(text: string): bigint | null {
  const match = /^(\d+)(?:\.(\d{1,8}))?$/.exec(text.trim());
  return match ? BigInt(match[1]!) * 100_000_000n + BigInt((match[2] ?? '').padEnd(8, '0')) : null;
}

function fromUnits(value: bigint): string {
  const whole = value / 100_000_000n;
  const fraction = (value % 100_000_000n).toString().padStart(8, '0').replace(/0+$/, '');
  return fraction ? `${whole}.${fraction}` : String(whole);
}

/** How the form names a network: a processor network by its id (ERC20), a configured one by its name (Polygon). */
export function networkLabel(network: WithdrawalNetwork): string {
  return /^[A-Z0-9]+$/.test(network.id) ? network.id : network.name;
}

/** A network in a picker: a processor network with its chain's name ("TRC20 (Tron)"), a configured one by its name. */
export function networkOptionLabel(network: WithdrawalNetwork): string {
  const label = networkLabel(network);
  return label === network.id ? `${network.id} (${network.name})` : label;
}

/**
 * Address shape per network family, before the server's full check (EIP-55 checksum, base58check):
 * EVM networks take 0x and 40 hex digits, Tron a 34-character base58 address starting with T.
 */
export function addressProblem(network: WithdrawalNetwork, address: string): string | null {
  const text = address.trim();
  if (text === '') return 'Enter the address to send to';
  const label = networkLabel(network);
  if (network.family === 'tron') {
    return /^T[1-9A-HJ-NP-Za-km-z]{33}$/.test(text)
      ? null
      : `A ${label} (Tron) address starts with T and has 34 letters and digits`;
  }
  return /^0x[0-9a-fA-F]{40}$/.test(text)
    ? null
    : `${/^[AEIOU]/i.test(label) ? 'An' : 'A'} ${label} address starts with 0x followed by 40 hexadecimal characters (0-9, a-f)`;
}

/** What the withdrawal form says before sending anything: amount rules (numbers, minimum, fee, balance) and the address shape. */
export function withdrawalProblems(check: WithdrawalCheck): WithdrawalProblems {
  return { amount: amountProblem(check), address: addressProblem(check.network, check.address) };
}

function amountProblem({ amount, currency, minimum, fee, available }: WithdrawalCheck): string | null {
  const shape = amountInputError(amount);
  if (shape) return shape;
  const value = units(amount)!;
  const min = units(minimum);
  if (min !== null && value < min) return `The minimum withdrawal is ${formatMoney(minimum)} ${currency}`;
  const feeUnits = units(fee) ?? 0n;
  const balance = available === undefined ? null : units(available);
  if (balance !== null && value + feeUnits > balance) {
    const most = balance > feeUnits ? fromUnits(balance - feeUnits) : '0';
    return `Your balance is ${formatMoney(available!)} ${currency}: with the ${formatMoney(fee)} ${currency} fee you can withdraw at most ${formatMoney(most)} ${currency}`;
  }
  return null;
}
