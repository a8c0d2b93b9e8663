import type { PageText } from './common.ts';

export interface House {
  /** Stable key: also the media catalogue's key for the house image. */
  id: 'mary' | 'antony' | 'joseph' | 'teresa';
  name: string;
  colour: string;
  /** A CSS colour for the swatch (AA contrast against white for text is not needed: it is decoration). */
  swatch: string;
  motto: string;
  text: string;
}

// The four houses of SPEC §2, in its order: name, colour and motto exactly.
export const houses: PageText & { lead: string; items: House[] } = {
  description:
    "The four houses of St. Thomas: St. Mary's (Blue, charity), St. Antony's (Yellow, truth), St. Joseph (Green, co-operation) and Mother Teresa's (Red, service).",
  lead:
    'Every student and teacher belongs to one of four houses. The houses compete in sports, debates, quizzes and cultural events through the year, lead assemblies in turn, and win points for conduct and service towards the house trophy.',
  items: [
    {
      id: 'mary',
      name: "St. Mary's",
      colour: 'Blue',
      swatch: '#1d4ed8',
      motto: 'Charity',
      text: 'Named after Mary, the Mother of Jesus, St. Mary’s House strives to love and care for others in word and deed. Its members lead the Christmas sharing drive every December.',
    },
    {
      id: 'antony',
      name: "St. Antony's",
      colour: 'Yellow',
      swatch: '#eab308',
      motto: 'Truth',
      text: 'Named after St. Antony of Padua, the great preacher, St. Antony’s House values honesty in study, play and friendship. It has won the inter-house debate trophy six times.',
    },
    {
      id: 'joseph',
      name: 'St. Joseph',
      colour: 'Green',
      swatch: '#15803d',
      motto: 'Co-operation',
      text: 'Named after St. Joseph the Worker, St. Joseph House believes that great things are done together. Its teams are known for their spirit on the football field and the relay track.',
    },
    {
      id: 'teresa',
      name: "Mother Teresa's",
      colour: 'Red',
      swatch: '#b91c1c',
      motto: 'Service',
      text: 'Named after St. Teresa of Kolkata, Mother Teresa’s House serves the school and the town with joy. Its members run the clothes bank and visit the home for the elderly.',
    },
  ],
};
