import { daysBetween } from '../dates';
import { WHOLE, type BasisPoints, type Centavos } from '../money';
import { divideHalfUp } from './rounding';

export interface LateChargesRequest {
  /** The open amount the charges apply to. */
  amount: Centavos;
  dueDate: string;
  paidDate: string;
  /** Interest per month (30 days), in basis points. */
  interestRate: BasisPoints;
  /** Fine for paying late at all, in basis points. */
  fineRate: BasisPoints;
}

export interface LateCharges {
  interest: Centavos;
  fine: Centavos;
  /** Days paid after the due date; 0 when on time. */
  days: number;
}

const MONTH_DAYS = 30n;

/**
 * Interest and fine for a late payment: interest pro rata die (the monthly rate over 30 days, times the days
 * late) and the fine once, each rounded half up to the centavo. Paying on or before the due date costs nothing.
 */
export function lateCharges(request: LateChargesRequest): LateCharges {
  const { amount, interestRate, fineRate } = request;
  if (!Number.isSafeInteger(amount) || amount < 0) {
    throw new RangeError(`amount must be a non-negative integer of centavos, got ${amount}`);
  }
  if ([interestRate, fineRate].some((rate) => !Number.isSafeInteger(rate) || rate < 0)) {
    throw new RangeError('rates must be non-negative integers of basis points');
  }
  const days = daysBetween(request.dueDate, request.paidDate);
  if (days <= 0) return { interest: 0, fine: 0, days: 0 };
  const interest = divideHalfUp(BigInt(amount) * BigInt(interestRate) * BigInt(days), MONTH_DAYS * BigInt(WHOLE));
  const fine = divideHalfUp(BigInt(amount) * BigInt(fineRate), BigInt(WHOLE));
  return { interest, fine, days };
}
