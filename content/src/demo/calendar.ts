// STHSM's school year: occasions that come back every year on about the same day. Events,
// albums and videos are instances of these ("Annual Sports Day 2024"), placed around `today`.

export interface Occasion {
  slug: string;
  month: number;
  day: number;
  title: string;
  description: string;
  venue: string;
  location: string;
  time: string;
  /** Start hour of the event, for the photos' EXIF time. */
  hour: number;
  /** Photographed: becomes a candidate photo album and video. */
  album: boolean;
  /** Announced with a circular PDF attached to the event. */
  circular: boolean;
}

const CAMPUS = 'St. Thomas Campus, Mahimnagar';

function occasion(
  slug: string,
  month: number,
  day: number,
  title: string,
  description: string,
  venue: string,
  time: string,
  flags: { album?: boolean; circular?: boolean } = {},
): Occasion {
  const hour = Number(/^(\d+)/.exec(time)?.[1] ?? 9) + (time.includes('PM') && !time.startsWith('12') ? 12 : 0);
  return {
    slug,
    month,
    day,
    title,
    description,
    venue,
    location: CAMPUS,
    time,
    hour,
    album: flags.album ?? false,
    circular: flags.circular ?? false,
  };
}

export const OCCASIONS: readonly Occasion[] = [
  occasion(
    'session-orientation',
    4,
    4,
    'New Session Orientation for Parents',
    'Parents of new students meet the principal and class teachers, learn about the timetable, uniform and the parent portal, and tour the campus.',
    'School Auditorium',
    '9:00 AM - 11:30 AM',
    { circular: true },
  ),
  occasion(
    'earth-day',
    4,
    22,
    'Earth Day Poster Making',
    'Students of classes III to VIII design posters on saving water and reducing plastic; the best entries are displayed in the corridor.',
    'Art Room',
    '10:00 AM - 12:00 PM',
    { album: true },
  ),
  occasion(
    'investiture',
    7,
    12,
    'Investiture Ceremony',
    'The newly elected Head Boy, Head Girl, house captains and prefects take their oath and receive their badges and sashes.',
    'School Quadrangle',
    '8:30 AM - 10:30 AM',
    { album: true },
  ),
  occasion(
    'van-mahotsav',
    7,
    26,
    'Van Mahotsav Tree Plantation',
    'The Nature Club and the NCC cadets plant saplings along the boundary wall and adopt them for the year.',
    'School Grounds',
    '9:00 AM - 11:00 AM',
    { album: true },
  ),
  occasion(
    'independence-day',
    8,
    15,
    'Independence Day Celebration',
    'Flag hoisting by the chief guest, march past by the four houses, patriotic songs by the school choir and a skit by class VIII.',
    'Main Ground',
    '7:30 AM - 10:00 AM',
    { album: true, circular: true },
  ),
  occasion(
    'inter-house-quiz',
    8,
    28,
    'Inter-House Quiz Competition',
    "Teams from St. Mary's, St. Antony's, St. Joseph and Mother Teresa's houses compete in rounds on science, history, sports and current affairs.",
    'School Auditorium',
    '11:00 AM - 1:00 PM',
    { album: true },
  ),
  occasion(
    'teachers-day',
    9,
    5,
    "Teachers' Day Celebration",
    'Students of class XII take over the morning assembly and present a cultural programme to thank their teachers.',
    'School Auditorium',
    '9:00 AM - 12:00 PM',
    { album: true },
  ),
  occasion(
    'hindi-diwas',
    9,
    14,
    'Hindi Diwas: Kavita Path',
    'Recitation of Hindi poems by students of classes IV to IX, with a short talk on the richness of the language.',
    'Assembly Hall',
    '10:00 AM - 11:30 AM',
  ),
  occasion(
    'gandhi-jayanti',
    10,
    2,
    'Gandhi Jayanti and Cleanliness Drive',
    'A prayer meeting followed by a cleanliness drive in the neighbourhood led by the Interact and Charity clubs.',
    'School Grounds',
    '8:00 AM - 10:30 AM',
  ),
  occasion(
    'science-exhibition',
    10,
    18,
    'Science Exhibition',
    'Working models and experiments by students of classes VI to XI on renewable energy, robotics, health and water; open to parents.',
    'Science Block',
    '9:30 AM - 1:30 PM',
    { album: true, circular: true },
  ),
  occasion(
    'childrens-day',
    11,
    14,
    "Children's Day Carnival",
    'Games, food stalls and a magic show organised by the teachers for the students of the primary wing.',
    'Primary Wing Playground',
    '9:00 AM - 12:30 PM',
    { album: true },
  ),
  occasion(
    'annual-day',
    11,
    24,
    'Annual Day',
    "The annual cultural evening: prize distribution, the principal's report, dances, a musical and a play in English.",
    'School Auditorium',
    '4:00 PM - 8:00 PM',
    { album: true, circular: true },
  ),
  occasion(
    'sports-day',
    12,
    6,
    'Annual Sports Day',
    'March past, torch relay, track events, drill displays by the primary wing and the inter-house relay finals.',
    'Main Ground',
    '8:00 AM - 1:00 PM',
    { album: true, circular: true },
  ),
  occasion(
    'christmas',
    12,
    21,
    'Christmas Celebration',
    'Carol singing, a nativity play by the primary wing and the distribution of sweets before the winter break.',
    'School Auditorium',
    '9:00 AM - 12:00 PM',
    { album: true },
  ),
  occasion(
    'republic-day',
    1,
    26,
    'Republic Day Celebration',
    'Flag hoisting, the reading of the Preamble, a parade by the NCC and scouts, and a cultural programme.',
    'Main Ground',
    '7:30 AM - 10:00 AM',
    { album: true },
  ),
  occasion(
    'farewell',
    2,
    7,
    'Farewell to Class XII',
    'Class XI bids farewell to the outgoing ISC batch with a prayer service, speeches and a lunch.',
    'School Auditorium',
    '10:00 AM - 2:00 PM',
    { album: true },
  ),
  occasion(
    'kg-graduation',
    2,
    21,
    'UKG Graduation Day',
    'The UKG children receive their graduation certificates in caps and gowns and perform a short song and dance.',
    'Primary Wing Hall',
    '9:30 AM - 11:30 AM',
    { album: true },
  ),
  occasion(
    'ptm-annual',
    3,
    28,
    'Annual Result Declaration and PTM',
    'Report cards for classes I to IX and XI are handed to parents, who meet the class and subject teachers.',
    'Respective Classrooms',
    '8:00 AM - 12:00 PM',
    { circular: true },
  ),
  occasion(
    'ptm-half-yearly',
    10,
    10,
    'Parent-Teacher Meeting (Half-Yearly)',
    'Parents meet the teachers to discuss the half-yearly examination results and the plan for the second term.',
    'Respective Classrooms',
    '8:00 AM - 12:00 PM',
    { circular: true },
  ),
];
