// The cards the rehearsal imports with `tessera cards import`, as an operator loads a brand's
// cards into production: four for the browser walk, one the back office blocks, one it adjusts, and the burst's cards. Numbers and codes are
// fixed so the walk, the burst and the checks know them; the database holds only their blind
// indexes, hashes and ciphertexts.

export const REHEARSAL_CARDS = {
  balance: { number: '6064 9000 0000 0001 001', secret: '715203', balance: 2500 },
  replace: { number: '6064 9000 0000 0001 002', secret: '640093', balance: 1800 },
  payout: { number: '6064 9000 0000 0001 003', secret: '219937', balance: 4250 },
  /** Only the back office's test touches it (it stays blocked): the walk's cards stay as the walk expects them. */
  block: { number: '6064 9000 0000 0001 004', secret: '508814', balance: 3300 },
  /** Only the back office's adjustment test touches it: proposed through one replica, approved through the other. */
  adjust: { number: '6064 9000 0000 0001 005', secret: '384027', balance: 2650 },
  visa: { number: '4000 9000 0000 0000 001', phone: '+31612349001', pin: '1357', passcode: 'Hb4k9s', balance: 5000 },
} as const;

export interface BurstCard {
  number: string;
  secret: string;
  balance: number;
}

/** The burst's cards: `count` gift cards to pay out, `count` to replace (each with its own balance), `count` Visa cards to ask a code for. */
export function burstCards(count: number): {
  payouts: BurstCard[];
  replacements: Array<BurstCard & { email: string }>;
  visas: Array<{ number: string; phone: string }>;
} {
  const card = (group: number, i: number): BurstCard => ({
    number: `60649000${group}${String(i).padStart(10, '0')}`,
    secret: String(300_000 + group * 10_000 + i * 7),
    // Unique over both groups: the checks find a card by the amount it was loaded with.
    balance: 1000 + group * 5 + i * 25,
  });
  return {
    payouts: Array.from({ length: count }, (_, i) => card(1, i)),
    replacements: Array.from({ length: count }, (_, i) => ({ ...card(2, i), email: `burst-${i}@example.nl` })),
    visas: Array.from({ length: count }, (_, i) => ({ number: `40009000${3}${String(i).padStart(10, '0')}`, phone: `+316123${String(50_000 + i)}` })),
  };
}

/** The import file: `tessera cards import` columns (docs/operations.md#card-import). */
export function cardsCsv(burst: ReturnType<typeof burstCards>): string {
  const { balance, replace, payout, block, adjust, visa } = REHEARSAL_CARDS;
  const lines = [
    'brand,kind,card_number,security_code,balance,expires_at,holder_name,phone,pin,birth_date,country_of_birth,nationality',
    ...[balance, replace, payout, block, adjust].map((c) => `DEMO,giftcard,${c.number},${c.secret},${c.balance},2099-12-31,,,,,,`),
    `DEMO,visa,${visa.number},,${visa.balance},2099-12-31,R. Hearsal,${visa.phone},${visa.pin},1980-02-03,NL,NL`,
    ...[...burst.payouts, ...burst.replacements].map((c) => `DEMO,giftcard,${c.number},${c.secret},${c.balance},2099-12-31,,,,,,`),
    // Visa cards without a load: the money checks find cards by their load.
    ...burst.visas.map((c) => `DEMO,visa,${c.number},,0,2099-12-31,R. Burst,${c.phone},4321,1980-02-03,NL,NL`),
  ];
  return `${lines.join('\n')}\n`;
}
