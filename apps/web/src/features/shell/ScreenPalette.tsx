import { Spotlight, type SpotlightActionData } from '@mantine/spotlight';
import { useNavigate } from '@tanstack/react-router';
import { IconSearch } from '@tabler/icons-react';
import { appMessages } from '../../i18n/app';
import { fullPath } from '../../routes/table';
import { filterScreens } from './palette-filter';
import { useMenuScreens } from './use-menu-screens';

const t = appMessages.shell.palette;

/**
 * The screens the menu offers, found by typing part of their name, opened with Enter. It opens from `CommandPalette`,
 * which loads it on the first Ctrl+K.
 */
export function ScreenPalette() {
  const navigate = useNavigate();
  const actions: SpotlightActionData[] = useMenuScreens().map((screen) => {
    const Icon = screen.display.icon;
    return {
      id: screen.name,
      label: screen.display.title,
      description: screen.group,
      leftSection: Icon ? <Icon size={20} stroke={1.6} /> : null,
      onClick: () => void navigate({ to: fullPath(screen) }),
    };
  });
  return (
    <Spotlight
      actions={actions}
      filter={(query) => filterScreens(query, actions)}
      shortcut={null}
      nothingFound={t.nothingFound}
      scrollable
      maxHeight={420}
      searchProps={{ placeholder: t.search, 'aria-label': t.label, leftSection: <IconSearch size={18} /> }}
      // The dialog's accessible name: a title read by screen readers, kept out of sight (the search field says it).
      title={t.label}
      styles={{
        header: { position: 'absolute', width: 1, height: 1, padding: 0, overflow: 'hidden', clipPath: 'inset(50%)' },
      }}
    />
  );
}
