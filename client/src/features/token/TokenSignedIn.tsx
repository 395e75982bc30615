import { Button, Stack } from '@mantine/core';
import { IconLock } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { PageHeader } from '../../components/PageHeader';
import { PlaceholderState } from '../../components/PlaceholderState';
import { openAuthModal } from '../auth/auth-modal-store';
import { useSession } from '../auth/session-store';
import { TokenNav } from './TokenNav';

/** A token page under its heading and tabs; guests are asked to log in instead of seeing empty figures. */
export function TokenPageFrame({ title, description, guestText, children }: { title: string; description?: string; guestText: string; children: ReactNode }) {
  const { isSignedIn } = useSession();
  return (
    <Stack gap={0}>
      <PageHeader title={title} description={description} />
      <TokenNav />
      {isSignedIn ? (
        children
      ) : (
        <PlaceholderState
          icon={IconLock}
          title="Log in to continue"
          description={guestText}
          actions={
            <>
              <Button onClick={() => openAuthModal('login')}>LOGIN</Button>
              <Button variant="default" onClick={() => openAuthModal('register')}>
                REGISTER
              </Button>
            </>
          }
        />
      )}
    </Stack>
  );
}
