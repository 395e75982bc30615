import { Button, List, Modal, Text } from '@mantine/core';

const RULES = [
  'Be respectful. No harassment, hate speech or threats.',
  'No spam, flooding or repeated messages.',
  'No begging, loan requests or trading of accounts.',
  'No advertising, links to other sites or referral codes.',
  'Never share personal information, passwords or wallet keys.',
  'Moderators (MOD) and admins (ADMIN) may remove messages and mute users who break these rules.',
];

export function ChatRulesModal({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  return (
    <Modal opened={opened} onClose={onClose} title="Chat rules" centered>
      <Text size="sm" mb="sm">
        The Trollbox is a public room. By chatting you agree to these rules:
      </Text>
      <List spacing="xs" size="sm" type="ordered">
        {RULES.map((rule) => (
          <List.Item key={rule}>{rule}</List.Item>
        ))}
      </List>
      <Button fullWidth mt="lg" onClick={onClose}>
        I understand
      </Button>
    </Modal>
  );
}
