// The dynamic-import target of the toast container (main.tsx): a module of its own so the bundler
// splits Mantine's Notifications component (and its transitions) from the small notifications store.
export { Notifications } from '@mantine/notifications';
