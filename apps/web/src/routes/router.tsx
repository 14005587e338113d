import { createRootRoute, createRoute, createRouter, redirect, type RouteComponent } from '@tanstack/react-router';
import type { RouteAuthz } from '@financeiro/core';
import { AuthLayout } from '../layouts/AuthLayout';
import { BlankLayout } from '../layouts/BlankLayout';
import { MainLayout } from '../layouts/MainLayout';
import { RootLayout } from '../layouts/RootLayout';
import { SignInPage } from '../features/auth/SignInPage';
import { NoTenantsPage } from '../features/tenants/NoTenantsPage';
import { NotFoundPage } from '../features/tenants/NotFoundPage';
import { SelectTenantPage } from '../features/tenants/SelectTenantPage';
import { UnauthorizedPage } from '../features/tenants/UnauthorizedPage';
import { guard } from './guard';
import { lazyPage, SCREENS, type RouteDisplay } from './table';

declare module '@tanstack/react-router' {
  interface StaticDataRouteOption {
    name?: string;
    authz?: RouteAuthz;
    display?: RouteDisplay;
  }
}

const rootRoute = createRootRoute({ component: RootLayout, notFoundComponent: NotFoundPage });

const mainLayout = createRoute({ getParentRoute: () => rootRoute, id: 'main', component: MainLayout });
const blankLayout = createRoute({ getParentRoute: () => rootRoute, path: 'fluxos', component: BlankLayout });
const authLayout = createRoute({ getParentRoute: () => rootRoute, path: 'auth', component: AuthLayout });

const home = createRoute({
  getParentRoute: () => mainLayout,
  path: '/',
  staticData: { name: 'home', authz: { scope: 'user' } },
  beforeLoad: ({ location }) => {
    guard('home', { scope: 'user' }, 'Início')({ location });
    throw redirect({ href: '/dashboard' });
  },
});
const account = createRoute({
  getParentRoute: () => mainLayout,
  path: 'account',
  beforeLoad: ({ location }) => {
    if (location.pathname.replace(/\/$/, '') === '/account') throw redirect({ href: '/account/profile' });
  },
});

const screens = SCREENS.map((def) =>
  createRoute({
    getParentRoute: () => (def.layout === 'blank' ? blankLayout : mainLayout),
    path: def.path,
    component: def.component,
    staticData: { name: def.name, authz: def.authz, display: def.display },
    beforeLoad: guard(def.name, def.authz, def.display.title),
  }),
);

// The steps after the password, sign-up, recovery and signing out load when a person reaches them.
const auth = () => import('../features/auth');
const MfaSelectPage = lazyPage(auth, 'MfaSelectPage');
const SmsSignInPage = lazyPage(auth, 'SmsSignInPage');
const TotpSignInPage = lazyPage(auth, 'TotpSignInPage');
const TotpSetupSignInPage = lazyPage(auth, 'TotpSetupSignInPage');
const NewPasswordPage = lazyPage(auth, 'NewPasswordPage');
const ForcedResetPage = lazyPage(auth, 'ForcedResetPage');
const SignUpPage = lazyPage(auth, 'SignUpPage');
const SignUpConfirmSmsPage = lazyPage(auth, 'SignUpConfirmSmsPage');
const SignUpConfirmEmailPage = lazyPage(auth, 'SignUpConfirmEmailPage');
const RecoveryPage = lazyPage(auth, 'RecoveryPage');
const RecoveryChallengePage = lazyPage(auth, 'RecoveryChallengePage');
const SignOutPage = lazyPage(auth, 'SignOutPage');

const anonymous: RouteAuthz = { public: true, anonymousOnly: true };
const authPages: [string, string, string, RouteComponent][] = [
  ['sign-in', 'sign-in', 'Entrar', SignInPage],
  ['sign-in-mfa', 'sign-in/mfa', 'Verificação em dois fatores', MfaSelectPage],
  ['sign-in-mfa-sms', 'sign-in/mfa/sms', 'Código por SMS', SmsSignInPage],
  ['sign-in-mfa-totp', 'sign-in/mfa/totp', 'Código do aplicativo autenticador', TotpSignInPage],
  ['sign-in-mfa-totp-setup', 'sign-in/mfa/totp/setup', 'Configurar aplicativo autenticador', TotpSetupSignInPage],
  ['sign-in-mfa-new-password', 'sign-in/mfa/new-password', 'Definir nova senha', NewPasswordPage],
  ['sign-in-reset', 'sign-in/reset', 'Redefinir senha', ForcedResetPage],
  ['sign-up', 'sign-up', 'Criar conta', SignUpPage],
  ['sign-up-confirm-sms', 'sign-up/confirm/sms', 'Confirmar celular', SignUpConfirmSmsPage],
  ['sign-up-confirm-email', 'sign-up/confirm/email', 'Confirmar e-mail', SignUpConfirmEmailPage],
  ['recovery', 'recovery', 'Recuperar senha', RecoveryPage],
  ['recovery-challenge', 'recovery/challenge', 'Criar nova senha', RecoveryChallengePage],
];
const authRoutes = [
  ...authPages.map(([name, path, title, component]) =>
    createRoute({
      getParentRoute: () => authLayout,
      path,
      component,
      staticData: { name, authz: anonymous, display: { title } },
      beforeLoad: guard(name, anonymous, title),
    }),
  ),
  createRoute({
    getParentRoute: () => authLayout,
    path: 'sign-out',
    component: SignOutPage,
    staticData: { name: 'sign-out', authz: { public: true }, display: { title: 'Sair' } },
  }),
];

const selectTenant = createRoute({
  getParentRoute: () => rootRoute,
  path: 'select-tenant/$scope',
  component: SelectTenantPage,
  staticData: { name: 'select-tenant', authz: { scope: 'user' }, display: { title: 'Escolher organização' } },
  beforeLoad: guard('select-tenant', { scope: 'user' }, 'Escolher organização'),
});
const noTenants = createRoute({
  getParentRoute: () => rootRoute,
  path: 'no-tenants',
  component: NoTenantsPage,
  staticData: { name: 'no-tenants', authz: { public: true }, display: { title: 'Sem organizações' } },
});
const unauthorized = createRoute({
  getParentRoute: () => rootRoute,
  path: 'unauthorized',
  component: UnauthorizedPage,
  staticData: { name: 'unauthorized', authz: { scope: 'user' }, display: { title: 'Acesso não permitido' } },
  beforeLoad: guard('unauthorized', { scope: 'user' }, 'Acesso não permitido'),
});

const routeTree = rootRoute.addChildren([
  mainLayout.addChildren([home, account, ...screens.filter((_, i) => SCREENS[i]?.layout === 'main')]),
  blankLayout.addChildren(screens.filter((_, i) => SCREENS[i]?.layout === 'blank')),
  authLayout.addChildren(authRoutes),
  selectTenant,
  noTenants,
  unauthorized,
]);

export const router = createRouter({ routeTree, defaultPreload: false, scrollRestoration: true });
