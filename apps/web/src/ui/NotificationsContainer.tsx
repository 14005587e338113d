import { Notifications } from '@mantine/notifications';
import classes from './Notifications.module.css';

/**
 * At the top in the middle, below the app's header and a drawer's title: a notification never hides the tenant
 * switcher or the form's name.
 */
export function Container() {
  return <Notifications position="top-center" autoClose={5000} classNames={classes} />;
}
