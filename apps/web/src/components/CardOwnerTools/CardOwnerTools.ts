/**
 * What a cardholder does with a card they proved, beyond its balance: its history and the block of
 * a lost card. The BALANCE amount screen and the VISA account load this module on demand, as one
 * chunk, so the first BALANCE screen's preload tables do not list its pieces (docs/decisions/003).
 */
export { CardHistory } from '../CardHistory/CardHistory';
export { BlockCard } from '../BlockCard/BlockCard';
export { BlockedResult } from '../BlockCard/BlockedResult';
