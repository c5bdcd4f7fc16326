/**
 * The route table (spec 000 section 2, spec 001 section 2). Pages are lazy-loaded so
 * each route downloads only its own code. To add a page: add a lazy import and one
 * line to the right list.
 * - publicRoutes: no login.
 * - bareRoutes: login required, full-page (their own layout: site chooser, placeholder
 *   site, admin).
 * - mainRoutes: login required, inside the main layout (header, drawer, player bar).
 * - novelRoutes: login required, the novel section's layout (the main layout with the
 *   novel site in context, catalogue.tsx); its screens are the main ones parameterised,
 *   plus the novel page and the add form.
 * Any other path shows the not-found page.
 */
import { lazy, Suspense, type ComponentType, type LazyExoticComponent } from 'react';
import { Center, Loader } from '@mantine/core';
import { createBrowserRouter, Navigate, Outlet, type RouteObject } from 'react-router-dom';
import { AuthProvider, RequireAuth } from './api/auth';
import { Layout } from './components/Layout';
import { NOVEL_CATALOGUE, CatalogueProvider } from './catalogue';

export interface RouteDef {
  path: string;
  page: LazyExoticComponent<ComponentType>;
}

const Login = lazy(() => import('./pages/Login'));
const SiteChooser = lazy(() => import('./pages/SiteChooser'));
const Lysk = lazy(() => import('./pages/Lysk'));
const NotFound = lazy(() => import('./pages/NotFound'));
const Works = lazy(() => import('./pages/Works'));
const WorkDetail = lazy(() => import('./pages/WorkDetail'));
const NameList = lazy(() => import('./pages/NameList'));
const Favourites = lazy(() => import('./pages/Favourites'));
const AiLyric = lazy(() => import('./pages/AiLyric'));
const TrialSpider = lazy(() => import('./pages/TrialSpider'));
const FullScreenPlayer = lazy(() => import('./pages/FullScreenPlayer'));
const Players = lazy(() => import('./pages/Players'));
const NovelDetail = lazy(() => import('./pages/novel/NovelDetail'));
// The novel section's layout: the main layout, once the novel strings are loaded (i18n/novel.ts).
const NovelLayout = lazy(() => import('./i18n/novel').then(() => ({ default: Layout })));
const NovelAdd = lazy(() => import('./pages/novel/NovelAdd'));
const NovelReader = lazy(() => import('./pages/novel/NovelReader'));
const AdminHome = lazy(() => import('./pages/admin/AdminHome'));
const AdminScanner = lazy(() => import('./pages/admin/Scanner'));
const AdminAdvanced = lazy(() => import('./pages/admin/Advanced'));
const AdminUserManage = lazy(() => import('./pages/admin/UserManage'));

export const publicRoutes: RouteDef[] = [
  { path: '/login', page: Login },
];

export const bareRoutes: RouteDef[] = [
  { path: '/main', page: SiteChooser },
  { path: '/lysk/main', page: Lysk },
  { path: '/admin', page: AdminHome },
  { path: '/admin/scanner', page: AdminScanner },
  { path: '/admin/advanced', page: AdminAdvanced },
  { path: '/admin/usermanage', page: AdminUserManage },
];

export const mainRoutes: RouteDef[] = [
  { path: '/works', page: Works },
  { path: '/search', page: Works },
  { path: '/work/:id', page: WorkDetail },
  { path: '/fake/works', page: Works },
  { path: '/fake/work/:id', page: WorkDetail },
  { path: '/fake/spider', page: TrialSpider },
  { path: '/circles', page: NameList },
  { path: '/tags', page: NameList },
  { path: '/vas', page: NameList },
  { path: '/favourites', page: Favourites },
  { path: '/favourites/progress/:progressFilter', page: Favourites },
  { path: '/favourites/:mode', page: Favourites },
  { path: '/ai_lyric', page: AiLyric },
  { path: '/fullScreenPlayer', page: FullScreenPlayer },
  { path: '/fullScreenPlayer/:workId', page: FullScreenPlayer },
  { path: '/players', page: Players },
];

/**
 * The novel section (spec 001 section 2): the main screens under /novel (the novel page in
 * place of the work page; not the trial catalogue's screens nor the players page), the add
 * form, and (beyond the spec) the TXT reader.
 */
export const novelRoutes: RouteDef[] = [
  ...mainRoutes.filter((r) => !r.path.startsWith('/fake/') && r.path !== '/players').map((r) => ({ path: `/novel${r.path}`, page: r.path === '/work/:id' ? NovelDetail : r.page })),
  { path: '/novel/add', page: NovelAdd },
  { path: '/novel/read/:id', page: NovelReader },
];

const spinner = <Center h="50vh"><Loader /></Center>;

function Root() {
  return (
    <AuthProvider>
      <Suspense fallback={spinner}>
        <Outlet />
      </Suspense>
    </AuthProvider>
  );
}

function element({ page: Page }: RouteDef, guarded: boolean) {
  return guarded ? <RequireAuth><Page /></RequireAuth> : <Page />;
}

const routes: RouteObject[] = [
  {
    element: <Root />,
    children: [
      { path: '/', element: <Navigate to="/main" replace /> },
      ...publicRoutes.map((r) => ({ path: r.path, element: element(r, false) })),
      ...bareRoutes.map((r) => ({ path: r.path, element: element(r, true) })),
      {
        element: <RequireAuth><Layout /></RequireAuth>,
        children: mainRoutes.map((r) => ({ path: r.path, element: <r.page /> })),
      },
      { path: '/novel', element: <Navigate to="/novel/works" replace /> },
      {
        element: <CatalogueProvider value={NOVEL_CATALOGUE}><RequireAuth><NovelLayout /></RequireAuth></CatalogueProvider>,
        children: novelRoutes.map((r) => ({ path: r.path, element: <r.page /> })),
      },
      { path: '*', element: <NotFound /> },
    ],
  },
];

export const router = createBrowserRouter(routes);
