import { ActionIcon, Group, Slider, Tooltip } from '@mantine/core';
import { IconChartLine, IconKeyboard, IconVolume, IconVolumeOff } from '@tabler/icons-react';
import { lazy, Suspense, useState } from 'react';
import { useHotkeysEnabled } from './hotkeys';
import { setSoundMuted, setSoundVolume, useSoundMuted, useSoundVolume } from './sounds';

const HotkeysModal = lazy(() => import('./HotkeysModal').then((module) => ({ default: module.HotkeysModal })));

/** The panel's small buttons: hotkeys help (and switch), sound on/off and its volume, live stats on/off. */
export function PanelToolbar({ statsOpen, onToggleStats }: { statsOpen: boolean; onToggleStats: () => void }) {
  const [helpOpen, setHelpOpen] = useState(false);
  const hotkeys = useHotkeysEnabled();
  const muted = useSoundMuted();
  const volume = useSoundVolume();
  return (
    <Group gap={4} justify="flex-end" data-testid="panel-toolbar">
      <Tooltip label={hotkeys ? 'Hotkeys: on' : 'Hotkeys: off'}>
        <ActionIcon
          variant={hotkeys ? 'light' : 'subtle'}
          color={hotkeys ? 'brand' : 'gray'}
          onClick={() => setHelpOpen(true)}
          aria-label="Hotkeys"
          data-hotkeys={hotkeys ? 'on' : 'off'}
        >
          <IconKeyboard size={18} aria-hidden />
        </ActionIcon>
      </Tooltip>
      <Tooltip label={muted ? 'Sound off' : 'Sound on'}>
        <ActionIcon
          variant="subtle"
          color="gray"
          onClick={() => setSoundMuted(!muted)}
          aria-label={muted ? 'Turn sound on' : 'Mute sound'}
          aria-pressed={muted}
        >
          {muted ? <IconVolumeOff size={18} aria-hidden /> : <IconVolume size={18} aria-hidden />}
        </ActionIcon>
      </Tooltip>
      {muted ? null : (
        <Slider
          w={84}
          size="xs"
          // A 24 px thumb: WCAG 2.5.8's smallest target (the track stays thin).
          thumbSize={24}
          min={0}
          max={100}
          step={10}
          label={(value) => `${value}%`}
          value={volume}
          onChange={setSoundVolume}
          thumbLabel="Sound volume"
          data-testid="sound-volume"
        />
      )}
      <Tooltip label="Live stats">
        <ActionIcon
          variant={statsOpen ? 'light' : 'subtle'}
          color={statsOpen ? 'brand' : 'gray'}
          onClick={onToggleStats}
          aria-label="Live stats"
          aria-pressed={statsOpen}
        >
          <IconChartLine size={18} aria-hidden />
        </ActionIcon>
      </Tooltip>
      {helpOpen ? (
        <Suspense fallback={null}>
          <HotkeysModal opened onClose={() => setHelpOpen(false)} />
        </Suspense>
      ) : null}
    </Group>
  );
}
