import { expect } from 'vitest';

/**
 * Reads what is left of a response body. `cutShort` is true when the body ended
 * in an error (the server cut the response mid-body) rather than at its end; a
 * reader's own time limit (AbortError, TimeoutError) is a hang, and fails the test.
 */
export async function readRest(
  reader: ReadableStreamDefaultReader<Uint8Array>,
): Promise<{ bytes: number; cutShort: boolean }> {
  let bytes = 0;
  try {
    for (;;) {
      const chunk = await reader.read();
      if (chunk.done) return { bytes, cutShort: false };
      bytes += chunk.value.byteLength;
    }
  } catch (error) {
    expect((error as Error).name).not.toMatch(/AbortError|TimeoutError/);
    return { bytes, cutShort: true };
  }
}
