import { Modal, Tabs } from '@mantine/core';
import { useState } from 'react';
import { MaintenanceNotice } from '../health/MaintenanceNotice';
import { useHealthStatus } from '../health/health-store';
import { closeAuthModal, setAuthTab, useAuthModal, type AuthTab } from './auth-modal-store';
import { EmailVerificationRequired } from './EmailVerificationRequired';
import { LoginForm } from './LoginForm';
import { RegisterForm } from './RegisterForm';

/** The LOGIN / REGISTER modal the top bar opens on the matching tab. */
export function AuthModal() {
  const { opened, tab } = useAuthModal();
  const health = useHealthStatus();
  const [registeredEmail, setRegisteredEmail] = useState<string | null>(null);

  function close() {
    closeAuthModal();
    setRegisteredEmail(null);
  }

  function body() {
    if (health === 'down') return <MaintenanceNotice compact />;
    if (registeredEmail !== null) {
      return (
        <EmailVerificationRequired
          email={registeredEmail}
          onGoToLogin={() => {
            setRegisteredEmail(null);
            setAuthTab('login');
          }}
        />
      );
    }
    return (
      <Tabs value={tab} onChange={(value) => value && setAuthTab(value as AuthTab)} keepMounted={false}>
        <Tabs.List grow mb="md">
          <Tabs.Tab value="login">LOGIN</Tabs.Tab>
          <Tabs.Tab value="register">REGISTER</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="login">
          <LoginForm onSuccess={close} />
        </Tabs.Panel>
        <Tabs.Panel value="register">
          <RegisterForm onRegistered={setRegisteredEmail} />
        </Tabs.Panel>
      </Tabs>
    );
  }

  return (
    <Modal opened={opened} onClose={close} title={tab === 'login' ? 'Log in' : 'Create an account'} centered size="md">
      {body()}
    </Modal>
  );
}
