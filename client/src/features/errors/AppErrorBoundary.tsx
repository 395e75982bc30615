import { Button, Center } from '@mantine/core';
import { Component, type ErrorInfo, type ReactNode } from 'react';
import { ErrorFallback, ReloadButton } from './ErrorFallback';

interface State {
  error: unknown;
  hasError: boolean;
}

/** Last line of defence for render errors outside a route: 'Something went wrong' with retry. */
export class AppErrorBoundary extends Component<{ children: ReactNode }, State> {
  override state: State = { error: null, hasError: false };

  static getDerivedStateFromError(error: unknown): State {
    return { error, hasError: true };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo): void {
    console.error('Render error', error, info.componentStack);
  }

  override render(): ReactNode {
    if (!this.state.hasError) return this.props.children;
    return (
      <Center mih="100dvh">
        <ErrorFallback
          title="Something went wrong"
          error={this.state.error}
          actions={
            <>
              <Button onClick={() => this.setState({ error: null, hasError: false })}>Try Again</Button>
              <ReloadButton />
            </>
          }
        />
      </Center>
    );
  }
}
