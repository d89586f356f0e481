import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { contentSecurityPolicy, inlineScriptHashes } from './content-security-policy.server';

const sha256 = (text: string) =>
  `sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}`;

describe('inlineScriptHashes', () => {
  it('hashes the text of each inline script that can run, once each, in order', () => {
    const html = [
      '<head><script type="application/ld+json">{"@type":"Organization"}</script>',
      '<script>window.a = "é & <b>"</script></head>',
      '<body><script src="/assets/x.js"></script>',
      '<script type="module">import "/assets/m.js";</script>',
      '<script type="text/x-held-module">import "/assets/held.js";</script>',
      "<SCRIPT type='text/javascript'>b()</SCRIPT >",
      '<script>window.a = "é & <b>"</script></body>',
    ].join('');
    expect(inlineScriptHashes(html)).toEqual([
      sha256('window.a = "é & <b>"'),
      sha256('import "/assets/m.js";'),
      sha256('import "/assets/held.js";'),
      sha256('b()'),
    ]);
  });

  it('finds none in a page without inline scripts', () => {
    expect(inlineScriptHashes('<p>script</p><script src="/a.js" async></script>')).toEqual([]);
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
