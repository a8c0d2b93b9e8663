import type { Random } from './random.ts';

// Name parts for fictional students: random first-name and surname pairs, not real people.
const FIRST_NAMES = [
  'Aarav',
  'Ananya',
  'Vivaan',
  'Diya',
  'Ishaan',
  'Saanvi',
  'Kabir',
  'Meera',
  'Arjun',
  'Riya',
  'Aditi',
  'Rohan',
  'Tanvi',
  'Aryan',
  'Kavya',
  'Ayaan',
  'Zoya',
  'Simran',
  'Joel',
  'Sarah',
  'Pranav',
  'Nikita',
  'Aisha',
  'Dev',
  'Ira',
  'Reyansh',
  'Myra',
  'Kiara',
  'Yash',
  'Anika',
  'Neil',
  'Tara',
  'Samuel',
  'Esha',
];
const SURNAMES = [
  'Sharma',
  'Verma',
  'Gupta',
  'Singh',
  'Khan',
  "D'Souza",
  'Thomas',
  'Joseph',
  'Mishra',
  'Agarwal',
  'Rastogi',
  'Tyagi',
  'Chauhan',
  'Saxena',
  'Jain',
  'Kapoor',
  'Bansal',
  'Ansari',
  'Masih',
  'George',
  'Pandey',
  'Srivastava',
  'Rawat',
  'Malik',
];
const SECTIONS = ['A', 'B', 'C'];
export const CLASS_NAMES = ['I', 'II', 'III', 'IV', 'V', 'VI', 'VII', 'VIII', 'IX', 'X', 'XI', 'XII'];

export function studentName(random: Random): string {
  return `${random.pick(FIRST_NAMES)} ${random.pick(SURNAMES)}`;
}

/** A class with section, like "VII-B". */
export function classSection(random: Random): string {
  return `${random.pick(CLASS_NAMES)}-${random.pick(SECTIONS)}`;
}

/** Distinct names, so no two records of one list share a student. */
export function distinctNames(random: Random, count: number, taken = new Set<string>()): string[] {
  const names: string[] = [];
  while (names.length < count) {
    const name = studentName(random);
    if (!taken.has(name)) {
      taken.add(name);
      names.push(name);
    }
  }
  return names;
}
