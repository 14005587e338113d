import { notifications } from '@mantine/notifications';

export function notifyError(message: string): void {
  notifications.show({ color: 'red', title: 'Não foi possível continuar', message });
}

export function notifySuccess(message: string): void {
  notifications.show({ color: 'green', message });
}
