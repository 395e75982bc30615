/** Crash's autobet plays one round at a time: the round games' shared loop (rounds/round-autobet.ts). */
export * from '../../rounds/round-autobet';
