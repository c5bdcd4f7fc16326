/**
 * The notices' container: @mantine/notifications' Notifications (with react-transition-group)
 * at the top centre. A module of its own so that main.tsx loads it apart from the first
 * page (route JS budget, bench/README.md "Web"); `notifications.show` (its store) does not
 * need it, and a notice shown before it mounts waits in the store and shows then.
 */
import { Notifications } from '@mantine/notifications';

export default function NoticeHost() {
  return <Notifications position="top-center" />;
}
