import { Button, Text } from '@mantine/core';
import { useNavigate, type ErrorComponentProps } from '@tanstack/react-router';
import { useEffect, useState } from 'react';
import { ERROR_PAGE_REDIRECT_MS } from '../../constants';
import { reportPossibleOutage } from '../health/health-store';
import { ErrorFallback, ReloadButton } from './ErrorFallback';

/** The router's error page: shows what failed, then returns home after five seconds. */
export function RouteErrorPage({ error, reset }: ErrorComponentProps) {
  const navigate = useNavigate();
  const [secondsLeft, setSecondsLeft] = useState(Math.ceil(ERROR_PAGE_REDIRECT_MS / 1000));

  useEffect(() => {
    // A page that failed to load may mean the server is gone; let the health check decide.
    reportPossibleOutage();
    const startedAt = Date.now();
    const tick = window.setInterval(() => {
      const left = Math.max(0, Math.ceil((ERROR_PAGE_REDIRECT_MS - (Date.now() - startedAt)) / 1000));
      setSecondsLeft(left);
    }, 250);
    const redirect = window.setTimeout(() => {
      reset();
      void navigate({ to: '/', replace: true });
    }, ERROR_PAGE_REDIRECT_MS);
    return () => {
      window.clearInterval(tick);
      window.clearTimeout(redirect);
    };
  }, [navigate, reset]);

  return (
    <ErrorFallback
      title="Something went wrong"
      error={error}
      actions={
        <>
          <Button onClick={reset}>Try Again</Button>
          <ReloadButton />
        </>
      }
    >
      <Text c="dimmed" size="sm" aria-live="polite" data-testid="error-redirect-countdown">
        Returning to the home page in {secondsLeft} s…
      </Text>
    </ErrorFallback>
  );
}
