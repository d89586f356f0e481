/** Progress lines on standard error (the table goes to standard output), with the seconds since start. */
export function log(line: string): void {
  const seconds = (performance.now() / 1000).toFixed(0).padStart(4);
  console.error(`[bench ${seconds} s] ${line}`);
}
