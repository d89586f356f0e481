import { type ComponentType, lazy } from 'react';

/**
 * React.lazy for a named export, plus `preload()` to start the download early
 * (on hover or focus of the button that will show it). The component's code,
 * and what only it needs (zod, the dialog), stays out of the page's first
 * download (issue 13: forms load only where and when they are used).
 */
export function lazyComponent<P extends object>(load: () => Promise<ComponentType<P>>) {
  let loading: Promise<{ default: ComponentType<P> }> | undefined;
  const preload = () => (loading ??= load().then((component) => ({ default: component })));
  return Object.assign(lazy(preload), { preload });
}
