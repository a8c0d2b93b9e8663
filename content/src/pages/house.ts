import type { PageContent } from '@sthsm/contract/pages';
import type { SiteImages } from '../media-catalog.ts';

/** A house without its picture; `id` is also the catalogue's key for the house image. */
type House = Omit<PageContent<'house'>['houses'][number], 'image'> & { id: keyof SiteImages['houses'] };

// The four houses of SPEC §2, in its order: name, colour and motto exactly. The swatch is
// decoration beside the colour's name, so it needs no text contrast.
export const houses: Omit<PageContent<'house'>, 'houses'> & { houses: House[] } = {
  description:
    "The four houses of St. Thomas: St. Mary's (Blue, charity), St. Antony's (Yellow, truth), St. Joseph (Green, co-operation) and Mother Teresa's (Red, service).",
  lead: 'Every student and teacher belongs to one of four houses. The houses compete in sports, debates, quizzes and cultural events through the year, lead assemblies in turn, and win points for conduct and service towards the house trophy.',
  houses: [
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
