import { z } from 'zod';
import {
  isPermissionName,
  isRestricted,
  PERMISSIONS,
  permissionsForLevel,
  type PermissionLevel,
} from '../authz/permissions';
import type { PermissionGrant, ProfilePermissions } from '../authz/types';
import { cnpjSchema } from '../brazil';
import { optional, YEARS, YEARS_MESSAGE } from '../registries/fields';

/** Input rules of the administration screens, shared by the forms and the procedures. */

const name = (what: string) =>
  z
    .string()
    .trim()
    .min(2, `Informe o nome ${what} (ao menos 2 caracteres).`)
    .max(120, `O nome ${what} pode ter até 120 caracteres.`);

export const slugSchema = z
  .string()
  .trim()
  .min(2, 'O identificador precisa de ao menos 2 caracteres.')
  .max(60, 'O identificador pode ter até 60 caracteres.')
  .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, 'Use só letras minúsculas sem acento, números e hífens (ex.: filial-campinas).');

/** A slug suggested from a name: "Filial São José" becomes "filial-sao-jose". */
export function slugify(text: string): string {
  return text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 60);
}

export const statusSchema = z.enum(['active', 'inactive']);
const id = z.uuid('Identificador inválido.');

export const organizationInput = z.object({ name: name('da organização'), slug: slugSchema });
export const createOrganizationInput = organizationInput.extend({ firstUnitName: name('da primeira unidade') });
/** The organization's CNPJ, stored as its 14 digits: blank clears it, left out keeps it. */
const organizationCnpj = optional(
  cnpjSchema.refine((cnpj) => /^\d{14}$/.test(cnpj), 'Informe o CNPJ numérico da organização.'),
).optional();
export const updateOrganizationInput = organizationInput.extend({ id, status: statusSchema, cnpj: organizationCnpj });

export const unitInput = z.object({ name: name('da unidade'), slug: slugSchema });
export const updateUnitInput = unitInput.extend({ id });
export const departmentInput = z.object({ name: name('do departamento'), slug: slugSchema });
export const updateDepartmentInput = departmentInput.extend({ id });
export const setStatusInput = z.object({ id, status: statusSchema });

const GRANT_KEY = /^unit:([0-9a-f-]{36})(?:\.department:([0-9a-f-]{36}))?$/;

/** The level a profile key grants at, and the unit and department it names. */
export function parseGrantKey(key: string): { level: PermissionLevel; unitId?: string; departmentId?: string } | null {
  if (key === 'organization') return { level: 'organization' };
  const match = GRANT_KEY.exec(key);
  if (!match?.[1]) return null;
  return match[2]
    ? { level: 'department', unitId: match[1], departmentId: match[2] }
    : { level: 'unit', unitId: match[1] };
}

const grantSchema = z.union([z.literal('*'), z.array(z.string()).max(200)]);

export const profilePermissionsSchema = z
  .record(z.string(), grantSchema)
  .superRefine((value, ctx) => {
    for (const [key, grant] of Object.entries(value)) {
      const parsed = parseGrantKey(key);
      if (!parsed) {
        ctx.addIssue({ code: 'custom', message: 'Nível de permissão inválido.', path: [key] });
        continue;
      }
      if (grant === '*') continue;
      const allowed = new Set<string>(permissionsForLevel(parsed.level));
      for (const permission of grant) {
        if (!isPermissionName(permission) || !allowed.has(permission)) {
          ctx.addIssue({ code: 'custom', message: `Permissão inválida neste nível: ${permission}.`, path: [key] });
        }
      }
    }
  })
  .transform((value) => value as ProfilePermissions);

export const profileInput = z.object({
  name: name('do perfil'),
  description: z.string().trim().max(500, 'A descrição pode ter até 500 caracteres.').nullable(),
  permissions: profilePermissionsSchema,
});
export const updateProfileInput = profileInput.extend({ id });

const restrictedIn = (grant: PermissionGrant | undefined): Set<string> =>
  new Set(
    grant === '*'
      ? Object.keys(PERMISSIONS).filter(isRestricted)
      : (grant ?? []).filter((permission) => isRestricted(permission)),
  );

/** Restricted permissions a change of profile grants or takes away (they all live at the organization level). */
export function restrictedChanges(before: ProfilePermissions, after: ProfilePermissions): string[] {
  const was = restrictedIn(before.organization);
  const is = restrictedIn(after.organization);
  return [...new Set([...was, ...is])].filter((p) => was.has(p) !== is.has(p)).sort();
}

/** Whether a profile holds any restricted permission (assigning it hands those on). */
export function holdsRestricted(permissions: ProfilePermissions): boolean {
  return restrictedIn(permissions.organization).size > 0;
}

export const pageInput = z.object({
  page: z.number().int().min(1).default(1),
  pageSize: z.number().int().min(1).max(100).default(20),
});

export const listMembershipsInput = pageInput.extend({
  search: z.string().trim().max(120).default(''),
  profileId: id.optional(),
  status: statusSchema.optional(),
});

export const inviteInput = z.object({
  email: z.email('Informe um e-mail válido.').trim().toLowerCase(),
  name: name('da pessoa'),
  profileId: id,
});
export const changeProfileInput = z.object({ id, profileId: id });
/** The user pool's password policy, in the words the sign-up page uses. */
export const passwordSchema = z
  .string()
  .max(256, 'A senha pode ter até 256 caracteres.')
  .min(8, 'A senha precisa de ao menos 8 caracteres.')
  .regex(/[A-Z]/, 'A senha precisa de uma letra maiúscula.')
  .regex(/[a-z]/, 'A senha precisa de uma letra minúscula.')
  .regex(/\d/, 'A senha precisa de um número.')
  .regex(/[^A-Za-z0-9]/, 'A senha precisa de um símbolo (ex.: # ou @).');

export const setUserPasswordInput = z.object({ membershipId: id, password: passwordSchema });
export const setMfaRequiredInput = z.object({ membershipId: id, required: z.boolean() });

/** An instant as ISO 8601 (what the web's date filters send), in the years a date may fall in. */
const instant = z.iso
  .datetime('Data inválida.')
  .refine((v) => Number(v.slice(0, 4)) >= YEARS.min && Number(v.slice(0, 4)) <= YEARS.max, YEARS_MESSAGE);

export const lastAccessInput = z.object({
  search: z.string().trim().max(120).default(''),
  /** Only members whose last access is before this instant (inactive people) or never. */
  inactiveSince: instant.optional(),
  never: z.boolean().default(false),
});

export const eventFilterInput = z.object({
  from: instant.optional(),
  to: instant.optional(),
  actorUserId: id.optional(),
  action: z.string().max(80).optional(),
  entity: z.string().max(80).optional(),
  /** Routine events (entering the organization, remembering a device) are left out unless asked for. */
  routine: z.boolean().optional(),
});
export const listEventsInput = pageInput.extend(eventFilterInput.shape);
const DASHBOARD_MAX_DAYS = 366;
export const eventsDashboardInput = z
  .object({ from: instant, to: instant })
  .refine((p) => p.from <= p.to, 'O início do período precisa ser antes do fim.')
  .refine(
    (p) => Date.parse(p.to) - Date.parse(p.from) <= DASHBOARD_MAX_DAYS * 86_400_000,
    `Escolha um período de até ${DASHBOARD_MAX_DAYS} dias.`,
  );

export type ProfileInput = z.infer<typeof profileInput>;
