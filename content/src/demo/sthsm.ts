import type { SchoolRecords } from '../types.ts';
import { profiles } from '../profile.ts';
import { circular, type SchoolContext } from './context.ts';
import { addDays, sessionStartYear } from './dates.ts';
import {
  buildBirthdays,
  buildNotification,
  buildPrincipalMessage,
  buildToppers,
  principalLetterHtml,
  XII_STREAMS,
} from './people-records.ts';
import { stableId } from './random.ts';
import { buildAlbums, buildEvents, buildVideos, instanceCircular, instances } from './sthsm-events.ts';
import { buildNews } from './sthsm-news.ts';

// The full demo school. Every list is dated around `today`, so "current year" views have content.

const TOPPER_SESSIONS = 4;
const STARTING_VISITORS = 48_213;

export function buildSthsm(ctx: SchoolContext): SchoolRecords {
  const profile = profiles.STHSM;
  if (!profile) throw new Error('STHSM profile missing');
  const year = ctx.today.getUTCFullYear();
  const all = instances(ctx.today);
  const { news, highlights, photos, translations } = buildNews(ctx);
  const events = buildEvents(ctx, all);
  const principal = buildPrincipalMessage(
    ctx,
    profile.principal.name,
    [
      'Dear parents and students, welcome to St. Thomas Higher Secondary School. For nearly five decades our school has tried to give every child not only knowledge but also the <strong>values</strong> that make knowledge worth having.',
      'Education here is a partnership between the school, the family and the child. We ask our parents to stay in touch with the class teachers, to read the circulars on the parent portal and to encourage their children to read every day.',
      'May God bless each one of you with a joyful and fruitful year.',
    ],
    [
      'A safe, caring and disciplined campus for every child',
      'Strong foundations in languages, mathematics and the sciences',
      'Sports, arts, clubs and service to the community',
      'Honesty, kindness and respect for people of every faith',
    ],
  );
  const nextEvent = all.filter((i) => i.date.getTime() > ctx.today.getTime()).at(-1);
  const feeCircular = circular(ctx, `fee-reminder-${sessionStartYear(ctx.today)}`, 'Fee payment reminder', addDays(ctx.today, -2), [
    'The next fee instalment is due by the 10th of the coming month.',
    'Pay online through the parent portal or the mobile app: Fees, select the instalment, Proceed to Pay.',
    'Receipts can be downloaded free of charge from the Fee section.',
  ]);
  return {
    code: ctx.code,
    name: profile.fullName,
    news,
    highlights,
    toppers: buildToppers(ctx, {
      sessions: Array.from({ length: TOPPER_SESSIONS }, (_, i) => year - TOPPER_SESSIONS + i),
      x: 3,
      xii: [...XII_STREAMS, 'Science (PCM)'],
      photoShare: 0.8,
    }),
    principalMessages: [principal],
    events,
    birthdays: buildBirthdays(ctx, 4, 14),
    notifications: [
      buildNotification(ctx, {
        key: 'fee-reminder',
        title: 'Fee payment reminder',
        description: 'The next fee instalment is due soon. Pay online through the parent portal or the mobile app.',
        url: profile.parentPortal.loginUrl,
        from: -3,
        until: 7,
        attachment: feeCircular,
      }),
      ...(nextEvent
        ? [
            buildNotification(ctx, {
              key: `event-${nextEvent.key}`,
              title: nextEvent.title,
              description: `${nextEvent.occasion.description} Venue: ${nextEvent.occasion.venue}, ${nextEvent.occasion.time}.`,
              url: '/events',
              from: -1,
              until: 5,
              attachment: instanceCircular(ctx, nextEvent),
            }),
          ]
        : []),
      buildNotification(ctx, {
        key: 'summer-vacation-expired',
        title: 'Summer vacation notice',
        description: 'The school remains closed for the summer vacation. This notice has expired.',
        url: '/news',
        from: -60,
        until: -30,
        attachment: feeCircular,
      }),
    ],
    albums: buildAlbums(ctx, all, photos),
    translations: [
      ...translations,
      {
        type: 'principal-message',
        id: principal._id,
        locale: 'hi',
        fields: {
          message: principalLetterHtml(
            [
              'प्रिय अभिभावको और विद्यार्थियो, सेंट थॉमस हायर सेकेंडरी स्कूल में आपका स्वागत है। लगभग पाँच दशकों से हमारा विद्यालय हर बच्चे को केवल ज्ञान ही नहीं, बल्कि वे <strong>मूल्य</strong> भी देने का प्रयास करता आया है जिनसे ज्ञान सार्थक बनता है।',
              'यहाँ शिक्षा विद्यालय, परिवार और बच्चे के बीच एक साझेदारी है। हमारा अभिभावकों से अनुरोध है कि वे कक्षा-अध्यापकों के संपर्क में रहें, अभिभावक पोर्टल पर परिपत्र पढ़ें और अपने बच्चों को प्रतिदिन पढ़ने के लिए प्रोत्साहित करें।',
              'ईश्वर आप सभी को आनंदमय और सफल वर्ष का आशीर्वाद दें।',
            ],
            [
              'हर बच्चे के लिए सुरक्षित, स्नेहपूर्ण और अनुशासित परिसर',
              'भाषाओं, गणित और विज्ञान में मज़बूत नींव',
              'खेल, कला, क्लब और समाज-सेवा',
              'ईमानदारी, दया और हर धर्म के लोगों के प्रति सम्मान',
            ],
            'रेव. फ़ादर एंसेल्म वर्की',
            'प्रधानाचार्य',
          ),
        },
      },
      {
        type: 'notifications',
        id: stableId(`${ctx.code}:notification:fee-reminder`),
        locale: 'hi',
        fields: {
          title: 'शुल्क भुगतान अनुस्मारक',
          description: 'शुल्क की अगली किस्त जल्द ही देय है। अभिभावक पोर्टल या मोबाइल ऐप से ऑनलाइन भुगतान करें।',
        },
      },
    ],
    videos: buildVideos(ctx, all),
    visitor: STARTING_VISITORS,
  };
}
