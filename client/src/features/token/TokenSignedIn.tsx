import { Stack } from '@mantine/core';
import type { ReactNode } from 'react';
import { PageHeader } from '../../components/PageHeader';
import { GuestPrompt } from '../auth/GuestPrompt';
import { useSession } from '../auth/session-store';
import { TokenNav } from './TokenNav';

/** A token page under its heading and tabs; guests are asked to log in instead of seeing empty figures. */
export function TokenPageFrame({
  title,
  description,
  guestText,
  children,
}: {
  title: string;
  description?: string;
  guestText: string;
  children: ReactNode;
}) {
  const { isSignedIn } = useSession();
  return (
    <Stack gap={0}>
      <PageHeader title={title} description={description} />
      <TokenNav />
      {isSignedIn ? children : <GuestPrompt title="Log in to continue" description={guestText} />}
    </Stack>
  );
}
