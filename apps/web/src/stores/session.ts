import { create } from 'zustand';
import { persist } from 'zustand/middleware';
import type { Membership, UserData } from '@financeiro/core';

/** The authorization state: whether someone is signed in, and their data from getMe. */
interface AuthzState {
  authenticated: boolean;
  userData: UserData | null;
}
export const useAuthzStore = create<AuthzState>()(() => ({ authenticated: false, userData: null }));

/** The session store: the Amplify user, the tenants list and the selected tenant's membership. */
interface SessionState {
  user: { username: string; userId: string } | null;
  tenants: Membership[];
  devices: { key: string; name: string }[];
  selectedTenant: Membership | null;
}
export const useSessionStore = create<SessionState>()(() => ({
  user: null,
  tenants: [],
  devices: [],
  selectedTenant: null,
}));

/** The persisted part of the session store is the online flag. */
interface OnlineState {
  online: boolean;
  setOnline(online: boolean): void;
}
export const useOnlineStore = create<OnlineState>()(
  persist((set) => ({ online: true, setOnline: (online) => set({ online }) }), { name: 'financeiro.online' }),
);
