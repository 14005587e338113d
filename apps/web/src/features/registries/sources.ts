import type { QueryClient } from '@tanstack/react-query';
import { registriesClient, tenantsClient } from '../../api/trpc';
import { useSessionStore } from '../../stores/session';
import { currentSelection } from '../../stores/tenant';
import type { Option, OptionSource } from './fields';

interface OptionsClient {
  options: {
    query(input: { search: string; ids: string[] }): Promise<{ id: string; label: string; status: string }[]>;
  };
}

/** The choices a registry offers: its active records matching the search, and the chosen ones (marked inactive). */
export function registrySource(name: string, client: OptionsClient): OptionSource {
  return {
    name,
    load: async (search, ids) =>
      (await client.options.query({ search, ids })).map((o) => ({
        value: o.id,
        label: o.status === 'inactive' ? `${o.label} (inativo)` : o.label,
      })),
  };
}

/**
 * After a registry changed: its own lists, and every select's choices, so that a bank just created is offered by the
 * account form opened next (the choices are cached by `options` queries).
 */
export const refreshAfterChange = (queryClient: QueryClient, name: string) =>
  Promise.all([
    queryClient.invalidateQueries({ queryKey: ['registry', name] }),
    queryClient.invalidateQueries({ queryKey: ['options'] }),
  ]);

const matches = (search: string) => (option: Option) =>
  option.label.toLocaleLowerCase('pt-BR').includes(search.toLocaleLowerCase('pt-BR'));

/** The selected organization's units and departments, as the session knows them. */
function organizationTree() {
  const organizationId = currentSelection().organizationId;
  return useSessionStore.getState().tenants.find((m) => m.organization.id === organizationId)?.organization;
}

/** Every unit of the selected organization: where a new account may be used unless narrowed. */
export const organizationUnitIds = () => (organizationTree()?.units ?? []).map((u) => u.id);

export const unitsSource: OptionSource = {
  name: 'units',
  load: (search) =>
    Promise.resolve(
      (organizationTree()?.units ?? []).map((u) => ({ value: u.id, label: u.name })).filter(matches(search)),
    ),
};

export const departmentsSource: OptionSource = {
  name: 'departments',
  load: (search) =>
    Promise.resolve(
      (organizationTree()?.units ?? [])
        .flatMap((u) => u.departments.map((d) => ({ value: d.id, label: `${u.name} · ${d.name}` })))
        .filter(matches(search)),
    ),
};

/** Members of the organization, by name: the people who may approve. */
export const membersSource: OptionSource = {
  name: 'members',
  load: async (search) => {
    const { rows } = await tenantsClient.members.list.query({ search, pageSize: 50, status: 'active' });
    const seen = new Set<string>();
    return rows
      .filter((m) => !seen.has(m.userId) && seen.add(m.userId))
      .map((m) => ({ value: m.userId, label: m.name ?? m.username }));
  },
};

/** Every party, whatever its role (a contract may be with a supplier, a customer or a partner). */
export const partiesSource: OptionSource = {
  name: 'parties',
  load: async (search, ids) => {
    const lists = await Promise.all(
      [registriesClient.suppliers, registriesClient.customers, registriesClient.partners].map((client) =>
        registrySource('parties', client).load(search, ids),
      ),
    );
    const byId = new Map(lists.flat().map((o) => [o.value, o]));
    return [...byId.values()].sort((a, b) => a.label.localeCompare(b.label, 'pt-BR'));
  },
};
