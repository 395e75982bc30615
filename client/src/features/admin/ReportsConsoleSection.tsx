import { Button, Group, SegmentedControl, SimpleGrid, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import { useMemo, useState } from 'react';
import { ErrorAlert } from '../../components/ErrorAlert';
import { trpc } from '../../trpc';
import { FinancialChart } from '../token/FinancialChart';
import { ConsoleSection, ConsoleTable } from './console-parts';
import { downloadText, periodPoints, periodSeries, unitsOf, utcDay } from './report-figures';
import { ReportChart, type ReportLine } from './ReportChart';

type Period = 'day' | 'week' | 'month';
type Currency = 'USD' | 'BZU';
type Breakdown = 'game' | 'family' | 'provider';

/** Line colours of the report charts: money in green, out red; players in three distinct hues. */
const COLORS = { in: '#40c057', out: '#fa5252', active: '#4dabf7', new: '#fab005', depositing: '#be4bdb' };

/**
 * Reports for finance (docs/operations.md "Reports"): GGR per period as a chart, deposits against withdrawals and
 * active, new and depositing players as charts, the summary (NGR, money in and out, players, burn) and GGR per game,
 * family or provider, each exportable as CSV. Served from the daily aggregates.
 */
export function ReportsConsoleSection() {
  const [period, setPeriod] = useState<Period>('day');
  const [currency, setCurrency] = useState<Currency>('USD');
  const [by, setBy] = useState<Breakdown>('game');
  const [from, setFrom] = useState(utcDay(-29));
  const [to, setTo] = useState(utcDay(0));
  const range = { from, to, period, currency };
  const summary = trpc.admin.reports.summary.useQuery(range);
  const ggr = trpc.admin.reports.ggr.useQuery({ ...range, by });
  const utils = trpc.useUtils();
  const [exporting, setExporting] = useState<string | null>(null);
  const [exportError, setExportError] = useState<unknown>(null);
  const series = useMemo(
    () => periodSeries((summary.data ?? []).map((row) => ({ bucket: row.bucket, e8: row.ggrE8 }))),
    [summary.data],
  );
  const { money, players } = useMemo(() => {
    const rows = summary.data ?? [];
    return {
      money: [
        { name: 'Deposits', color: COLORS.in, points: periodPoints(rows, (row) => row.depositsE8) },
        { name: 'Withdrawals', color: COLORS.out, points: periodPoints(rows, (row) => row.withdrawalsE8) },
      ] satisfies ReportLine[],
      players: [
        { name: 'Active', color: COLORS.active, points: periodPoints(rows, (row) => row.activePlayers) },
        { name: 'New', color: COLORS.new, points: periodPoints(rows, (row) => row.newPlayers) },
        { name: 'Depositing', color: COLORS.depositing, points: periodPoints(rows, (row) => row.depositingPlayers) },
      ] satisfies ReportLine[],
    };
  }, [summary.data]);
  const exportCsv = async (report: 'summary' | Breakdown) => {
    setExporting(report);
    setExportError(null);
    try {
      const { csv } = await utils.admin.reports.csv.fetch({ ...range, report });
      downloadText(`${report}-${currency}-${period}-${from}-${to}.csv`, csv);
    } catch (error) {
      setExportError(error);
    } finally {
      setExporting(null);
    }
  };

  return (
    <ConsoleSection titleId="reports-title" title="Reports">
      <Group gap="sm" align="flex-end" wrap="wrap">
        <SegmentedControl
          aria-label="Period"
          value={period}
          onChange={(value) => setPeriod(value as Period)}
          data={[
            { value: 'day', label: 'Day' },
            { value: 'week', label: 'Week' },
            { value: 'month', label: 'Month' },
          ]}
        />
        <SegmentedControl
          aria-label="Currency"
          value={currency}
          onChange={(value) => setCurrency(value as Currency)}
          data={['USD', 'BZU']}
        />
        <TextInput label="From" type="date" value={from} onChange={(e) => setFrom(e.currentTarget.value)} w={160} />
        <TextInput label="To" type="date" value={to} onChange={(e) => setTo(e.currentTarget.value)} w={160} />
      </Group>
      <ErrorAlert error={summary.error} title="Could not load the report" />
      <ErrorAlert error={exportError} title="The export failed" />
      <Group justify="space-between">
        <Title order={3} fz="md">
          GGR per {period} ({currency})
        </Title>
        <Button
          size="xs"
          variant="default"
          leftSection={<IconDownload size={14} aria-hidden />}
          loading={exporting === 'summary'}
          onClick={() => void exportCsv('summary')}
        >
          Export CSV
        </Button>
      </Group>
      {/* Drawn once the figures are in: the chart library refuses a visible range over no data. */}
      {series.valued > 0 ? (
        <FinancialChart
          series={series}
          kind="histogram"
          precision={2}
          label={`GGR per ${period} in ${currency}, ${from} to ${to}`}
          height={220}
          testId="ggr-chart"
        />
      ) : null}
      {series.valued > 0 ? (
        <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
          <Stack gap={4}>
            <Title order={3} fz="md">
              Deposits and withdrawals per {period} ({currency})
            </Title>
            <ReportChart
              lines={money}
              precision={2}
              label={`Deposits and withdrawals per ${period} in ${currency}, ${from} to ${to}`}
              testId="money-chart"
            />
          </Stack>
          <Stack gap={4}>
            <Title order={3} fz="md">
              Players per {period}
            </Title>
            <ReportChart
              lines={players}
              precision={0}
              label={`Active, new and depositing players per ${period}, ${from} to ${to}`}
              testId="players-chart"
            />
          </Stack>
        </SimpleGrid>
      ) : null}
      <ConsoleTable
        label="Summary"
        columns={[
          'Period',
          { right: 'GGR' },
          { right: 'NGR' },
          { right: 'Rakeback' },
          { right: 'Promotions' },
          { right: 'House tips' },
          { right: 'Deposits' },
          { right: 'Withdrawals' },
          { right: 'Active' },
          { right: 'New' },
          { right: 'Depositing' },
          { right: 'Burn (USD spent)' },
          { right: 'BZU burned' },
        ]}
      >
        {[...(summary.data ?? [])].reverse().map((row) => (
          <Table.Tr key={row.bucket} data-testid={`summary-${row.bucket}`}>
            <Table.Td>{row.bucket}</Table.Td>
            <Table.Td ta="right" ff="monospace" data-testid="summary-ggr">
              {unitsOf(row.ggrE8)}
            </Table.Td>
            <Table.Td ta="right" ff="monospace">
              {unitsOf(row.ngrE8)}
            </Table.Td>
            <Table.Td ta="right" ff="monospace">
              {unitsOf(row.rakebackE8)}
            </Table.Td>
            <Table.Td ta="right" ff="monospace">
              {unitsOf(row.promotionsE8)}
            </Table.Td>
            <Table.Td ta="right" ff="monospace">
              {unitsOf(row.houseTipsE8)}
            </Table.Td>
            <Table.Td ta="right" ff="monospace">
              {unitsOf(row.depositsE8)} ({row.deposits})
            </Table.Td>
            <Table.Td ta="right" ff="monospace">
              {unitsOf(row.withdrawalsE8)} ({row.withdrawals})
            </Table.Td>
            <Table.Td ta="right">{row.activePlayers}</Table.Td>
            <Table.Td ta="right">{row.newPlayers}</Table.Td>
            <Table.Td ta="right">{row.depositingPlayers}</Table.Td>
            <Table.Td ta="right" ff="monospace" data-testid="summary-burn-usd">
              {unitsOf(row.burnUsdE8)}
            </Table.Td>
            <Table.Td ta="right" ff="monospace">
              {unitsOf(row.burnedBzuE8)}
            </Table.Td>
          </Table.Tr>
        ))}
      </ConsoleTable>
      <Group justify="space-between" mt="sm">
        <SegmentedControl
          aria-label="GGR by"
          value={by}
          onChange={(value) => setBy(value as Breakdown)}
          data={[
            { value: 'game', label: 'Per game' },
            { value: 'family', label: 'Per family' },
            { value: 'provider', label: 'Per provider' },
          ]}
        />
        <Button
          size="xs"
          variant="default"
          leftSection={<IconDownload size={14} aria-hidden />}
          loading={exporting === by}
          onClick={() => void exportCsv(by)}
        >
          Export {by} CSV
        </Button>
      </Group>
      <ErrorAlert error={ggr.error} title="Could not load GGR" />
      {ggr.data && ggr.data.length === 0 ? (
        <Text size="sm" c="dimmed">
          No settled bets in this range.
        </Text>
      ) : null}
      {ggr.data && ggr.data.length > 0 ? (
        <ConsoleTable
          label={`GGR per ${by}`}
          columns={['Period', by, { right: 'Bets' }, { right: 'Stakes' }, { right: 'Wins' }, { right: 'GGR' }]}
        >
          {[...ggr.data].reverse().map((row) => (
            <Table.Tr key={`${row.bucket}/${row.key}`}>
              <Table.Td>{row.bucket}</Table.Td>
              <Table.Td>{row.key}</Table.Td>
              <Table.Td ta="right">{row.bets}</Table.Td>
              <Table.Td ta="right" ff="monospace">
                {unitsOf(row.stakeE8)}
              </Table.Td>
              <Table.Td ta="right" ff="monospace">
                {unitsOf(row.payoutE8)}
              </Table.Td>
              <Table.Td ta="right" ff="monospace">
                {unitsOf(row.ggrE8)}
              </Table.Td>
            </Table.Tr>
          ))}
        </ConsoleTable>
      ) : null}
    </ConsoleSection>
  );
}

/** Realised RTP per game against its published RTP; games outside 4 standard errors over 10,000+ bets on top. */
export function RtpWatchSection() {
  const watch = trpc.admin.reports.rtp.useQuery();
  const percent = (value: number | null, digits = 2) => (value === null ? '—' : `${value.toFixed(digits)}%`);
  return (
    <ConsoleSection titleId="rtp-title" title="RTP watch">
      <ErrorAlert error={watch.error} title="Could not load the RTP watch" />
      {watch.data && watch.data.length === 0 ? (
        <Text size="sm" c="dimmed">
          No settled bets yet.
        </Text>
      ) : null}
      {watch.data && watch.data.length > 0 ? (
        <ConsoleTable
          label="Realised RTP per game"
          columns={[
            'Game',
            { right: 'Bets' },
            { right: 'Realised' },
            { right: 'SE' },
            { right: 'Published' },
            { right: 'Off by' },
            'Flag',
          ]}
        >
          {watch.data.map((row) => (
            <Table.Tr key={`${row.provider}/${row.game}`} data-flagged={row.flagged ? 'true' : 'false'}>
              <Table.Td>
                {row.game}
                <Text size="xs" c="dimmed">
                  {row.provider}
                </Text>
              </Table.Td>
              <Table.Td ta="right">{row.bets}</Table.Td>
              <Table.Td ta="right">{percent(row.realisedPercent)}</Table.Td>
              <Table.Td ta="right">{percent(row.standardErrorPercent, 3)}</Table.Td>
              <Table.Td ta="right">{percent(row.publishedPercent)}</Table.Td>
              <Table.Td ta="right">{row.deviationSe === null ? '—' : `${row.deviationSe.toFixed(1)} SE`}</Table.Td>
              <Table.Td>
                {row.flagged ? (
                  <Text c="red" fw={700} size="sm">
                    Outside 4 SE
                  </Text>
                ) : (
                  <Text c="dimmed" size="sm">
                    {row.bets < 10_000 ? 'Too few bets' : 'Within'}
                  </Text>
                )}
              </Table.Td>
            </Table.Tr>
          ))}
        </ConsoleTable>
      ) : null}
    </ConsoleSection>
  );
}
