/** Time as the server sees it; tests inject their own to prove expiry rules. */
export interface Clock {
  now(): Date;
}

export const systemClock: Clock = { now: () => new Date() };
