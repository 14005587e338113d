import { Loader } from '@mantine/core';
import { appMessages } from '../i18n/app';

/** A spinner where a dialog opens, while the dialog's code loads (the first time it is asked for). */
export function DialogLoader() {
  return (
    <Loader
      pos="fixed"
      top={96}
      left="50%"
      style={{ transform: 'translateX(-50%)', zIndex: 200 }}
      aria-label={appMessages.shell.loading}
    />
  );
}
