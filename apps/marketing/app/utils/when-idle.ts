/**
 * Runs `task` when the browser is next idle, within `timeout` ms (issue 32: work that
 * nothing on screen waits for stays out of the tasks that hydrate the page). Returns
 * a cancel, for an effect's cleanup.
 */
export function whenIdle(task: () => void, timeout = 2000): () => void {
  if (typeof requestIdleCallback === 'function') {
    const handle = requestIdleCallback(task, { timeout });
    return () => cancelIdleCallback(handle);
  }
  const handle = setTimeout(task, 1);
  return () => clearTimeout(handle);
}
