import { Tabs } from '@mantine/core';
import { useLocation, useNavigate } from '@tanstack/react-router';
import { TOKEN_LINKS } from '../navigation/nav-items';

/** Tabs across the token pages; each tab is a real route. */
export function TokenNav() {
  const { pathname } = useLocation();
  const navigate = useNavigate();
  return (
    <Tabs value={pathname} onChange={(to) => to && void navigate({ to })} mb="lg" aria-label="Token pages">
      {/* Wraps on a phone rather than scrolling: a scrolled-away tab (Utility, Trade) is a tab nobody finds. */}
      <Tabs.List style={{ flexWrap: 'wrap' }}>
        {TOKEN_LINKS.map((link) => (
          <Tabs.Tab key={link.to} value={link.to}>
            {link.label}
          </Tabs.Tab>
        ))}
      </Tabs.List>
    </Tabs>
  );
}
