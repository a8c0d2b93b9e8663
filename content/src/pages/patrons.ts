import type { PageText } from './common.ts';

export interface PatronsText extends PageText {
  lead: string;
  /** Biographies in the order of the media catalogue's patron portraits. */
  bios: string[];
  closing: string;
}

export const patrons: PatronsText = {
  description:
    'The patrons who guide St. Thomas Higher Secondary School: the Bishop of the Diocese, the Chairman of the Educational Trust and the Principal.',
  lead:
    'St. Thomas Higher Secondary School is a minority educational institution of the Catholic Church, managed by the Society of St. Thomas Educational Trust. Our patrons guide the school in its mission and watch over its growth.',
  bios: [
    'As Patron of the school, the Bishop of the Diocese presides over its management and appoints its Principal. A former teacher himself, he visits the school every year for the investiture ceremony and encourages students to make education a path to service.',
    'The Chairman of the Society of St. Thomas Educational Trust leads the governing body that owns and manages the school. Under his care the school has added its science block, computer laboratory and new primary-wing classrooms.',
    'The Principal leads the teaching staff and the daily life of the school. He has taught English and Religious Studies for over twenty years and believes that every child can shine when known, trusted and challenged.',
  ],
  closing:
    'The school is also supported by its Managing Committee, the Parent-Teacher Association and the Alumni Association, whose members give generously of their time and experience.',
};
