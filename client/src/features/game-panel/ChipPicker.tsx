import { Stack, Text } from '@mantine/core';
import classes from './ChipPicker.module.css';

/** The chip values offered, in the bet's currency. */
export const CHIP_VALUES = ['0.01', '0.1', '1', '10', '100'] as const;
// Dark enough for their white 12 px values to reach WCAG's 4.5:1 (the lighter grey, blue, green and orange did not).
export const CHIP_COLOURS = ['#5c636a', '#1971c2', '#1e7a34', '#c2410c', '#862e9c'];

/** The chip-value buttons of the chip tables (roulette, the money wheel): "Chip 1" etc. for screen readers and tests. */
export function ChipPicker({ value, onChange }: { value: string; onChange: (value: string) => void }) {
  return (
    <Stack gap={6}>
      <Text size="sm" fw={500}>
        Chip value
      </Text>
      <div className={classes.chipPicker} role="group" aria-label="Chip value">
        {CHIP_VALUES.map((chip, i) => (
          <button
            key={chip}
            type="button"
            className={classes.pick}
            style={{ background: CHIP_COLOURS[i] }}
            aria-pressed={value === chip}
            aria-label={`Chip ${chip}`}
            onClick={() => onChange(chip)}
          >
            {chip}
          </button>
        ))}
      </div>
    </Stack>
  );
}
