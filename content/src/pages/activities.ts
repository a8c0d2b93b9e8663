import type { PageContent } from '@sthsm/contract/pages';
import type { SiteImages } from '../media-catalog.ts';

export interface ActivityText {
  /** Key of the catalogue's activity image, when there is one. */
  image?: keyof SiteImages['activities'];
  name: string;
  text: string;
}

export const activities: Omit<PageContent<'activities'>, 'items'> & { items: ActivityText[] } = {
  description:
    'Co-curricular life at St. Thomas: student parliament, morning assembly and prayer, art and craft, clubs, sports, music, dance, debates and social service.',
  lead: 'Learning at St. Thomas does not stop at the classroom door. Every student takes part in activities that build confidence, teamwork, creativity and a sense of service.',
  items: [
    {
      image: 'parliament',
      name: 'Student Parliament',
      text: 'Every July the students elect their Head Boy, Head Girl, house captains and class monitors. The Student Parliament meets once a month with the Principal to plan school events, raise students’ concerns and lead campaigns such as “Clean Campus” and “No Plastic Fridays”.',
    },
    {
      image: 'assembly',
      name: 'Morning Assembly & Prayer',
      text: 'The school day begins with assembly: a prayer, a hymn, the pledge, the news of the day and a thought for the day, each week led by a different class. Assemblies for special days are prepared by the houses in turn.',
    },
    {
      image: 'artCraft',
      name: 'Art & Craft',
      text: 'Drawing, painting, clay modelling, paper craft and recycled-material projects are part of the timetable from Nursery to Class VIII. The annual art exhibition in November shows the best work of every class.',
    },
    {
      image: 'clubs',
      name: 'Clubs & Association',
      text: 'Eleven clubs — from the Science Club to the F. M. club that runs the school radio — meet every Saturday. Each student chooses one club a year.',
    },
    {
      name: 'Sports and Games',
      text: 'Football, cricket, basketball, volleyball, athletics, skating, chess and table tennis are coached by our physical-education staff. Inter-house matches run through the year and end with the Annual Sports Day in December.',
    },
    {
      name: 'Music, Dance and Drama',
      text: 'The school choir, band and dance troupes perform at the Annual Day, the Christmas carol service and inter-school festivals. Every class stages a short play in English during the year.',
    },
    {
      name: 'Debates, Quizzes and Elocution',
      text: 'Inter-house debates, quizzes, elocution and spelling bees in English and Hindi are held each term, and our teams take part in inter-school and CISCE regional competitions.',
    },
    {
      name: 'Social Service and Outreach',
      text: 'Students visit a home for the elderly, collect clothes and books for children in need, plant trees and run awareness drives on health, road safety and the environment.',
    },
  ],
};
