/** Entry point: Mantine (night mode via the colour scheme), notifications, i18n, the router. */
import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
import './i18n';
import { createRoot } from 'react-dom/client';
import { localStorageColorSchemeManager, MantineProvider, createTheme } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import { RouterProvider } from 'react-router-dom';
import { router } from './routes';

const theme = createTheme({ primaryColor: 'indigo', defaultRadius: 'md' });
const colorSchemeManager = localStorageColorSchemeManager({ key: 'colorScheme' });

createRoot(document.getElementById('root')!).render(
  <MantineProvider theme={theme} defaultColorScheme="light" colorSchemeManager={colorSchemeManager}>
    <Notifications position="top-center" />
    <RouterProvider router={router} />
  </MantineProvider>,
);
