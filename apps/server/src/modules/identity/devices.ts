import { and, desc, eq, isNotNull, isNull } from 'drizzle-orm';
import { errors } from './errors';
import { record, str, userFromAccessToken, type Operation } from './request';
import { devices, refreshTokens } from './schema';
import { now } from '../../clock';

/** ListDevices answers with at most this many. */
export const DEVICE_LIST_LIMIT = 60;
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
