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

/**
 * Runs `task` once the browser has painted the frame after this one's work (issue 32,
 * INP): a click's handler shows its answer at once ('Submitting...') and the heavier
 * work it starts runs in a task after that paint, outside the click's own time. A tab
 * in the background paints no frames, so a timer runs the task then; it runs once.
 */
export function afterNextPaint(task: () => void, timeout = 100): void {
  let ran = false;
  const run = () => {
    if (ran) return;
    ran = true;
    clearTimeout(fallback);
    cancelAnimationFrame(frame);
    task();
  };
  const fallback = setTimeout(run, timeout);
  const frame = requestAnimationFrame(() => setTimeout(run, 0));
}
