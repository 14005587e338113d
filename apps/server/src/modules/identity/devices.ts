import { randomBytes } from 'node:crypto';
import { and, desc, eq, isNotNull, isNull, lt } from 'drizzle-orm';
import { v4 as uuidv4 } from 'uuid';
import { USER_POOL_ID } from '@financeiro/core';
import type { DbOrTx } from '../../db/client';
import { errors } from './errors';
import { record, str, userFromAccessToken, type Operation } from './request';
import { devices, refreshTokens } from './schema';
import { now, nowMs } from '../../clock';

export type Device = typeof devices.$inferSelect;

/** ListDevices answers with at most this many. */
export const DEVICE_LIST_LIMIT = 60;
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

const base64ToHex = (value: string | undefined) => Buffer.from(value ?? '', 'base64').toString('hex');

/** ConfirmDevice: the client proves it holds the device's secret by sending an SRP verifier of it. */
const confirmDevice: Operation = async (ctx, body) => {
  const user = await userFromAccessToken(ctx, body);
  const key = str(body, 'DeviceKey');
  const config = record(body, 'DeviceSecretVerifierConfig');
  const salt = base64ToHex(config.Salt);
  const verifier = base64ToHex(config.PasswordVerifier);
  if (!salt || !verifier) throw errors.invalidParameter('DeviceSecretVerifierConfig is required');
  const name = typeof body.DeviceName === 'string' && body.DeviceName.trim() ? body.DeviceName.trim() : null;
  const [updated] = await ctx.db
    .update(devices)
    .set({ srpSalt: salt, srpVerifier: verifier, name: name?.slice(0, 200) ?? null, updatedAt: now() })
    .where(and(eq(devices.key, key), eq(devices.userId, user.id), isNull(devices.srpVerifier)))
    .returning({ key: devices.key });
  if (!updated) throw errors.resourceNotFound('Device does not exist.');
  // Remembering is the user's choice (the web asks for it by default), made with UpdateDeviceStatus.
  return { UserConfirmationNecessary: true };
};

const updateDeviceStatus: Operation = async (ctx, body) => {
  const user = await userFromAccessToken(ctx, body);
  const status = str(body, 'DeviceRememberedStatus');
  if (status !== 'remembered' && status !== 'not_remembered') {
    throw errors.invalidParameter('DeviceRememberedStatus must be remembered or not_remembered');
  }
  const [updated] = await ctx.db
    .update(devices)
    .set({ remembered: status === 'remembered', updatedAt: now() })
    .where(and(eq(devices.key, str(body, 'DeviceKey')), eq(devices.userId, user.id), isNotNull(devices.srpVerifier)))
    .returning({ key: devices.key });
  if (!updated) throw errors.resourceNotFound('Device does not exist.');
  return {};
};

const epochSeconds = (date: Date | null) => (date ? Math.floor(date.getTime() / 1000) : undefined);

const listDevices: Operation = async (ctx, body) => {
  const user = await userFromAccessToken(ctx, body);
  const limit = Math.min(Math.max(Number(body.Limit) || DEVICE_LIST_LIMIT, 1), DEVICE_LIST_LIMIT);
  const rows = await ctx.db
    .select()
    .from(devices)
    .where(and(eq(devices.userId, user.id), isNotNull(devices.srpVerifier)))
    .orderBy(desc(devices.lastUsedAt))
    .limit(limit);
  return {
    Devices: rows.map((d) => ({
      DeviceKey: d.key,
      DeviceAttributes: [
        ...(d.name ? [{ Name: 'device_name', Value: d.name }] : []),
        { Name: 'device_status', Value: 'valid' },
        { Name: 'dev:device_remembered_status', Value: d.remembered ? 'remembered' : 'not_remembered' },
      ],
      DeviceCreateDate: epochSeconds(d.createdAt),
      DeviceLastModifiedDate: epochSeconds(d.updatedAt),
      DeviceLastAuthenticatedDate: epochSeconds(d.lastUsedAt),
    })),
  };
};

/** ForgetDevice: the device no longer skips the second factor, and the sessions opened on it end. */
const forgetDevice: Operation = async (ctx, body) => {
  const user = await userFromAccessToken(ctx, body);
  const key = str(body, 'DeviceKey');
  await ctx.db.transaction(async (tx) => {
    const [gone] = await tx
      .delete(devices)
      .where(and(eq(devices.key, key), eq(devices.userId, user.id)))
      .returning({ key: devices.key });
    if (!gone) throw errors.resourceNotFound('Device does not exist.');
    await tx
      .update(refreshTokens)
      .set({ revokedAt: now() })
      .where(and(eq(refreshTokens.deviceKey, key), eq(refreshTokens.userId, user.id), isNull(refreshTokens.revokedAt)));
  });
  return {};
};

export const deviceOperations: Record<string, Operation> = {
  ConfirmDevice: confirmDevice,
  UpdateDeviceStatus: updateDeviceStatus,
  ListDevices: listDevices,
  ForgetDevice: forgetDevice,
};
