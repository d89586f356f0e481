import compress from '@fastify/compress';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/** JSON, HTML, plain text, JavaScript, CSS, XML and SVG answers are compressed. */
const COMPRESSIBLE =
  /^(?:application\/(?:json|[\w.+-]+\+json|javascript|xml|[\w.+-]+\+xml)|text\/(?:html|plain|css|javascript|xml)|image\/svg\+xml)(?:;|$)/i;

/**
 * Routes that stream a download are left alone: the CSV exports stream up to a
 * million rows, pulled as the client reads (a compressor would keep reading the
 * table into its buffer past a stalled client, and cost the export rows per
 * second for a file downloaded once).
 */
const STREAMED_DOWNLOAD = /\/export$/;

/**
 * Brotli, else gzip, for every compressible answer of at least 1 KB, when the
 * client asks for it (issue 13). Answers a route already encoded (Content-Encoding
 * set) pass through untouched. Request bodies are not decompressed: the API takes
 * plain JSON only, so a compressed body stays the 4xx it always was and cannot
 * expand past the body limit.
 */
export default fp(
  async function compression(fastify: FastifyInstance) {
    // Added before the plugin's own onRoute hook, which reads `compress`.
    fastify.addHook('onRoute', (route) => {
      if (STREAMED_DOWNLOAD.test(route.url)) route.compress = false;
    });
    await fastify.register(compress, {
      global: true,
      globalDecompression: false,
      encodings: ['br', 'gzip'],
      threshold: 1024,
      customTypes: COMPRESSIBLE,
    });
  },
  { name: 'compression' },
);
