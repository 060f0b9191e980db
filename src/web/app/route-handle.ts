/** What a route tells the layout: its document title, and whether it is a logged-in screen. */
export type RouteHandle = { title?: string; isAppScreen?: boolean };

export function readRouteHandle(handle: unknown): RouteHandle {
  if (typeof handle !== 'object' || handle === null) return {};
  const { title, isAppScreen } = handle as Record<string, unknown>;
  return {
    title: typeof title === 'string' ? title : undefined,
    isAppScreen: isAppScreen === true,
  };
}
