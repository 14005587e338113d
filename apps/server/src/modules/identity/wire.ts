import { errors, IdentityError } from './errors';
import type { Body } from './request';

/**
 * The request shapes Cognito's API model enforces before an operation runs: which fields are strings, maps of
 * strings or attribute lists, and how long they may be. A request that breaks them is answered like Cognito does,
 * with InvalidParameterException, so that no operation (and no SQL) ever sees a number, an array, a NUL character
 * or half a surrogate pair where it reads text.
 */
const STRING_FIELDS = new Set([
  'AccessToken',
  'AttributeName',
  'AuthFlow',
  'ChallengeName',
  'ClientId',
  'Code',
  'ConfirmationCode',
  'DeviceKey',
  'DeviceName',
  'DeviceRememberedStatus',
  'FriendlyDeviceName',
  'Password',
  'PaginationToken',
  'PreviousPassword',
  'ProposedPassword',
  'RefreshToken',
  'SecretHash',
  'Session',
  'Token',
  'UserCode',
  'Username',
]);
const MAP_FIELDS = new Set(['AuthParameters', 'ChallengeResponses', 'ClientMetadata']);
const ATTRIBUTE_LIST_FIELDS = new Set(['UserAttributes']);

/** Cognito's length limits where they are narrower than the general one. */
const MAX_LENGTH: Record<string, number> = { Username: 128, 'UserAttributes.Name': 32, 'UserAttributes.Value': 2048 };
/** No value of any request needs more; a token is about a kilobyte. */
const MAX_STRING = 4096;
const MAX_DEPTH = 4;

/**
 * Control characters (NUL above all) are never text, and half of a surrogate pair cannot be stored as UTF-8; tabs and
 * line breaks pass.
 */
function isBrokenText(value: string): boolean {
  for (let i = 0; i < value.length; i++) {
    const c = value.charCodeAt(i);
    if (c < 0x20 && c !== 0x09 && c !== 0x0a && c !== 0x0d) return true;
    if (c >= 0xdc00 && c <= 0xdfff) return true;
    if (c >= 0xd800 && c <= 0xdbff) {
      const next = value.charCodeAt(i + 1);
      if (!(next >= 0xdc00 && next <= 0xdfff)) return true;
      i++;
    }
  }
  return false;
}

const violation = (path: string, constraint: string) =>
  errors.invalidParameter(
    `1 validation error detected: Value at '${path}' failed to satisfy constraint: ${constraint}`,
  );

function checkString(path: string, value: unknown, max = MAX_STRING): void {
  if (typeof value !== 'string') throw violation(path, 'Member must be a string');
  if (value.length > max) throw violation(path, `Member must have length less than or equal to ${max}`);
  if (isBrokenText(value)) throw violation(path, 'Member must not contain control characters or broken text');
}

/** Every string anywhere in the request, however deep: well-formed text of a sane length. */
function checkAllText(path: string, value: unknown, depth: number): void {
  if (typeof value === 'string') return checkString(path, value);
  if (value === null || typeof value !== 'object') return;
  if (depth > MAX_DEPTH) throw violation(path, 'Member must not be nested this deep');
  for (const [key, item] of Object.entries(value)) checkAllText(`${path}.${key}`, item, depth + 1);
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** A parsed request body, checked; a body that is not a JSON object is a serialization error, as in Cognito. */
export function checkRequest(parsed: unknown): Body {
  if (parsed === undefined || parsed === null) return {};
  if (!isRecord(parsed)) throw new IdentityError('SerializationException', 'Request body must be a JSON object');
  for (const [key, value] of Object.entries(parsed)) {
    if (value === null) continue;
    if (STRING_FIELDS.has(key)) checkString(key, value, MAX_LENGTH[key]);
    else if (MAP_FIELDS.has(key)) {
      if (!isRecord(value)) throw violation(key, 'Member must be a map of strings');
      for (const [name, item] of Object.entries(value)) checkString(`${key}.${name}`, item);
    } else if (ATTRIBUTE_LIST_FIELDS.has(key)) {
      if (!Array.isArray(value)) throw violation(key, 'Member must be a list of attributes');
      for (const attribute of value) {
        if (!isRecord(attribute)) throw violation(key, 'Member must be a list of attributes');
        checkString(`${key}.Name`, attribute.Name, MAX_LENGTH[`${key}.Name`]);
        if (attribute.Value !== undefined) checkString(`${key}.Value`, attribute.Value, MAX_LENGTH[`${key}.Value`]);
      }
    } else checkAllText(key, value, 1);
  }
  return parsed;
}
