import { and, eq, ne, or, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { enqueueEmail, enqueueSms } from '../outbox';
import { assertResendAllowed, consumeCode, issueCode } from './codes';
import { assertContactFormats } from './contact-formats';
import { errors } from './errors';
import { codeEmail, maskEmail, maskPhone } from './messages';
import { str, userFromAccessToken, type Body, type Operation } from './request';
import { users } from './schema';
import type { User } from './users';
import { now } from '../../clock';

const CODE_TTL_MS = 24 * 3600 * 1000;
const EDITABLE = new Set(['name', 'email', 'phone_number', 'picture', 'locale']);

type Verifiable = 'email' | 'phone_number';

/** Sends a code that proves the user holds the e-mail or phone now on the account. */
async function sendVerification(db: DbOrTx, user: User, attribute: Verifiable) {
  if (attribute === 'email') {
    if (!user.email) throw errors.invalidParameter('User has no email');
    const code = await issueCode(db, user.id, 'verify_email', CODE_TTL_MS);
    await enqueueEmail(db, { to: user.email, ...codeEmail('verify_email', user.name, code) });
    return { Destination: maskEmail(user.email), DeliveryMedium: 'EMAIL', AttributeName: 'email' };
  }
  if (!user.phoneNumber) throw errors.invalidParameter('User has no phone_number');
  const code = await issueCode(db, user.id, 'verify_phone', CODE_TTL_MS);
  await enqueueSms(db, user.phoneNumber, `Financeiro: seu código de verificação é ${code}`);
  return { Destination: maskPhone(user.phoneNumber), DeliveryMedium: 'SMS', AttributeName: 'phone_number' };
}

/** The Name/Value pairs of a request's UserAttributes, as a record. */
export function attributeList(body: Body): Record<string, string> {
  const list = Array.isArray(body.UserAttributes) ? body.UserAttributes : [];
  return Object.fromEntries(
    list
      .filter((a): a is { Name: string; Value: string } => typeof a?.Name === 'string' && typeof a?.Value === 'string')
      .map((a) => [a.Name, a.Value]),
  );
}

/**
 * UpdateUserAttributes. A new e-mail or phone is stored unverified and a code goes to it (it stays unverified
 * until the code is confirmed); SMS sign-in stops until a new phone is verified. So the phone of an account
 * whose only second factor is SMS cannot change: the account would be left without a factor it can pass (one that
 * requires a factor would fall back to setting one up with the password alone; one that chose SMS would silently
 * lose it). The user turns on the authenticator app first, or turns SMS off knowingly.
 */
const updateUserAttributes: Operation = async (ctx, body) => {
  const user = await userFromAccessToken(ctx, body);
  const changes = attributeList(body);
  for (const name of Object.keys(changes)) {
    if (!EDITABLE.has(name)) throw errors.invalidParameter(`Attribute ${name} cannot be changed`);
  }
  const email = changes.email?.trim().toLowerCase();
  const phone = changes.phone_number?.trim();
  assertContactFormats({ email, phone });
  const emailChanged = email !== undefined && email !== user.email;
  const phoneChanged = phone !== undefined && phone !== user.phoneNumber;
  if (phoneChanged && user.smsMfaEnabled && !user.totpEnabled) {
    throw errors.invalidParameter('SMS is the only second factor: turn on another before changing phone_number');
  }
  if (emailChanged) {
    // An account whose username is an e-mail address keeps that address: the username names the mailbox.
    if (user.username.includes('@')) throw errors.usernameIsEmail();
    // Another account's e-mail, or its username, signs that account in: neither can become this one's e-mail.
    const [taken] = await ctx.db
      .select({ id: users.id })
      .from(users)
      .where(
        and(or(sql`lower(${users.email}) = ${email}`, sql`lower(${users.username}) = ${email}`), ne(users.id, user.id)),
      );
    if (taken) throw errors.emailExists();
  }
  return ctx.db.transaction(async (tx) => {
    const [updated] = await tx
      .update(users)
      .set({
        ...(changes.name !== undefined ? { name: changes.name.trim() || null } : {}),
        ...(changes.picture !== undefined ? { picture: changes.picture || null } : {}),
        ...(changes.locale !== undefined ? { locale: changes.locale || 'pt-BR' } : {}),
        ...(emailChanged ? { email, emailVerified: false } : {}),
        ...(phoneChanged
          ? {
              phoneNumber: phone,
              phoneNumberVerified: false,
              smsMfaEnabled: false,
              preferredMfa:
                user.preferredMfa === 'SMS_MFA' ? (user.totpEnabled ? 'SOFTWARE_TOKEN_MFA' : null) : user.preferredMfa,
            }
          : {}),
        updatedAt: now(),
      })
      .where(eq(users.id, user.id))
      .returning();
    if (!updated) throw errors.userNotFound();
    const deliveries = [];
    if (emailChanged) deliveries.push(await sendVerification(tx, updated, 'email'));
    if (phoneChanged) deliveries.push(await sendVerification(tx, updated, 'phone_number'));
    return { CodeDeliveryDetailsList: deliveries };
  });
};

function verifiable(body: Body): Verifiable {
  const name = str(body, 'AttributeName');
  if (name !== 'email' && name !== 'phone_number')
    throw errors.invalidParameter(`Attribute ${name} cannot be verified`);
  return name;
}

const getUserAttributeVerificationCode: Operation = async (ctx, body) => {
  const user = await userFromAccessToken(ctx, body);
  const attribute = verifiable(body);
  await assertResendAllowed(ctx.db, user.id, attribute === 'email' ? 'verify_email' : 'verify_phone');
  const delivery = await ctx.db.transaction((tx) => sendVerification(tx, user, attribute));
  return { CodeDeliveryDetails: delivery };
};

const verifyUserAttribute: Operation = async (ctx, body) => {
  const user = await userFromAccessToken(ctx, body);
  const attribute = verifiable(body);
  await consumeCode(ctx.db, user.id, attribute === 'email' ? 'verify_email' : 'verify_phone', str(body, 'Code'));
  await ctx.db
    .update(users)
    .set(attribute === 'email' ? { emailVerified: true } : { phoneNumberVerified: true })
    .where(eq(users.id, user.id));
  return {};
};

export const attributeOperations: Record<string, Operation> = {
  UpdateUserAttributes: updateUserAttributes,
  GetUserAttributeVerificationCode: getUserAttributeVerificationCode,
  VerifyUserAttribute: verifyUserAttribute,
};
