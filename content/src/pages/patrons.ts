import type { PageContent } from '@sthsm/contract/pages';

type Patron = Omit<PageContent<'patrons'>['patrons'][number], 'portrait'>;

/** The patrons, in the order of the catalogue's portraits (the seed adds them). */
export const patrons: Omit<PageContent<'patrons'>, 'patrons'> & { patrons: Patron[] } = {
  description:
    'The patrons who guide St. Thomas Higher Secondary School: the Bishop of the Diocese, the Chairman of the Educational Trust and the Principal.',
  lead: 'St. Thomas Higher Secondary School is a minority educational institution of the Catholic Church, managed by the Society of St. Thomas Educational Trust. Our patrons guide the school in its mission and watch over its growth.',
  patrons: [
    {
      name: 'Most Rev. Dr. Clement Fernandes (fictional)',
      role: 'Patron, Bishop of the Diocese',
      bio: 'As Patron of the school, the Bishop of the Diocese presides over its management and appoints its Principal. A former teacher himself, he visits the school every year for the investiture ceremony and encourages students to make education a path to service.',
    },
    {
      name: 'Rev. Fr. Augustine Pereira (fictional)',
      role: 'Chairman, Society of St. Thomas Educational Trust',
      bio: 'The Chairman of the Society of St. Thomas Educational Trust leads the governing body that owns and manages the school. Under his care the school has added its science block, computer laboratory and new primary-wing classrooms.',
    },
    {
      name: 'Rev. Fr. Anselm Varkey (fictional)',
      role: 'Principal',
      bio: 'The Principal leads the teaching staff and the daily life of the school. He has taught English and Religious Studies for over twenty years and believes that every child can shine when known, trusted and challenged.',
    },
  ],
  closing:
    'The school is also supported by its Managing Committee, the Parent-Teacher Association and the Alumni Association, whose members give generously of their time and experience.',
};
