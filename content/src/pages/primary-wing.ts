import type { PageContent } from '@sthsm/contract/pages';

export const primaryWing: PageContent<'primary-wing'> = {
  description:
    'The Primary Wing of St. Thomas (Nursery to Class IV): the 2024-25 month-by-month activity and sports calendar for Nursery-UKG and Classes I-IV.',
  lead: [
    'The Primary Wing welcomes children from Nursery to Class IV in its own building, with bright classrooms, an activity room, a library corner and a safe, shaded playground.',
    'Each month has an activity and a sport planned for the whole wing. Activities are held during school hours; parents are invited to the shows marked below.',
  ],
  session: '2024-25',
  kindergarten: [
    { month: 'April', activity: 'Welcome week and “All About Me” show-and-tell', sports: 'Free play and ball rolling' },
    { month: 'May', activity: 'Fruit party and colour-the-fruits day', sports: 'Hopping and jumping games' },
    { month: 'June', activity: 'Summer vacation (holiday homework: picture book)', sports: 'Summer vacation' },
    { month: 'July', activity: 'Rain dance and paper-boat making', sports: 'Balancing on the line' },
    { month: 'August', activity: 'Independence Day fancy dress', sports: 'Flag race' },
    { month: 'September', activity: 'Grandparents’ Day and rhyme recitation', sports: 'Ring toss' },
    { month: 'October', activity: 'Leaf printing and nature walk', sports: 'Frog race' },
    { month: 'November', activity: 'Children’s Day fun fair', sports: 'Sack race' },
    { month: 'December', activity: 'Christmas crib making and carols', sports: 'Annual Sports Day: fun races' },
    { month: 'January', activity: 'Kite colouring and Republic Day songs', sports: 'Obstacle crawl' },
    { month: 'February', activity: 'Story-telling with puppets', sports: 'Bean-bag balance race' },
    { month: 'March', activity: 'Graduation day for UKG', sports: 'Parents’ and tots’ relay' },
  ],
  juniors: [
    { month: 'April', activity: 'Earth Day poster making', sports: 'Skipping' },
    { month: 'May', activity: 'English recitation competition', sports: 'Relay race' },
    { month: 'June', activity: 'Summer vacation (holiday project: my family tree)', sports: 'Summer vacation' },
    { month: 'July', activity: 'Van Mahotsav: plant a sapling', sports: 'Football drills' },
    { month: 'August', activity: 'Independence Day patriotic song competition', sports: 'Tug of war' },
    { month: 'September', activity: 'Hindi Diwas: Hindi poem recitation', sports: 'Basketball basics' },
    { month: 'October', activity: 'Gandhi Jayanti: cleanliness drive', sports: 'Inter-house kho-kho' },
    { month: 'November', activity: 'Children’s Day and art exhibition', sports: 'Skating' },
    { month: 'December', activity: 'Christmas card making and carol singing', sports: 'Annual Sports Day: track events' },
    { month: 'January', activity: 'Spell bee', sports: 'Mini cricket' },
    { month: 'February', activity: 'Science fair: simple experiments', sports: 'Inter-house athletics' },
    { month: 'March', activity: 'Class assembly and prize day', sports: 'Yoga and fitness day' },
  ],
};
