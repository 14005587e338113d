import { queryClient, trpc, type QueryOptionsOf } from '../../api/trpc';
import { useSessionStore } from '../../stores/session';
import { currentSelection } from '../../stores/tenant';
import type { ChoicesQuery, Option, OptionSource } from './fields';

/** A record as a registry's select offers it; some registries add what a form fills in from it. */
interface RegistryOption {
  id: string;
  label: string;
  status: string;
}

/**
 * A registry's `options` procedure (`trpc.registries.<name>.options`): its active records matching a search, and the
 * chosen ones whatever their status.
 */
export interface OptionsProcedure<R extends RegistryOption = RegistryOption> {
  queryOptions(input: { search: string; ids: string[] }): QueryOptionsOf<R[]>;
}

/**
 * One record as its registry's select offers it, with what the option carries besides the label (a product's price, a
 * party's default apportionment); null if gone. Read once a minute at most: the selects' choices share the cache.
 */
export async function registryOption<R extends RegistryOption>(
  procedure: OptionsProcedure<R>,
  id: string,
): Promise<R | null> {
  const options = await queryClient.fetchQuery({
    ...procedure.queryOptions({ search: '', ids: [id] }),
    staleTime: 60_000,
  });
  return options.find((o) => o.id === id) ?? null;
}

/** The chosen ones that are inactive say so. */
const asChoices = (options: RegistryOption[]): Option[] =>
  options.map((o) => ({ value: o.id, label: o.status === 'inactive' ? `${o.label} (inativo)` : o.label }));

/** A registry's records matching a search, with the chosen ones, as choices. */
export const registryChoices = (procedure: OptionsProcedure, search: string, ids: string[]): ChoicesQuery => ({
  ...procedure.queryOptions({ search, ids }),
  select: asChoices,
});

/** The choices a registry offers: its active records matching the search, and the chosen ones (marked inactive). */
export const registrySource = (procedure: OptionsProcedure): OptionSource => ({
  queries: (search, ids) => [registryChoices(procedure, search, ids)],
});

/**
 * After a registry changed: its own lists, and every select's choices, so that a bank just created is offered by the
 * account form opened next (the choices are each registry's `options`).
 */
export const refreshAfterChange = () => queryClient.invalidateQueries(trpc.registries.pathFilter());

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
  local: (search) =>
    (organizationTree()?.units ?? []).map((u) => ({ value: u.id, label: u.name })).filter(matches(search)),
};

export const departmentsSource: OptionSource = {
  local: (search) =>
    (organizationTree()?.units ?? [])
      .flatMap((u) => u.departments.map((d) => ({ value: d.id, label: `${u.name} · ${d.name}` })))
      .filter(matches(search)),
};

/** Members of the organization, by name: the people who may approve. */
export const membersSource: OptionSource = {
  queries: (search) => [
    trpc.tenants.members.list.queryOptions(
      { search, pageSize: 50, status: 'active' },
      {
        select: ({ rows }) => {
          const seen = new Set<string>();
          return rows
            .filter((m) => !seen.has(m.userId) && seen.add(m.userId))
            .map((m) => ({ value: m.userId, label: m.name ?? m.username }));
        },
      },
    ),
  ],
};

/** Every party, whatever its role (a contract may be with a supplier, a customer or a partner). */
export const partiesSource: OptionSource = {
  queries: (search, ids) =>
    [trpc.registries.suppliers.options, trpc.registries.customers.options, trpc.registries.partners.options].map(
      (procedure) => registryChoices(procedure, search, ids),
    ),
};
