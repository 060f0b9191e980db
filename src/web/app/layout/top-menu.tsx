import { Badge, Box, Burger, Group, Stack } from '@mantine/core';
import { useState } from 'react';
import { Link, NavLink, useLocation } from 'react-router';
import { accountTag } from '../../../domain/account-tag';
import { AlertsMenuLink } from '../../features/alerts/components/alerts-menu-link';
import { DriversMenuLink } from '../../features/drivers/components/drivers-menu-link';
import { useSession } from '../../lib/session-store';
import classes from './layout.module.css';

// Drivers comes between the two, with its badge of unfilled slots.
const leftLinks = [
  { to: '/clients', label: 'Clients' },
  { to: '/rounds', label: 'Rounds' },
];
const leftLinksAfterDrivers = [
  { to: '/meals', label: 'Meals' },
  { to: '/menu', label: 'Menu' },
  { to: '/reports/', label: 'Reports' },
];
const rightLinks = [
  { to: '/settings/', label: 'Settings' },
  { to: '/logout/', label: 'Log Out' },
];

type MenuLink = { to: string; label: string };

function MenuLinks({ links }: { links: MenuLink[] }) {
  return links.map((link) => (
    <NavLink key={link.to} to={link.to} className={classes.link}>
      {link.label}
    </NavLink>
  ));
}

export function TopMenu() {
  const { isLoggedIn, account } = useSession();
  const { pathname } = useLocation();
  // The mobile menu belongs to the route it was opened on, so following one of its links folds it away.
  const [menuOpenedOn, setMenuOpenedOn] = useState<string | null>(null);
  const isMenuOpen = menuOpenedOn === pathname;

  const tag = (
    <Badge size="lg" tt="none" maw={260} title={accountTag(account)}>
      {accountTag(account)}
    </Badge>
  );

  return (
    <Box component="header" className={classes.header} px="md">
      {/* Wraps to a second row on tablets, where the logged-in links do not fit on one. */}
      <Group justify="space-between" mih={60} py={6} gap="xs">
        <Group gap="xl" wrap="nowrap">
          <Link to="/" className={classes.brand}>
            <img src="/logo.svg" alt="" width={36} height={36} />
            MealRounds
          </Link>
          {isLoggedIn && (
            <Box component="nav" aria-label="Main" visibleFrom="sm">
              <Group gap="lg" wrap="nowrap">
                <MenuLinks links={leftLinks} />
                <DriversMenuLink className={classes.link} />
                <MenuLinks links={leftLinksAfterDrivers} />
                <AlertsMenuLink className={classes.link} />
              </Group>
            </Box>
          )}
        </Group>
        {isLoggedIn ? (
          <>
            <Box component="nav" aria-label="Account" visibleFrom="sm">
              <Group gap="lg" wrap="nowrap">
                <MenuLinks links={rightLinks} />
                {tag}
              </Group>
            </Box>
            <Burger
              hiddenFrom="sm"
              opened={isMenuOpen}
              onClick={() => setMenuOpenedOn(isMenuOpen ? null : pathname)}
              aria-label={isMenuOpen ? 'Close menu' : 'Open menu'}
              aria-expanded={isMenuOpen}
              aria-controls={isMenuOpen ? 'mobile-menu' : undefined}
            />
          </>
        ) : (
          <NavLink to="/login/" className={classes.link}>
            Log In
          </NavLink>
        )}
      </Group>
      {isLoggedIn && isMenuOpen && (
        <Box component="nav" id="mobile-menu" aria-label="Menu" hiddenFrom="sm" pb="md">
          <Stack gap="xs">
            <MenuLinks links={leftLinks} />
            <DriversMenuLink className={classes.link} />
            <MenuLinks links={leftLinksAfterDrivers} />
            <AlertsMenuLink className={classes.link} />
            <MenuLinks links={rightLinks} />
            <div>{tag}</div>
          </Stack>
        </Box>
      )}
    </Box>
  );
}
