import { Box, Paper, Text, UnstyledButton } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import { CASINO_LINKS } from '../navigation/nav-items';
import classes from './CategoryGrid.module.css';

/** Shortcut tiles to every casino category. */
export function CategoryGrid() {
  return (
    <Box component="nav" aria-label="Casino categories" className={classes.grid}>
      {CASINO_LINKS.slice(1).map(({ to, label, icon: CategoryIcon }) => (
        <UnstyledButton key={to} component={Link} to={to} className={classes.tile}>
          <Paper radius="md" p="md" className={classes.paper}>
            <CategoryIcon size={26} stroke={1.6} aria-hidden />
            <Text size="sm" fw={600}>
              {label}
            </Text>
          </Paper>
        </UnstyledButton>
      ))}
    </Box>
  );
}
