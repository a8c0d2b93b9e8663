import type { PageText } from './common.ts';

export interface PrincipalMessageText extends PageText {
  /** Shown when the message cannot be loaded or there is none (SPEC §8: the message shows nothing). */
  unavailableHeading: string;
  unavailable: string;
}

export const principalMessage: PrincipalMessageText = {
  description: "A message from the Principal of St. Thomas Higher Secondary School to students, parents and well-wishers.",
  unavailableHeading: 'The message is not available right now',
  unavailable: "We could not load the Principal's message just now. Please try again in a little while.",
};
