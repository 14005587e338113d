/**
 * Rate limits out of the way: a test or a benchmark sends in seconds what a team sends in a day, which the product's
 * limits rightly refuse. The limits' own test (`trpc/rate-limit.test.ts`) sets its own small ones.
 */
export const UNLIMITED_RATES = {
  RATE_LIMIT_USER: '1000000',
  RATE_LIMIT_ORGANIZATION: '1000000',
  RATE_LIMIT_UPLOADS: '1000000',
};
