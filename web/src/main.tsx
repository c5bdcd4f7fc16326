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

void i18nReady.then(() => createRoot(document.getElementById('root')!).render(
  <MantineProvider theme={theme} defaultColorScheme="light" colorSchemeManager={colorSchemeManager}>
    <Suspense fallback={null}><NoticeHost /></Suspense>
    <RouterProvider router={router} />
  </MantineProvider>,
));
