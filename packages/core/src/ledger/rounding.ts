/**
 * numerator / denominator rounded half up to an integer, for non-negative operands. BigInt keeps products such as
 * amount × rate × days exact far beyond 2^53.
 */
export function divideHalfUp(numerator: bigint, denominator: bigint): number {
  if (numerator < 0n || denominator <= 0n) throw new RangeError('divideHalfUp takes a non-negative ratio');
  return Number((2n * numerator + denominator) / (2n * denominator));
}
