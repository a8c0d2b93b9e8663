import { describe, expect, it } from 'vitest';
import { RICH_TEXT_POLICY, sanitizeRichText } from './sanitize.server';

// What RICH_TEXT_POLICY says, proved: allowed tags stay, links get rel="noopener noreferrer",
// every other tag, attribute and URL scheme goes.

describe('sanitizeRichText', () => {
  it('keeps every allowed tag as written', () => {
    for (const tag of RICH_TEXT_POLICY.allowedTags) {
      const html =
        tag === 'br' || tag === 'hr'
          ? `<${tag} />`
          : tag === 'a'
            ? '<a href="/news" rel="noopener noreferrer">x</a>'
            : `<${tag}>x</${tag}>`;
      expect(sanitizeRichText(html), tag).toBe(html);
    }
  });

  it('gives every link rel="noopener noreferrer", replacing whatever rel it had', () => {
    expect(sanitizeRichText('<a href="https://example.org/a" title="A">a</a>')).toBe(
      '<a href="https://example.org/a" title="A" rel="noopener noreferrer">a</a>',
    );
    expect(sanitizeRichText('<a href="https://example.org/" rel="opener">a</a>')).toBe(
      '<a href="https://example.org/" rel="noopener noreferrer">a</a>',
    );
    expect(sanitizeRichText('<a>no href</a>')).toBe('<a rel="noopener noreferrer">no href</a>');
  });

  it('keeps http, https, mailto, tel and relative links; drops every other scheme and protocol-relative URLs', () => {
    for (const href of [
      'http://example.org/',
      'https://example.org/x?y=1',
      'mailto:office@school.example',
      'tel:+911234567890',
      '/news',
      'news#top',
    ]) {
      expect(sanitizeRichText(`<a href="${href}">x</a>`), href).toContain(`href="${href}"`);
    }
    for (const href of [
      'javascript:alert(1)',
      'JaVaScRiPt:alert(1)',
      'java\tscript:alert(1)',
      '&#106;avascript:alert(1)',
      ' javascript:alert(1)',
      '\u000bjavascript:alert(1)',
      '\u0001\u001fjavascript:alert(1)',
      'data:text/html,<script>alert(1)</script>',
      'vbscript:msgbox(1)',
      '//evil.example/x',
      'file:///etc/passwd',
      'ftp://example.org/',
    ]) {
      expect(sanitizeRichText(`<a href="${href}">x</a>`), href).toBe('<a rel="noopener noreferrer">x</a>');
    }
  });

  it('removes every other attribute: handlers, styles, classes, ids, targets', () => {
    expect(sanitizeRichText('<p onclick="alert(1)" style="color:red" class="c" id="i">t</p>')).toBe('<p>t</p>');
    expect(sanitizeRichText('<a href="/x" target="_blank" onmouseover="x()" class="c" ping="https://evil.example">t</a>')).toBe(
      '<a href="/x" rel="noopener noreferrer">t</a>',
    );
    expect(sanitizeRichText('<em style="background:url(javascript:x)" data-x="1">t</em>')).toBe('<em>t</em>');
    expect(sanitizeRichText('<ol start="3" type="a"><li>c</li></ol>')).toBe('<ol start="3"><li>c</li></ol>');
  });

  it('removes other tags but keeps their text; script, style and other non-text tags lose their text too', () => {
    expect(sanitizeRichText('<div><h5>Title</h5><img src=x onerror=alert(1)>text</div>')).toBe('<h4>Title</h4>text');
    expect(sanitizeRichText('<span>a</span><div>b</div><table><tr><td>c</td></tr></table>')).toBe('abc');
    expect(sanitizeRichText('<p>a<script>alert(1)</script>b<style>p{}</style>c</p>')).toBe('<p>abc</p>');
    expect(
      sanitizeRichText('<iframe src="https://evil.example">x</iframe><object data="x">y</object><svg><script>z</script></svg>ok'),
    ).toBe('ok');
    expect(sanitizeRichText('<template><p>t</p></template><noscript>n</noscript><textarea>t</textarea>k')).toBe('k');
    expect(sanitizeRichText('<form action="https://evil.example"><input name="q"><button>go</button></form>')).toBe('go');
    expect(sanitizeRichText('<!-- note --><p>t</p>')).toBe('<p>t</p>');
  });

  it('maps older content onto the editor\u2019s tags: b, i, strike, h1, h5 and h6', () => {
    expect(sanitizeRichText('<b>a</b><i>b</i><strike>c</strike><h1>d</h1><h6 onclick="x()">e</h6>')).toBe(
      '<strong>a</strong><em>b</em><s>c</s><h2>d</h2><h4>e</h4>',
    );
  });

  it('escapes what is left as text', () => {
    expect(sanitizeRichText('<p>1 < 2 & "q" > 0</p>')).toBe('<p>1 &lt; 2 &amp; "q" &gt; 0</p>');
    expect(sanitizeRichText('<<script>script>alert(1)<</script>/script>')).not.toMatch(/<script/i);
  });
});
