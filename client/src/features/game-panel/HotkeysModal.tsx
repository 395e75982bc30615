import { Kbd, Modal, Stack, Switch, Table, Text } from '@mantine/core';
import { HOTKEYS, setHotkeysEnabled, useHotkeysEnabled } from './hotkeys';

/** The hotkeys help: what each key does on a game page, and the switch that turns them on. */
export function HotkeysModal({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const enabled = useHotkeysEnabled();
  return (
    <Modal opened={opened} onClose={onClose} title="Hotkeys" centered size="sm">
      <Stack gap="sm">
        <Switch
          label="Enable hotkeys"
          checked={enabled}
          onChange={(event) => setHotkeysEnabled(event.currentTarget.checked)}
          data-testid="hotkeys-switch"
        />
        <Text size="xs" c="dimmed">
          Off by default, so a stray key never bets. They never fire while you type in a field.
        </Text>
        <Table verticalSpacing={4} data-testid="hotkeys-table">
          <Table.Tbody>
            {HOTKEYS.map((hotkey) => (
              <Table.Tr key={hotkey.code}>
                <Table.Td w={72}>
                  <Kbd>{hotkey.key}</Kbd>
                </Table.Td>
                <Table.Td>
                  <Text size="sm">{hotkey.label}</Text>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Stack>
    </Modal>
  );
}
