import { Badge } from '@mantine/core';
import { appMessages } from '../i18n/app';

export function StatusBadge({ status }: { status: 'active' | 'inactive' }) {
  return (
    <Badge variant="light" color={status === 'active' ? 'green' : 'gray'}>
      {appMessages.common.status[status]}
    </Badge>
  );
}
