/** A labeller over the server build's routes (`build.routes`): a Remix route id, '/assets/*' or 'unmatched'. */
export function createRouteLabeller(
  routes: Record<
    string,
    { id: string; parentId?: string; path?: string; index?: boolean; caseSensitive?: boolean }
  >,
): (pathname: string) => string;
