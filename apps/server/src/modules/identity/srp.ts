import {
  createDiffieHellman,
  createHash,
  createHmac,
  getDiffieHellman,
  hkdfSync,
  randomBytes,
  timingSafeEqual,
} from 'node:crypto';

/**
 * The server half of Cognito's SRP-6a variant, as the Amplify client computes the other half: the RFC 5054 3072-bit
 * group (the same prime as RFC 3526 group 15), g = 2, hex "padding" that only keeps a value positive, and an
 * HKDF-derived key that signs the password claim. Big modular powers go through OpenSSL, not a JavaScript loop.
 */
const N_HEX = getDiffieHellman('modp15').getPrime('hex');
const N = BigInt(`0x${N_HEX}`);
const g = 2n;

/** Hex of a positive value, even length, with 00 in front when the first nibble would read as a sign bit. */
export function padHex(value: bigint): string {
  let hex = value.toString(16);
  if (hex.length % 2 !== 0) hex = `0${hex}`;
  return /^[89a-f]/i.test(hex) ? `00${hex}` : hex;
}

const hexBuffer = (hex: string) => Buffer.from(hex.length % 2 ? `0${hex}` : hex, 'hex');
const hashHex = (hex: string) => createHash('sha256').update(hexBuffer(hex)).digest('hex');
const hashText = (text: string) => createHash('sha256').update(text, 'utf8').digest('hex');
const toBig = (hex: string) => BigInt(`0x${hex}`);

function modPow(base: bigint, exponent: bigint): bigint {
  const dh = createDiffieHellman(hexBuffer(N_HEX), Buffer.from([2]));
  dh.setPrivateKey(hexBuffer(exponent.toString(16)));
  return toBig(dh.computeSecret(hexBuffer((base % N).toString(16))).toString('hex'));
}

const k = toBig(hashHex(padHex(N) + padHex(g)));

function passwordExponent(poolName: string, userIdForSrp: string, password: string, saltHex: string): bigint {
  return toBig(hashHex(padHex(toBig(saltHex)) + hashText(`${poolName}${userIdForSrp}:${password}`)));
}

function verifierFor(poolName: string, userIdForSrp: string, password: string, salt: string): string {
  return padHex(modPow(g, passwordExponent(poolName, userIdForSrp, password, salt)));
}

/** Salt and verifier to store for a password. */
export function createVerifier(
  poolName: string,
  userIdForSrp: string,
  password: string,
): { salt: string; verifier: string } {
  const salt = padHex(toBig(randomBytes(16).toString('hex')));
  return { salt, verifier: verifierFor(poolName, userIdForSrp, password, salt) };
}

/** Whether a password is the one behind a stored verifier (a password change sends the current one). */
export function passwordMatches(
  poolName: string,
  userIdForSrp: string,
  password: string,
  stored: { salt: string; verifier: string },
): boolean {
  const candidate = Buffer.from(verifierFor(poolName, userIdForSrp, password, stored.salt));
  const expected = Buffer.from(stored.verifier);
  return candidate.length === expected.length && timingSafeEqual(candidate, expected);
}

/** Whether a client's public value (A) can take part in an exchange: hex of a number that is not a multiple of N. */
export function isPublicValue(hex: string): boolean {
  return /^[0-9a-f]{1,1024}$/i.test(hex) && toBig(hex) % N !== 0n;
}

/** The server's ephemeral pair for one sign-in attempt. */
export function startChallenge(verifierHex: string): { b: string; B: string } {
  const v = toBig(verifierHex);
  let b: bigint;
  let B: bigint;
  do {
    b = toBig(randomBytes(32).toString('hex'));
    B = (k * v + modPow(g, b)) % N;
  } while (B === 0n);
  return { b: b.toString(16), B: B.toString(16) };
}

export interface ClaimInput {
  poolName: string;
  userIdForSrp: string;
  verifier: string;
  A: string;
  b: string;
  B: string;
  secretBlock: string;
  timestamp: string;
  signature: string;
}

/** Whether the client's password claim signature proves it knows the password behind the verifier. */
export function verifyPasswordClaim(input: ClaimInput): boolean {
  const A = toBig(input.A);
  if (A % N === 0n) return false;
  const B = toBig(input.B);
  const u = toBig(hashHex(padHex(A) + padHex(B)));
  if (u === 0n) return false;
  const S = modPow((A * modPow(toBig(input.verifier), u)) % N, toBig(input.b));
  const key = Buffer.from(hkdfSync('sha256', hexBuffer(padHex(S)), hexBuffer(padHex(u)), 'Caldera Derived Key', 16));
  const message = Buffer.concat([
    Buffer.from(input.poolName, 'utf8'),
    Buffer.from(input.userIdForSrp, 'utf8'),
    Buffer.from(input.secretBlock, 'base64'),
    Buffer.from(input.timestamp, 'utf8'),
  ]);
  const expected = createHmac('sha256', key).update(message).digest();
  const given = Buffer.from(input.signature, 'base64');
  return given.length === expected.length && timingSafeEqual(given, expected);
}
