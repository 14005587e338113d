import { sql, type SQL } from 'drizzle-orm';

/**
 * A value split over a document's apportionment lines exactly, in SQL, as core's `apportion` does: each line takes
 * the floor of its share (basis points) of the value's magnitude, and the centavos left over go one each to the lines
 * with the largest remainders (ties to the earlier line), so that the parts add up to the value. A negative value
 * (a reversal) is split as its magnitude and negated, so that it cancels what it reverses line by line.
 *
 * `value` and `share` are columns of one row per (value, line); `valueKey` names the value (its lines are one
 * window), `lineKey` orders the lines. A value without lines (`share` null) stays whole.
 */
export function apportionedPart(value: SQL, share: SQL, valueKey: SQL, lineKey: SQL): SQL<number> {
  const magnitude = sql`abs(${value})::bigint`;
  const floor = sql`(${magnitude} * ${share} / 10000)`;
  const remainder = sql`(${magnitude} * ${share} % 10000)`;
  const leftOver = sql`(${magnitude} - sum(${floor}) over (partition by ${valueKey}))`;
  const rank = sql`row_number() over (partition by ${valueKey} order by ${remainder} desc, ${lineKey})`;
  return sql<number>`case when ${share} is null then ${value}::bigint
    else sign(${value})::bigint * (${floor} + case when ${rank} <= ${leftOver} then 1 else 0 end) end`;
}
