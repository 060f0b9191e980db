import { Anchor, Stack, Text, Title } from '@mantine/core';
import { isRouteErrorResponse, Link, useRouteError } from 'react-router';
import { NotFoundPage } from './not-found-page';

/** Shown inside the layout when a screen throws while rendering, so the menu and footer stay usable. */
export function RouteErrorPage() {
  const error = useRouteError();
  if (isRouteErrorResponse(error) && error.status === 404) return <NotFoundPage />;
  return (
    <Stack gap="sm">
      <Title order={1}>Something went wrong</Title>
      <Text>This screen could not be shown. Please reload the page or try again later.</Text>
      <Anchor component={Link} to="/">
        Go to the home page
      </Anchor>
    </Stack>
  );
}
