import type { PageContent } from '@sthsm/contract/pages';

/** The About Us text of STHSM; the seed adds the page's photo from the school's catalogue. */
export const aboutUs: Omit<PageContent<'about-us'>, 'image'> = {
  description:
    'St. Thomas Higher Secondary School, founded in 1976: a Catholic co-educational English-medium CISCE school with primary and senior wings, ICSE and ISC.',
  lead: 'St. Thomas Higher Secondary School is a Catholic, co-educational, English-medium school of the Council for the Indian School Certificate Examinations (CISCE). Since 1976 it has welcomed children of every faith and background, from Nursery to Class XII.',
  history: {
    heading: 'Our history',
    paragraphs: [
      'The school opened on 5 July 1976 in two rented rooms beside the parish church of Mahimnagar, with forty-two children, three teachers and one bicycle shared by all of them. It was founded by the Society of St. Thomas Educational Trust to give the growing town an English-medium school that would educate the whole person: mind, body and spirit.',
      'The present main building was blessed in 1982, and the senior wing followed in 1991 as the first batches reached the middle classes. The school was affiliated to the CISCE in 2003 and presented its first candidates for the ICSE (Class X) examination in 2005 and for the ISC (Class XII) examination in 2007.',
      'Today more than 2,000 students study in the primary and senior wings, taught by over ninety teachers. Many of our alumni serve the town and the country as doctors, engineers, teachers, civil servants, entrepreneurs, artists and priests, and many of them send their own children to St. Thomas.',
    ],
  },
  vision:
    'To form young people of competence, conscience and compassion who seek the truth, serve their neighbours and grow to their full potential in mind, body and spirit.',
  mission: [
    'Offer a sound, balanced education in English that prepares every student for the ICSE and ISC examinations and for life beyond them.',
    'Help each child discover and develop his or her gifts through academics, sport, the arts, clubs and service.',
    'Build character rooted in Gospel values — love, truth, justice and forgiveness — while respecting every faith and culture.',
    'Work hand in hand with parents, who are the first teachers of their children.',
    'Keep the school open to children of every community, and especially attentive to those who need help the most.',
  ],
  values: [
    { name: 'Truth', text: 'We speak honestly, study diligently and stand by what is right, even when it is hard.' },
    { name: 'Charity', text: 'We care for one another, share what we have and reach out to those in need.' },
    { name: 'Respect', text: 'We honour every person — classmate, teacher, worker, guest — and the world we share.' },
    { name: 'Excellence', text: 'We give our best in the classroom, on the field and on the stage, and help others do the same.' },
    { name: 'Service', text: 'We learn to lead by serving our school, our families and our town.' },
  ],
  wings: [
    {
      heading: 'Primary Wing (Nursery to Class IV)',
      paragraphs: [
        'The primary wing has its own building, playground and activity rooms. Small classes, joyful activity-based learning and a caring class teacher help young children settle in, learn to read, write and count with confidence, and enjoy school.',
        'Phonics, story-telling, rhymes, number games, art, music, dance, yoga and free play fill the day. Every month brings a theme, a celebration and a sports activity; see the Primary Wing page for the 2024-25 calendar.',
      ],
    },
    {
      heading: 'Senior Wing (Classes V to XII)',
      paragraphs: [
        'From Class V students follow the CISCE curriculum towards the ICSE examination at the end of Class X. In Classes XI and XII they prepare for the ISC examination in the Science, Commerce or Humanities stream.',
        'Well-equipped Physics, Chemistry, Biology and Computer laboratories, a library of over 15,000 books, smart classrooms, career guidance and a wide range of clubs and inter-house competitions prepare them for higher studies and for life.',
      ],
    },
  ],
  campus: {
    heading: 'Our campus',
    paragraphs: [
      'The campus on Church Road covers about eight acres of green lawns and shady trees. Besides the two academic buildings it has a chapel, an auditorium for 800, a football field, basketball and volleyball courts, a skating rink, a medical room with a nurse on duty, and safe drinking water on every floor.',
    ],
    list: [
      'Smart classrooms with projectors in every section from Class III',
      'Physics, Chemistry and Biology laboratories',
      'Computer laboratory with 40 networked computers',
      'Library and reading room',
      'Auditorium, chapel and music room',
      'Playgrounds and courts for football, cricket, basketball and volleyball',
    ],
  },
};
