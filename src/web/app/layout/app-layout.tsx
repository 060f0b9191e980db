import { Box, Container } from '@mantine/core';
import { useEffect } from 'react';
import { Outlet, ScrollRestoration, useMatches } from 'react-router';
import { readRouteHandle } from '../route-handle';
import { Footer } from './footer';
import classes from './layout.module.css';
import { TopMenu } from './top-menu';

/** Logged-in screens keep a minimum width of 1280 px (narrower, they scroll); public pages are responsive. */
const appScreenMinWidth = 1280;

export function AppLayout() {
  const handles = useMatches().map((match) => readRouteHandle(match.handle));
  const isAppScreen = handles.some((handle) => handle.isAppScreen);
  const title = handles.findLast((handle) => handle.title)?.title;

  useEffect(() => {
    document.title = title ? `${title} | MealRounds` : 'MealRounds';
  }, [title]);

  return (
    <Box mih="100vh" style={{ display: 'flex', flexDirection: 'column' }}>
      <a href="#main" className={classes.skipLink}>
        Skip to content
      </a>
      <TopMenu />
      {/* Header and footer follow the viewport (burger on phones); only the screen itself scrolls sideways. */}
      <Box component="main" id="main" tabIndex={-1} style={{ flexGrow: 1, overflowX: 'auto' }}>
        <Container fluid={isAppScreen} size="lg" miw={isAppScreen ? appScreenMinWidth : undefined} py="xl">
          <Outlet />
        </Container>
      </Box>
      <Footer />
      <ScrollRestoration />
    </Box>
  );
}
