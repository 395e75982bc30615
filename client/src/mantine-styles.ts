// The complete Mantine stylesheet (and the toasts'), loaded as its own chunk after the first
// screen's subset (mantine-first-screen.css) so pages that use other components get their styles.
import '@mantine/core/styles.layer.css';
import '@mantine/notifications/styles.layer.css';
