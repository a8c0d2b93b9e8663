import { isHexColour, NEUTRAL_PRIMARY } from '@sthsm/contract/brand';
import type { Db } from '../db/index.ts';
import { schoolProfileOrEmpty } from '../repositories/school-profiles.ts';

// E-mail sent for a school (staff invitations, password links) carries the school's brand
// (docs/decisions/0133): its name as the sender's name, and an HTML part with its crest and
// primary colour beside the plain text. Never another school's: without a crest, no picture.

/** What a message shows of the school it is sent for. */
export interface MailBrand {
  name: string;
  /** #rrggbb; the band behind the name (white text on it, checked at 4.5:1 when saved). */
  primary: string;
  /** The absolute URL of the crest's icon on the school's origin; absent without a crest. */
  crestUrl?: string | undefined;
}

/** The brand of `code` for a message whose links go to `origin` (the school's own). */
export async function mailBrandOf(db: Db, code: string, origin: string): Promise<MailBrand | undefined> {
  const record = await schoolProfileOrEmpty(db, code);
  if (!record) return undefined;
  const { name, brand } = record.profile;
  return {
    name,
    primary: brand?.primary && isHexColour(brand.primary) ? brand.primary.toLowerCase() : NEUTRAL_PRIMARY,
    crestUrl: brand?.crest ? `${origin}/api/school/${encodeURIComponent(code)}/icon/192.png` : undefined,
  };
}

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c);

/** A line that is a web address alone (the messages' links) becomes a link; everything else is text. */
const LINK = /^https?:\/\/\S+$/;

/**
 * The HTML part of a message: a band in the school's colour with its crest and name, then the
 * plain text's paragraphs (escaped; a line that is an address alone is a link). Inline styles and
 * tables only, as mail programs read HTML.
 */
export function brandedHtml(text: string, brand: MailBrand): string {
  const name = escapeHtml(brand.name);
  const crest = brand.crestUrl
    ? `<img src="${escapeHtml(brand.crestUrl)}" width="48" height="48" alt="" style="vertical-align:middle;margin-right:12px">`
    : '';
  const paragraphs = text
    .split(/\n{2,}/)
    .map((block) =>
      block
        .split('\n')
        .map((line) => (LINK.test(line.trim()) ? `<a href="${escapeHtml(line.trim())}">${escapeHtml(line.trim())}</a>` : escapeHtml(line)))
        .join('<br>'),
    )
    .map((html) => `<p style="margin:0 0 16px">${html}</p>`)
    .join('');
  return `<!doctype html><html lang="en"><body style="margin:0;font-family:system-ui,sans-serif;color:#1d1d1f">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0"><tr><td style="background:${brand.primary};color:#ffffff;padding:16px 24px;font-size:20px;font-weight:bold">${crest}${name}</td></tr>
<tr><td style="padding:24px;font-size:16px;line-height:1.5">${paragraphs}</td></tr></table>
</body></html>`;
}
