/** Entry point: Mantine (night mode via the colour scheme), notifications, i18n, the router; rendered once the stored language's strings are loaded. */
import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
import { i18nReady } from './i18n';
import { lazy, Suspense } from 'react';
import { createRoot } from 'react-dom/client';
import { localStorageColorSchemeManager, MantineProvider, createTheme } from '@mantine/core';
import { RouterProvider } from 'react-router-dom';
import { router } from './routes';

// The notices' container loads beside the first page, not in it (components/NoticeHost.tsx).
const NoticeHost = lazy(() => import('./components/NoticeHost'));

const theme = createTheme({ primaryColor: 'indigo', defaultRadius: 'md' });
const colorSchemeManager = localStorageColorSchemeManager({ key: 'colorScheme' });

/**
 * Applies the stored colour scheme ('light' | 'dark' | 'auto', key `colorScheme`) to <html>
 * before anything renders, as Mantine's ColorSchemeScript does: the first render waits for
 * the language's strings, and a night-mode page must not show white meanwhile.
 */
function applyStoredColorScheme(): void {
  let scheme: string | null = null;
  try { scheme = window.localStorage.getItem('colorScheme'); } catch { /* storage blocked: default */ }
  const chosen = scheme === 'dark' || scheme === 'auto' ? scheme : 'light';
  const dark = chosen === 'dark' || (chosen === 'auto' && window.matchMedia('(prefers-color-scheme: dark)').matches);
  document.documentElement.setAttribute('data-mantine-color-scheme', dark ? 'dark' : 'light');
}
applyStoredColorScheme();

void i18nReady.then(() => createRoot(document.getElementById('root')!).render(
  <MantineProvider theme={theme} defaultColorScheme="light" colorSchemeManager={colorSchemeManager}>
    <Suspense fallback={null}><NoticeHost /></Suspense>
    <RouterProvider router={router} />
  </MantineProvider>,
));
