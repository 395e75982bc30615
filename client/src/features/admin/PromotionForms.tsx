import { NativeSelect, SimpleGrid, Text, TextInput } from '@mantine/core';
import { trpc } from '../../trpc';
import { ConsoleForm, useForm } from './console-parts';

/** The console's forms that create promotions: races, bonuses, promo codes and reloads. */

/** A select's value and change handler over the form's text fields (useForm's `field` is for inputs). */
function selectProps<T extends Record<string, string>>(form: T, setForm: (next: T) => void, name: keyof T) {
  return {
    value: form[name],
    onChange: (event: React.ChangeEvent<HTMLSelectElement>) => setForm({ ...form, [name]: event.currentTarget.value }),
  };
}

/** A datetime-local field's value (the operator's local time) for `ms` from now. */
function localInput(msFromNow: number): string {
  const at = new Date(Date.now() + msFromNow);
  return new Date(at.getTime() - at.getTimezoneOffset() * 60_000).toISOString().slice(0, 16);
}
const iso = (local: string) => (local ? new Date(local).toISOString() : '');
const list = (text: string) =>
  text
    .split(',')
    .map((part) => part.trim())
    .filter((part) => part !== '');
const WEEK_MS = 7 * 24 * 3_600_000;

type FieldProps = ReturnType<ReturnType<typeof useForm<{ startsAt: string; endsAt: string }>>['field']>;

function WindowFields({ starts, ends }: { starts: FieldProps; ends: FieldProps }) {
  return (
    <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="xs">
      <TextInput type="datetime-local" label="Starts" {...starts} />
      <TextInput type="datetime-local" label="Ends" {...ends} />
    </SimpleGrid>
  );
}

export function CreateRaceForm({ onCreated }: { onCreated: () => void }) {
  const { form, setForm, field } = useForm({
    name: '',
    currency: 'USD',
    games: '',
    amounts: '100, 50, 25',
    pool: '',
    shares: '',
    startsAt: localInput(0),
    endsAt: localInput(WEEK_MS),
  });
  const create = trpc.admin.promotions.createRace.useMutation({ onSuccess: onCreated });
  return (
    <ConsoleForm
      title="New race"
      label="New race"
      submitLabel="Create race"
      errorTitle="The race was not created"
      error={create.error}
      pending={create.isPending}
      status={
        create.data ? (
          <Text size="sm">
            Created race #{create.data.id}: {create.data.terms}
          </Text>
        ) : null
      }
      onSubmit={() =>
        create.mutate({
          name: form.name,
          currency: form.currency as 'USD' | 'BZU',
          games: list(form.games),
          prizes: form.pool.trim()
            ? { pool: form.pool.trim(), sharesPercent: list(form.shares) }
            : { amounts: list(form.amounts) },
          startsAt: iso(form.startsAt),
          endsAt: iso(form.endsAt),
        })
      }
    >
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="xs">
        <TextInput label="Name" required {...field('name')} />
        <NativeSelect label="Currency" data={['USD', 'BZU']} {...selectProps(form, setForm, 'currency')} />
      </SimpleGrid>
      <TextInput
        label="Games (slugs, comma separated; empty = every original)"
        placeholder="dice, limbo"
        {...field('games')}
      />
      <TextInput label="Fixed prizes by place (comma separated)" {...field('amounts')} />
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="xs">
        <TextInput label="…or a pool" placeholder="1000" {...field('pool')} />
        <TextInput label="and each place's % of it" placeholder="50, 30, 20" {...field('shares')} />
      </SimpleGrid>
      <WindowFields starts={field('startsAt')} ends={field('endsAt')} />
    </ConsoleForm>
  );
}

export function CreateCodeForm({ onCreated }: { onCreated: () => void }) {
  const { form, setForm, field } = useForm({
    name: '',
    code: '',
    currency: 'USD',
    amount: '',
    maxUses: '100',
    startsAt: localInput(0),
    endsAt: localInput(WEEK_MS),
  });
  const create = trpc.admin.promotions.createCode.useMutation({ onSuccess: onCreated });
  return (
    <ConsoleForm
      title="New promo code"
      label="New promo code"
      submitLabel="Create code"
      errorTitle="The code was not created"
      error={create.error}
      pending={create.isPending}
      status={create.data ? <Text size="sm">Created {create.data.terms}</Text> : null}
      onSubmit={() =>
        create.mutate({
          name: form.name,
          code: form.code,
          currency: form.currency as 'USD' | 'BZU',
          amount: form.amount,
          maxUses: Number(form.maxUses),
          startsAt: iso(form.startsAt),
          endsAt: iso(form.endsAt),
        })
      }
    >
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="xs">
        <TextInput label="Name" required {...field('name')} />
        <TextInput label="Code" required {...field('code')} />
        <NativeSelect label="Currency" data={['USD', 'BZU']} {...selectProps(form, setForm, 'currency')} />
        <TextInput label="Grants (amount)" required {...field('amount')} />
        <TextInput label="Uses" required {...field('maxUses')} />
      </SimpleGrid>
      <WindowFields starts={field('startsAt')} ends={field('endsAt')} />
    </ConsoleForm>
  );
}

export function CreateReloadForm({ onCreated }: { onCreated: () => void }) {
  const { form, setForm, field } = useForm({
    name: '',
    currency: 'USD',
    period: 'day',
    ratePercent: '5',
    cap: '50',
    startsAt: localInput(0),
    endsAt: localInput(4 * WEEK_MS),
  });
  const create = trpc.admin.promotions.createReload.useMutation({ onSuccess: onCreated });
  return (
    <ConsoleForm
      title="New reload"
      label="New reload"
      submitLabel="Create reload"
      errorTitle="The reload was not created"
      error={create.error}
      pending={create.isPending}
      status={create.data ? <Text size="sm">Created: {create.data.terms}</Text> : null}
      onSubmit={() =>
        create.mutate({
          name: form.name,
          currency: form.currency as 'USD' | 'BZU',
          period: form.period as 'day' | 'week',
          ratePercent: form.ratePercent,
          cap: form.cap,
          startsAt: iso(form.startsAt),
          endsAt: iso(form.endsAt),
        })
      }
    >
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="xs">
        <TextInput label="Name" required {...field('name')} />
        <NativeSelect label="Currency" data={['USD', 'BZU']} {...selectProps(form, setForm, 'currency')} />
        <NativeSelect label="Period" data={['day', 'week']} {...selectProps(form, setForm, 'period')} />
        <TextInput label="% of the previous period's wagering" {...field('ratePercent')} />
        <TextInput label="Cap (amount)" {...field('cap')} />
      </SimpleGrid>
      <WindowFields starts={field('startsAt')} ends={field('endsAt')} />
    </ConsoleForm>
  );
}

/** "dice:100, blackjack:10" -> { dice: '100', blackjack: '10' }. */
function weightsOf(text: string): Record<string, string> {
  return Object.fromEntries(list(text).map((pair) => pair.split(':').map((part) => part.trim()) as [string, string]));
}

export function CreateBonusForm({ onCreated }: { onCreated: () => void }) {
  const { form, setForm, field } = useForm({
    name: '',
    currency: 'USD',
    fixed: '',
    matchPercent: '100',
    upTo: '100',
    wageringMultiple: '35',
    weights: 'dice:100, limbo:100, blackjack:10, roulette:10, baccarat:10',
    otherGamesPercent: '100',
    maxStake: '5',
    expiryHours: '168',
    stakeOrder: 'cash-first',
    startsAt: localInput(0),
    endsAt: localInput(4 * WEEK_MS),
  });
  const create = trpc.admin.promotions.createBonus.useMutation({ onSuccess: onCreated });
  return (
    <ConsoleForm
      title="New bonus"
      label="New bonus"
      submitLabel="Create bonus"
      errorTitle="The bonus was not created"
      error={create.error}
      pending={create.isPending}
      status={create.data ? <Text size="sm">Created: {create.data.terms}</Text> : null}
      onSubmit={() =>
        create.mutate({
          name: form.name,
          currency: form.currency as 'USD' | 'BZU',
          offer: form.fixed.trim()
            ? { fixed: form.fixed.trim() }
            : { matchPercent: form.matchPercent, upTo: form.upTo },
          wageringMultiple: Number(form.wageringMultiple),
          weights: weightsOf(form.weights),
          otherGamesPercent: form.otherGamesPercent,
          maxStake: form.maxStake,
          expiryHours: Number(form.expiryHours),
          stakeOrder: form.stakeOrder as 'cash-first' | 'bonus-first',
          startsAt: iso(form.startsAt),
          endsAt: iso(form.endsAt),
        })
      }
    >
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="xs">
        <TextInput label="Name" required {...field('name')} />
        <NativeSelect label="Currency" data={['USD', 'BZU']} {...selectProps(form, setForm, 'currency')} />
        <TextInput label="Fixed amount (empty: deposit match)" {...field('fixed')} />
        <TextInput label="Match % of the deposit" {...field('matchPercent')} />
        <TextInput label="Match up to" {...field('upTo')} />
        <TextInput label="Wagering (x the bonus)" {...field('wageringMultiple')} />
        <TextInput label="Max stake while wagering" {...field('maxStake')} />
        <TextInput label="Expires after (hours)" {...field('expiryHours')} />
        <TextInput label="Other games count (%)" {...field('otherGamesPercent')} />
        <NativeSelect
          label="Staked first"
          data={['cash-first', 'bonus-first']}
          {...selectProps(form, setForm, 'stakeOrder')}
        />
      </SimpleGrid>
      <TextInput label="Game weights (slug:%, comma separated)" {...field('weights')} />
      <WindowFields starts={field('startsAt')} ends={field('endsAt')} />
    </ConsoleForm>
  );
}
