import { Navigate } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { useIsMobile } from './use-is-mobile';

/** Pages the spec reserves for narrow screens; a desktop visitor is sent home. */
export function NarrowScreenOnly({ children }: { children: ReactNode }) {
  const isNarrow = useIsMobile();
  if (!isNarrow) return <Navigate to="/" replace />;
  return children;
}
