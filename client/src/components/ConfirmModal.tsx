import { Button, Group, Modal, Stack } from '@mantine/core';
import type { ReactNode } from 'react';

/**
 * Asks before an action that moves money or cannot be undone (a cash-out, a settlement): what will happen,
 * with the amount or the result, then Cancel or the action itself.
 */
export function ConfirmModal(props: {
  opened: boolean;
  title: string;
  children: ReactNode;
  confirmLabel: string;
  onConfirm: () => void;
  onCancel: () => void;
  color?: string;
  loading?: boolean;
}) {
  return (
    <Modal opened={props.opened} onClose={props.onCancel} title={props.title} centered data-testid="confirm-modal">
      <Stack gap="md">
        {props.children}
        <Group justify="flex-end" gap="xs">
          <Button variant="default" onClick={props.onCancel}>
            Cancel
          </Button>
          <Button color={props.color} loading={props.loading} onClick={props.onConfirm} data-testid="confirm-action">
            {props.confirmLabel}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
