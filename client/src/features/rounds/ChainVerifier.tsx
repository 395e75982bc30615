import { Button, Code, Text, TextInput } from '@mantine/core';
import { useState, type ReactNode } from 'react';

/** What the player checks a round with: its hash, the hash it must hash to, and the chain's salt. */
export interface ChainInputs {
  hash: string;
  previousHash: string;
  salt: string;
}

interface ChainVerifierProps<C> {
  /** "round" or "game", in the fields' labels. */
  noun: 'round' | 'game';
  round: { number: number; hash?: string | null };
  chain: { terminalHash: string; salt?: string | null } | null;
  /** The hash of the round before (round 1's is the chain's terminal hash). */
  previousHash?: string | null;
  verify(inputs: ChainInputs): Promise<C>;
  /** Named `<slug>-verify` and `<slug>-verify-result`. */
  testId: string;
  result(check: C): ReactNode;
  disabled?: boolean;
}

/** A round's hash as published. */
export function RoundHash({ hash }: { hash?: string | null }) {
  return (
    <>
      <Text size="xs" c="dimmed">
        Hash
      </Text>
      <Code block style={{ wordBreak: 'break-all' }}>
        {hash}
      </Code>
    </>
  );
}

/**
 * The in-browser verifier of a round game's round (FAIRNESS.md "Round games"): the fields come filled from what the
 * site published and the player may change them; each game says what its check recomputes and how it reads.
 */
export function ChainVerifier<C>({
  noun,
  round,
  chain,
  previousHash: previous,
  verify,
  testId,
  result,
  disabled,
}: ChainVerifierProps<C>) {
  const [hash, setHash] = useState(round.hash ?? '');
  const [previousHash, setPreviousHash] = useState(round.number === 1 ? (chain?.terminalHash ?? '') : (previous ?? ''));
  const [salt, setSalt] = useState(chain?.salt ?? '');
  const [check, setCheck] = useState<{ ok: C } | string | null>(null);
  async function run() {
    try {
      setCheck({ ok: await verify({ hash, previousHash, salt }) });
    } catch (error) {
      setCheck(error instanceof Error ? error.message : 'Could not verify');
    }
  }
  const Noun = noun === 'round' ? 'Round' : 'Game';
  return (
    <>
      <Text fw={600} size="sm" mt="sm">
        Verify in your browser
      </Text>
      <TextInput label={`${Noun} hash`} value={hash} onChange={(e) => setHash(e.currentTarget.value)} size="xs" />
      <TextInput
        label={
          round.number === 1 ? `Terminal hash (published before ${noun} 1)` : `Hash of ${noun} ${round.number - 1}`
        }
        value={previousHash}
        onChange={(e) => setPreviousHash(e.currentTarget.value)}
        size="xs"
      />
      <TextInput label="Salt" value={salt} onChange={(e) => setSalt(e.currentTarget.value)} size="xs" />
      <Button size="xs" variant="light" onClick={() => void run()} disabled={disabled} data-testid={testId}>
        Verify
      </Button>
      {check === null ? null : typeof check === 'string' ? (
        <Text c="red" size="sm">
          {check}
        </Text>
      ) : (
        <Text size="sm" data-testid={`${testId}-result`}>
          {result(check.ok)}
        </Text>
      )}
    </>
  );
}
