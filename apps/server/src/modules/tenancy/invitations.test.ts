import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { v7 as uuidv7 } from 'uuid';
import { USER_POOL_CLIENT_ID } from '@financeiro/core';
import type { TestApp } from '../../test/app';
import type { callersFor } from '../../test/callers';
import { messageOf } from '../../test/callers';
import { startDemoApp } from '../../test/demo';
import { createConfirmedUser } from '../identity';
import { users } from '../identity/schema';
import { outbox } from '../outbox/schema';
import { memberships, profiles } from './schema';

const TAKEN =
  'Já existe uma conta com este endereço, mas ela não o confirmou como e-mail: o convite não foi ligado a ela. ' +
  'Se a conta for da pessoa convidada, peça que ela confirme o e-mail em Minha conta e convide de novo.';

/** Invitations reach only the person who holds the invited address (issue 11, item 1). */
describe('invitations', () => {
  let t: TestApp;
  let as: ReturnType<typeof callersFor>;
  let org: { organizationId: string };

  const identity = async (operation: string, body: Record<string, unknown>) => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/identity',
      headers: {
        'content-type': 'application/x-amz-json-1.1',
        'x-amz-target': `AWSCognitoIdentityProviderService.${operation}`,
      },
      payload: JSON.stringify(body),
    });
    expect(response.statusCode, response.body).toBe(200);
  };
  const administrador = async () => {
    const [row] = await t.database.db
      .select({ id: profiles.id })
      .from(profiles)
      .where(and(eq(profiles.organizationId, org.organizationId), eq(profiles.name, 'Administrador')));
    return row?.id ?? '';
  };
  /** The organizations an account is a member of. */
  const membershipsOf = async (username: string) =>
    (
      await t.database.db
        .select({ organizationId: memberships.organizationId })
        .from(memberships)
        .innerJoin(users, eq(users.id, memberships.userId))
        .where(eq(users.username, username))
    ).map((m) => m.organizationId);
  const mailsTo = async (...addresses: string[]) =>
    (await t.database.db.select().from(outbox).where(inArray(outbox.recipient, addresses))).map((m) => m.recipient);
  const accountsWith = async (address: string) =>
    t.database.db
      .select({ username: users.username })
      .from(users)
      .where(sql`lower(${users.username}) = ${address} or lower(${users.email}) = ${address}`);

  beforeAll(async () => {
    ({ t, as, org } = await startDemoApp());
  });
  afterAll(() => t?.close());

  it('gives nothing to a stranger whose username is the invited address', async () => {
    // Signed up with the address as username (and as an e-mail it never confirmed).
    await identity('SignUp', {
      ClientId: USER_POOL_CLIENT_ID,
      Username: 'newhire@company.test',
      Password: 'Senha#Forte1',
      UserAttributes: [{ Name: 'email', Value: 'newhire@company.test' }],
    });
    // An account from before sign-up refused such usernames, with a verified e-mail of its own: written as it was
    // stored then, since no way of creating accounts accepts it now.
    await t.database.db.insert(users).values({
      id: uuidv7(),
      username: 'chefe@company.test',
      srpSalt: '00',
      srpVerifier: '00',
      status: 'CONFIRMED',
      name: 'Estranho',
      email: 'estranho@elsewhere.test',
      emailVerified: true,
    });
    const sentBefore = await mailsTo('newhire@company.test', 'chefe@company.test', 'estranho@elsewhere.test');
    const admin = await as('admin', org);
    for (const email of ['newhire@company.test', 'Chefe@Company.test']) {
      expect(
        await messageOf(admin.tenants.members.invite({ email, name: 'Nova Chefe', profileId: await administrador() })),
      ).toBe(TAKEN);
    }
    expect(await membershipsOf('newhire@company.test')).toEqual([]);
    expect(await membershipsOf('chefe@company.test')).toEqual([]);
    expect(await mailsTo('newhire@company.test', 'chefe@company.test', 'estranho@elsewhere.test')).toEqual(sentBefore);
  });

  it('gives nothing to a stranger who set the invited address as an unverified e-mail', async () => {
    await identity('SignUp', {
      ClientId: USER_POOL_CLIENT_ID,
      Username: 'intruso',
      Password: 'Senha#Forte1',
      UserAttributes: [{ Name: 'email', Value: 'intruso@elsewhere.test' }],
    });
    await identity('UpdateUserAttributes', {
      AccessToken: await t.tokenFor('intruso'),
      UserAttributes: [{ Name: 'email', Value: 'contadora@company.test' }],
    });
    const sentBefore = await mailsTo('contadora@company.test', 'intruso@elsewhere.test');
    const admin = await as('admin', org);
    expect(
      await messageOf(
        admin.tenants.members.invite({
          email: 'contadora@company.test',
          name: 'Contadora',
          profileId: await administrador(),
        }),
      ),
    ).toBe(TAKEN);
    expect(await membershipsOf('intruso')).toEqual([]);
    expect(await mailsTo('contadora@company.test', 'intruso@elsewhere.test')).toEqual(sentBefore);
  });

  it('adds the account whose verified e-mail is the invited address, whatever its case, and writes to it', async () => {
    await createConfirmedUser(t.database.db, {
      username: 'diretora',
      password: 'Senha#Forte1',
      name: 'Diretora',
      email: 'Diretora@Company.test',
    });
    const admin = await as('admin', org);
    const result = await admin.tenants.members.invite({
      email: 'DIRETORA@company.test',
      name: 'Diretora',
      profileId: await administrador(),
    });
    expect(result.newAccount).toBe(false);
    expect(await membershipsOf('diretora')).toEqual([org.organizationId]);
    expect(await accountsWith('diretora@company.test')).toEqual([{ username: 'diretora' }]);
    const [mail] = await t.database.db.select().from(outbox).where(eq(outbox.recipient, 'diretora@company.test'));
    expect(mail?.subject).toBe('Você agora faz parte de Demo no Financeiro');
  });

  it('creates the invited account for an address nobody holds, and sends the temporary password there', async () => {
    const admin = await as('admin', org);
    const result = await admin.tenants.members.invite({
      email: 'gerente@company.test',
      name: 'Gerente',
      profileId: await administrador(),
    });
    expect(result.newAccount).toBe(true);
    expect(await membershipsOf('gerente@company.test')).toEqual([org.organizationId]);
    const [mail] = await t.database.db.select().from(outbox).where(eq(outbox.recipient, 'gerente@company.test'));
    expect(mail?.body).toMatch(/Usuário: gerente@company.test\nSenha temporária: \S{12}\n/);
  });
});
