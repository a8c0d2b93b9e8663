import type { PageContent } from '@sthsm/contract/pages';

// The 11 clubs of SPEC §2, in its order and spelling.
export const clubsAssociation: PageContent<'clubs-association'> = {
  description:
    'The eleven student clubs of St. Thomas: Science, Nature, Commerce, Language, Health & wellness, Sports, Maths, Career, Charity, Quiz and F. M.',
  lead: 'Clubs meet every Saturday in the last two periods. Each student of Classes V to XII joins one club for the year, guided by a teacher in charge and led by elected student secretaries.',
  clubs: [
    {
      name: 'Science',
      text: 'Experiments, models and the annual science exhibition; members visit research institutes and take part in inter-school science fairs.',
    },
    {
      name: 'Nature',
      text: 'Keeps the school garden and herb patch, runs tree-plantation drives, bird-watching walks and the “No Plastic Fridays” campaign.',
    },
    { name: 'Commerce', text: 'A school market day, mock stock trading, budgeting games and talks by local entrepreneurs and bankers.' },
    {
      name: 'Language',
      text: 'Creative writing, debates, elocution and drama in English and Hindi; edits the school magazine, “The Thomasian”.',
    },
    {
      name: 'Health & wellness',
      text: 'First-aid training, yoga, talks on nutrition and mental health, and the annual health camp with local doctors.',
    },
    {
      name: 'Sports',
      text: 'Organises inter-house tournaments, keeps the score books and helps the physical-education staff run the Annual Sports Day.',
    },
    { name: 'Maths', text: 'Puzzles, Vedic maths, Olympiad preparation and the Pi Day quiz; members build models of shapes and patterns.' },
    {
      name: 'Career',
      text: 'Career talks by alumni and professionals, aptitude tests and visits to colleges, helping seniors plan their next steps.',
    },
    {
      name: 'Charity',
      text: 'Collects clothes, books and food for families in need, visits the home for the elderly and runs the Christmas sharing drive.',
    },
    {
      name: 'Quiz',
      text: 'Weekly quizzes on science, history, sport and current affairs; prepares the teams for inter-school quiz competitions.',
    },
    {
      name: 'F. M.',
      text: 'Runs the school’s F.M. studio: a lunchtime radio show with news, interviews, music and announcements, scripted and presented by students.',
    },
  ],
  closing: 'Students of the primary wing take part in club activities through their monthly activity calendar; see the Primary Wing page.',
};
