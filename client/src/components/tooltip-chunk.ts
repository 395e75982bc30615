// The dynamic-import target of LazyTooltip: a module of its own so the bundler gives Mantine's
// Tooltip and floating-ui a chunk of their own.
export { Tooltip } from '@mantine/core';
