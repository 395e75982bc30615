import { Suspense, useState, type ReactNode } from 'react';

/**
 * Mounts a lazily loaded modal the first time it is opened, then keeps it (for its closing transition and the next
 * opening). Until then its code is not fetched at all: a guest idling on the home page never opens the bet details,
 * the seeds, the tip or the vault, and their chunks (every game's rules among them) stay on the server.
 */
export function MountOnceOpened({ opened, children }: { opened: boolean; children: ReactNode }) {
  const [wanted, setWanted] = useState(opened);
  if (opened && !wanted) setWanted(true);
  return wanted ? <Suspense fallback={null}>{children}</Suspense> : null;
}
