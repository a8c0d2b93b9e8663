import feeds from './messages/feeds.json' with { type: 'json' };
import forms from './messages/forms.json' with { type: 'json' };
import info from './messages/info.json' with { type: 'json' };
import lists from './messages/lists.json' with { type: 'json' };
import media from './messages/media.json' with { type: 'json' };
import pages from './messages/pages.json' with { type: 'json' };
import shell from './messages/shell.json' with { type: 'json' };

// The public site's words in English (docs/decisions/0154, 0155): the source catalogue, one ICU
// MessageFormat text per key in one JSON file per part of the site. Its keys are the keys of every
// language's catalogue (web/app/i18n) and of a school's corrections, which the site and the API
// check with one rule (message-check.ts). Without the parser: the site's browser bundle has this.

/** The catalogue's files: the parts of the site, in the order the staff page lists them. */
export const MESSAGE_PARTS = { shell, pages, lists, media, info, forms, feeds } as const;
export type MessagePart = keyof typeof MESSAGE_PARTS;

/** Each part in the words staff read it by. */
export const MESSAGE_PART_LABELS: Readonly<Record<MessagePart, string>> = {
  shell: 'Header, menu and footer',
  pages: 'Page names and descriptions',
  lists: 'News, events, toppers and search',
  media: 'Home page, galleries and videos',
  info: 'Information pages',
  forms: 'Forms and subscriptions',
  feeds: 'Feeds',
};

/** The English catalogue: every key and its text. */
export const ENGLISH_MESSAGES = { ...shell, ...pages, ...feeds, ...lists, ...media, ...info, ...forms };
export type MessageKey = keyof typeof ENGLISH_MESSAGES;

export const isMessageKey = (key: string): key is MessageKey => Object.hasOwn(ENGLISH_MESSAGES, key);

const PART_OF = new Map<string, MessagePart>(
  Object.entries(MESSAGE_PARTS).flatMap(([part, messages]) => Object.keys(messages).map((key) => [key, part as MessagePart])),
);

/** The part of the site a message belongs to (the file it is written in). */
export const messagePartOf = (key: MessageKey): MessagePart => PART_OF.get(key) ?? 'shell';
