// @vitest-environment node
import { createHash } from 'node:crypto';
import { PassThrough } from 'node:stream';
import type { EntryContext } from '@remix-run/node';
import { renderToPipeableStream, renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import {
  bufferHandoffStream,
  contentSecurityPolicy,
  handoffStreamScripts,
  inlineScriptCollector,
} from './content-security-policy.server';
import { HeldScriptsLoader } from './held-scripts';
import { InlineScriptRecorderProvider } from './own-scripts';

const sha256 = (text: string) =>
  `sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}`;

/** The texts of a document's inline scripts, as a browser reads them. */
const inlineScriptTexts = (html: string) =>
  [...html.matchAll(/<script\b[^>]*>([\s\S]*?)<\/script>/g)].map(([, text]) => text!);

describe('inlineScriptCollector', () => {
  it('names what the app rendered as its own scripts, never a script that came with the content', () => {
    const collector = inlineScriptCollector();
    // As an HTML-injection bug would: a post body holding a script element.
    const html = renderToStaticMarkup(
      <InlineScriptRecorderProvider value={collector.record}>
        <main dangerouslySetInnerHTML={{ __html: '<p>Hi</p><script>window.injected=1</script>' }} />
        <HeldScriptsLoader />
      </InlineScriptRecorderProvider>,
    );
    const [injected, loader] = inlineScriptTexts(html);
    expect(injected).toBe('window.injected=1');
    expect(collector.hashes()).toEqual([sha256(loader!)]);
  });

  it('names each text once, in order', () => {
    const collector = inlineScriptCollector();
    for (const text of ['a()', 'b()', 'a()']) collector.record(text);
    expect(collector.hashes()).toEqual([sha256('a()'), sha256('b()')]);
  });
});

describe('handoffStreamScripts', () => {
  it("are the scripts Remix's StreamTransfer writes for the stream, read whole", async () => {
    // The installed Remix's own component, rendered on the buffered stream: a Remix
    // upgrade that changes what it writes fails here before it fails in a browser.
    const { StreamTransfer } = await import('@remix-run/react/dist/single-fetch.js');
    const data = '[{"title":"</script><script>alert(1)</script> & \u2028 é"}]';
    const source = new Response(data).body!;
    const handoff = await bufferHandoffStream(source);
    expect(handoff.text).toBe(data);
    const html = await new Promise<string>((resolve, reject) => {
      const { pipe } = renderToPipeableStream(
        <StreamTransfer
          // The one field StreamTransfer reads: whether <Scripts> rendered.
          context={{ renderMeta: { didRenderScripts: true } } as unknown as EntryContext}
          identifier={0}
          reader={handoff.stream.getReader()}
          textDecoder={new TextDecoder()}
        />,
        {
          onAllReady() {
            const sink = new PassThrough();
            let text = '';
            sink.on('data', (chunk: Buffer) => (text += chunk.toString()));
            sink.on('end', () => resolve(text));
            pipe(sink);
          },
          onShellError: reject,
          onError: reject,
        },
      );
    });
    const scripts = handoffStreamScripts(data);
    expect(inlineScriptTexts(html)).toEqual(scripts);
    expect(scripts[0]).not.toContain('</script>');
    expect(handoffStreamScripts('')).toEqual(['window.__remixContext.streamController.close();']);
  });
});

describe('contentSecurityPolicy', () => {
  it("lets run the origin's scripts and the inline ones named by hash, nothing inline else", () => {
    const policy = contentSecurityPolicy(['sha256-AAA=', 'sha256-BBB=']);
    expect(/script-src [^;]*/.exec(policy)?.[0]).toBe(
      "script-src 'self' 'sha256-AAA=' 'sha256-BBB='",
    );
    expect(policy).toContain("frame-ancestors 'none'");
    expect(contentSecurityPolicy([], 'https://console.example')).toContain(
      'frame-ancestors https://console.example',
    );
  });
});
