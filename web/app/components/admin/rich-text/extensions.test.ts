// @vitest-environment happy-dom
import { Editor } from '@tiptap/core';
import { afterEach, describe, expect, test } from 'vitest';
import { sanitizeRichText } from '@sthsm/contract/rich-text-sanitize';
import { allowedHref, richTextExtensions } from './extensions';

// What every toolbar action makes must come back from the server's sanitizer unchanged (decision
// 0062): the editor writes only the policy's tags and attributes, so a save never alters a text.

let editor: Editor | null = null;
afterEach(() => editor?.destroy());

function edit(content: string): Editor {
  editor = new Editor({ extensions: richTextExtensions(), content });
  editor.commands.selectAll();
  return editor;
}

/** Each toolbar action, and a piece of what it must have written (so the check is not of unchanged text). */
const ACTIONS: Record<string, [(e: Editor) => boolean, string]> = {
  bold: [(e) => e.chain().toggleBold().run(), '<strong>'],
  italic: [(e) => e.chain().toggleItalic().run(), '<em>'],
  'heading 2': [(e) => e.chain().toggleHeading({ level: 2 }).run(), '<h2>'],
  'heading 3': [(e) => e.chain().toggleHeading({ level: 3 }).run(), '<h3>'],
  'heading 4': [(e) => e.chain().toggleHeading({ level: 4 }).run(), '<h4>'],
  'bulleted list': [(e) => e.chain().toggleBulletList().run(), '<ul><li><p>'],
  'numbered list': [(e) => e.chain().toggleOrderedList().run(), '<ol><li><p>'],
  quote: [(e) => e.chain().toggleBlockquote().run(), '<blockquote><p>'],
  'web link': [(e) => e.chain().setLink({ href: 'https://example.org/a?b=1&c=2' }).run(), 'href="https://example.org/a?b=1&amp;c=2"'],
  'site link': [(e) => e.chain().setLink({ href: '/admission-rules' }).run(), 'href="/admission-rules"'],
  'mail link': [(e) => e.chain().setLink({ href: 'mailto:office@example.org' }).run(), 'href="mailto:office@example.org"'],
  'link removed': [(e) => e.chain().setLink({ href: 'https://example.org' }).unsetLink().run(), '<p>Dear parents'],
};

describe('the rich-text editor and the sanitizer', () => {
  test.each(Object.keys(ACTIONS))('%s: the HTML written survives sanitizing unchanged', (name) => {
    const e = edit('<p>Dear parents, welcome</p><p>Second "line" & more</p>');
    const [act, written] = ACTIONS[name]!;
    expect(act(e)).toBe(true);
    const html = e.getHTML();
    expect(html).toContain(written);
    expect(sanitizeRichText(html)).toBe(html);
  });

  test('all actions together, undone and redone, still survive unchanged', () => {
    const e = edit('<p>One</p><p>Two</p><p>Three</p>');
    for (const [act] of Object.values(ACTIONS)) act(e);
    e.chain().undo().redo().run();
    const html = e.getHTML();
    expect(html).toMatch(/<a /);
    expect(sanitizeRichText(html)).toBe(html);
  });

  test('older stored content opened in the editor keeps every tag and is stable from then on', () => {
    const stored = sanitizeRichText(
      '<h2>Welcome</h2><p><b>Bold</b> and <i>italic</i> with <a href="https://example.org" target="_blank">a link</a></p><ol start="3"><li><p>Item</p></li></ol><blockquote><p>Quote</p></blockquote>',
    );
    const html = edit(stored).getHTML();
    // Only the link's attributes come in another order.
    expect(
      html.replace('rel="noopener noreferrer" href="https://example.org"', 'href="https://example.org" rel="noopener noreferrer"'),
    ).toBe(stored);
    expect(sanitizeRichText(html)).toBe(html);
  });

  test('links outside the policy are refused', () => {
    for (const bad of ['javascript:alert(1)', '//evil.example', 'data:text/html,x', 'vbscript:x']) expect(allowedHref(bad)).toBe(false);
    for (const good of ['https://example.org', 'http://a.b', 'mailto:a@b.c', 'tel:+000', '/news', '#top'])
      expect(allowedHref(good)).toBe(true);
  });
});
