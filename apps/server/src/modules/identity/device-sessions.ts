import { randomBytes } from 'node:crypto';
import { and, eq, isNotNull, isNull, lt } from 'drizzle-orm';
import { v4 as uuidv4 } from 'uuid';
import { USER_POOL_ID } from '@financeiro/core';
import type { DbOrTx } from '../../db/client';
import { devices } from './schema';
import { now, nowMs } from '../../clock';

/*
 * The devices a sign-in finds or hands out, apart from the device operations (devices.ts) so that issuing tokens
 * needs none of the request handling.
 */

export type Device = typeof devices.$inferSelect;

/** A device handed out at sign-in that its client never confirmed is dropped after a day. */
const UNCONFIRMED_TTL_MS = 24 * 3600 * 1000;
const REGION = USER_POOL_ID.split('_')[0];

/** A confirmed device of this user, by the key the client sent; undefined for an unknown or foreign key. */
export async function confirmedDevice(
  db: DbOrTx,
  userId: string,
  key: string | undefined,
): Promise<Device | undefined> {
  if (!key) return undefined;
  const [device] = await db
    .select()
    .from(devices)
    .where(and(eq(devices.key, key), eq(devices.userId, userId), isNotNull(devices.srpVerifier)));
  return device;
}

export interface NewDeviceMetadata {
  DeviceKey: string;
  DeviceGroupKey: string;
}

/**
 * The device a new session belongs to: the one the client named when it is this user's, else a new one the client
 * is told about (NewDeviceMetadata) so it can confirm it.
 */
export async function deviceForSession(
  db: DbOrTx,
  userId: string,
  key: string | undefined,
): Promise<{ deviceKey: string; newDevice?: NewDeviceMetadata }> {
  const known = await confirmedDevice(db, userId, key);
  if (known) {
    await db.update(devices).set({ lastUsedAt: now() }).where(eq(devices.key, known.key));
    return { deviceKey: known.key };
  }
  await db
    .delete(devices)
    .where(
      and(
        eq(devices.userId, userId),
        isNull(devices.srpVerifier),
        lt(devices.createdAt, new Date(nowMs() - UNCONFIRMED_TTL_MS)),
      ),
    );
  const newDevice = { DeviceKey: `${REGION}_${uuidv4()}`, DeviceGroupKey: randomBytes(9).toString('base64url') };
  await db.insert(devices).values({
    key: newDevice.DeviceKey,
    userId,
    groupKey: newDevice.DeviceGroupKey,
    // Stamped by the server's clock, which an unconfirmed device's lifetime is measured by.
    createdAt: now(),
    lastUsedAt: now(),
  });
  return { deviceKey: newDevice.DeviceKey, newDevice };
}
