import { performance } from 'node:perf_hooks';

/** The median time in ms of `runs` calls of `run`, after `warmups` untimed ones. */
export async function median(
  run: () => Promise<unknown>,
  { runs, warmups }: { runs: number; warmups: number },
): Promise<number> {
  for (let warmup = 0; warmup < warmups; warmup += 1) await run();
  const times: number[] = [];
  for (let index = 0; index < runs; index += 1) {
    const start = performance.now();
    await run();
    times.push(performance.now() - start);
  }
  times.sort((a, b) => a - b);
  return times[Math.floor(times.length / 2)]!;
}
