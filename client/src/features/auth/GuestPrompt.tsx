import { Button } from '@mantine/core';
import { IconLock } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { PlaceholderState } from '../../components/PlaceholderState';
import { openAuthModal } from './auth-modal-store';

/** What a guest sees instead of a signed-in area: why it is empty, and the login and register buttons. */
export function GuestPrompt({ title, description }: { title: string; description: ReactNode }) {
  return (
    <PlaceholderState
      icon={IconLock}
      title={title}
      description={description}
      actions={
        <>
          <Button onClick={() => openAuthModal('login')}>LOGIN</Button>
          <Button variant="default" onClick={() => openAuthModal('register')}>
            REGISTER
          </Button>
        </>
      }
    />
  );
}
