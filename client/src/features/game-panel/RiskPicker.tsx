import { SegmentedControl, Stack, Text, type MantineSize } from '@mantine/core';

/** A game's risk levels (keno, plinko) as one labelled segmented row, each level shown capitalised. */
export function RiskPicker<Risk extends string>({
  risks,
  value,
  onChange,
  size,
  disabled,
}: {
  risks: readonly Risk[];
  value: Risk;
  onChange: (risk: Risk) => void;
  size?: MantineSize;
  disabled?: boolean;
}) {
  return (
    <Stack gap={4}>
      <Text size="sm" fw={500}>
        Risk
      </Text>
      <SegmentedControl
        fullWidth
        size={size}
        data={risks.map((risk) => ({ value: risk, label: risk[0]!.toUpperCase() + risk.slice(1) }))}
        value={value}
        onChange={(chosen) => onChange(chosen as Risk)}
        disabled={disabled}
        aria-label="Risk"
      />
    </Stack>
  );
}
