import { isNotifiableType, NOTIFIABLE_TOPICS, type NotifiableType } from '@sthsm/contract/subscriptions';
import { plainWords } from '../content/dashboard.ts';
import type { Db } from '../db/index.ts';
import { todayIn } from '../school-day.ts';
import { listEvents } from '../repositories/events.ts';
import { listHighlights } from '../repositories/highlights.ts';
import { listNews } from '../repositories/news.ts';
import { listActiveNotifications } from '../repositories/notifications.ts';
import { listToppers } from '../repositories/toppers.ts';
import type { Topic } from './sender.ts';

// Which published items may be sent to subscribers, under which topic, and what the message says.
// Whether an item is public now is the public list's own answer (ARCHITECTURE.md "One visibility
// rule": status, publish window, consent, school): an item not in it is not sent. Messages hold what
// the public page says and nothing personal (a topper's name stays on the page: the message says
// that the class's results are out).

/** What a send says, before the school's name and origin are added. */
export interface ItemMessage {
  title: string;
  body: string;
  /** The public page, from the school's origin ("/news/item?id=…"). */
  path: string;
}

interface Notifiable {
  topic: Exclude<Topic, 'emergency'>;
  /** The message of the send `key` names when it is public now; undefined when it is not (or no longer) public. */
  message(db: Db, code: string, key: string, now: Date, timeZone: string): Promise<ItemMessage | undefined>;
  /**
   * One send per this key: the item's id, or for toppers their class and session (a results day
   * publishes many rows and is one piece of news).
   */
  sendKey(id: string, fields: Record<string, unknown>): string | undefined;
}

const q = encodeURIComponent;
/** Plain text of at most `max` characters (the dashboard's own rule for markup and entities). */
export const plainText = (text: string, max = 180): string => plainWords(text, max);

const byId =
  <T extends { _id: string }>(list: (db: Db, code: string, now: Date, timeZone: string) => Promise<T[]>) =>
  async (db: Db, code: string, id: string, now: Date, timeZone: string) =>
    (await list(db, code, now, timeZone)).find((item) => item._id === id);

const ownId = (id: string) => id;

const news = byId((db, code, now) => listNews(db, code, now));
const events = byId((db, code, now) => listEvents(db, code, now));
const highlights = byId((db, code, now) => listHighlights(db, code, now));
const notices = byId((db, code, now, timeZone) => listActiveNotifications(db, code, todayIn(timeZone, now), now));
const CLASS_KEY = /^class-(X|XII)-(.+)$/;

export const NOTIFIABLE: Record<NotifiableType, Notifiable> = {
  news: {
    topic: NOTIFIABLE_TOPICS.news,
    sendKey: ownId,
    async message(db, code, id, now, tz) {
      const item = await news(db, code, id, now, tz);
      return item && { title: plainText(item.title, 100), body: plainText(item.description), path: `/news/item?id=${q(id)}` };
    },
  },
  events: {
    topic: NOTIFIABLE_TOPICS.events,
    sendKey: ownId,
    async message(db, code, id, now, tz) {
      const item = await events(db, code, id, now, tz);
      if (!item) return undefined;
      const when = [item.date ?? '', item.time].filter(Boolean).join(', ');
      const body = plainText([when, item.venue || item.location, plainText(item.description, 400)].filter(Boolean).join(' · '));
      return { title: plainText(item.title, 100), body, path: `/Events/item?id=${q(id)}` };
    },
  },
  announcements: {
    topic: NOTIFIABLE_TOPICS.announcements,
    sendKey: ownId,
    async message(db, code, id, now, tz) {
      const item = await highlights(db, code, id, now, tz);
      return item && { title: 'Announcement', body: plainText(item.description), path: '/' };
    },
  },
  notifications: {
    topic: NOTIFIABLE_TOPICS.notifications,
    sendKey: ownId,
    async message(db, code, id, now, tz) {
      const item = await notices(db, code, id, now, tz);
      return item && { title: plainText(item.title, 100), body: plainText(item.description), path: '/' };
    },
  },
  toppers: {
    topic: NOTIFIABLE_TOPICS.toppers,
    sendKey(_id, fields) {
      const { class: topperClass, sessionYear } = fields;
      return typeof topperClass === 'string' && typeof sessionYear === 'string' ? `class-${topperClass}-${sessionYear}` : undefined;
    },
    async message(db, code, key, now) {
      const [, topperClass, session] = CLASS_KEY.exec(key) ?? [];
      const item = (await listToppers(db, code, now)).find((t) => t.class === topperClass && t.sessionYear === session);
      if (!item) return undefined;
      return {
        title: `Class ${item.class} toppers ${item.sessionYear}`,
        body: `The school's toppers of class ${item.class} for ${item.sessionYear} are on the website.`,
        path: item.class === 'X' ? '/Toppers' : '/ToppersXII',
      };
    },
  },
};

export const isNotifiable = isNotifiableType;
