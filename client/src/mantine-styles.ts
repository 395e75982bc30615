// Mantine's stylesheets for the components the app bundles (and the toasts'), loaded as their own chunk after the
// first screen's subset (mantine-first-screen.css) so pages that use other components get their styles.
import './mantine-styles.css';
import '@mantine/notifications/styles.layer.css';
