/**
 * Everything the bench starts or creates (servers, browsers, the database, temporary
 * files) registers how to undo it here; `runCleanups` undoes it all, newest first,
 * once, whether the run finished, failed or was interrupted.
 */
type Cleanup = { label: string; run: () => Promise<unknown> | unknown };

const cleanups: Cleanup[] = [];
let running: Promise<void> | undefined;

/** Registers an undo step; returns a function that runs it now (and only once). */
export function onCleanup(label: string, run: Cleanup['run']): () => Promise<void> {
  const entry: Cleanup = { label, run };
  cleanups.push(entry);
  return async () => {
    const index = cleanups.indexOf(entry);
    if (index === -1) return;
    cleanups.splice(index, 1);
    await entry.run();
  };
}

export function runCleanups(): Promise<void> {
  running ??= (async () => {
    while (cleanups.length > 0) {
      const { label, run } = cleanups.pop()!;
      try {
        await run();
      } catch (error) {
        console.error(`bench: cleanup "${label}" failed:`, error);
      }
    }
  })();
  return running;
}

/** Ctrl-C or a SIGTERM still stops every server and drops the database. */
export function cleanUpOnSignals(): void {
  for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) {
    process.once(signal, () => {
      console.error(`\nbench: ${signal}, stopping everything`);
      void runCleanups().then(() => process.exit(130));
    });
  }
}
