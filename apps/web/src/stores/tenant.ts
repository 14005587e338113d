import { create } from 'zustand';
import { persist } from 'zustand/middleware';
import type { Scope, TenantSelection } from '@financeiro/core';

/** The tenant state: the selected organization, unit and department, kept across reloads. */
interface TenantState {
  currentScope: Scope;
  selectedOrganization: string | undefined;
  selectedUnit: string | undefined;
  selectedDepartment: string | undefined;
  manualShowSelector: boolean;
  select(selection: TenantSelection): void;
  setCurrentScope(scope: Scope): void;
  showSelector(show: boolean): void;
  reset(): void;
}

export const useTenantStore = create<TenantState>()(
  persist(
    (set) => ({
      currentScope: 'department',
      selectedOrganization: undefined,
      selectedUnit: undefined,
      selectedDepartment: undefined,
      manualShowSelector: false,
      select: (s) =>
        set({
          selectedOrganization: s.organizationId,
          selectedUnit: s.unitId,
          selectedDepartment: s.departmentId,
          manualShowSelector: false,
        }),
      setCurrentScope: (currentScope) => set({ currentScope }),
      showSelector: (manualShowSelector) => set({ manualShowSelector }),
      reset: () =>
        set({
          selectedOrganization: undefined,
          selectedUnit: undefined,
          selectedDepartment: undefined,
          manualShowSelector: false,
        }),
    }),
    {
      name: 'financeiro.tenant',
      partialize: (s) => ({
        selectedOrganization: s.selectedOrganization,
        selectedUnit: s.selectedUnit,
        selectedDepartment: s.selectedDepartment,
      }),
    },
  ),
);

export function currentSelection(): TenantSelection {
  const s = useTenantStore.getState();
  return { organizationId: s.selectedOrganization, unitId: s.selectedUnit, departmentId: s.selectedDepartment };
}
