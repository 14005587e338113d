import { Badge, NavLink, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Link, useRouterState } from '@tanstack/react-router';
import { PURCHASE_LISTS } from '@financeiro/core';
import { trpc } from '../../api/trpc';
import { appMessages } from '../../i18n/app';
import { fullPath, MENU_GROUPS, type ScreenDef } from '../../routes/table';
import { usePurchasingCan } from '../purchasing/use-purchasing-can';
import { useMenuScreens } from './use-menu-screens';

/** The purchase list a menu item opens (`compras/<slug>`), if it is one. */
const purchaseListOf = (item: ScreenDef) => PURCHASE_LISTS.find((list) => item.path === `compras/${list.slug}`);

/**
 * How many orders each purchase list holds, asked only while a purchase list is in the menu and the user may read
 * orders where they work now (a requester, after choosing their department).
 */
function usePurchaseCounts(visible: ScreenDef[]) {
  const canRead = usePurchasingCan('ler_pedidos_compra');
  return useQuery(
    trpc.purchasing.counts.queryOptions(undefined, {
      enabled: canRead && visible.some((item) => purchaseListOf(item)),
    }),
  ).data;
}

/** A purchase list's count beside its menu item; "aguardando aprovação" shows, highlighted, what waits for the user. */
function PurchaseCount(props: { item: ScreenDef; counts: ReturnType<typeof usePurchaseCounts> }) {
  const list = purchaseListOf(props.item);
  if (!list || !props.counts) return null;
  const total = props.counts.counts[list.status] ?? 0;
  const waiting = list.status === 'aguardando_aprovacao' ? props.counts.waitingForMe : 0;
  if (waiting > 0) {
    return (
      <Badge size="sm" color="orange" circle={waiting < 10} title={appMessages.shell.purchaseCount.waiting(waiting)}>
        {waiting}
      </Badge>
    );
  }
  if (total === 0) return null;
  return (
    <Badge size="sm" variant="light" color="gray" title={appMessages.shell.purchaseCount.total(total)}>
      {total}
    </Badge>
  );
}

/**
 * The menu: the screens of `useMenuScreens`, in their groups.
 */
export function Sidebar() {
  const pathname = useRouterState({ select: (s) => s.location.pathname });
  const visible = useMenuScreens();
  const purchaseCounts = usePurchaseCounts(visible);
  return (
    <Stack gap={2}>
      {MENU_GROUPS.map((group) => {
        const items = visible.filter((s) => s.group === group);
        if (items.length === 0) return null;
        return (
          <Stack key={group} gap={2} mb="xs">
            <Text size="xs" fw={700} c="dimmed" tt="uppercase" px="sm" pt="xs" pb={2}>
              {group}
            </Text>
            {items.map((item) => {
              const Icon = item.display.icon;
              const to = fullPath(item);
              return (
                <NavLink
                  key={item.name}
                  component={Link}
                  to={to}
                  label={item.display.title}
                  leftSection={Icon ? <Icon size={18} stroke={1.6} /> : null}
                  rightSection={<PurchaseCount item={item} counts={purchaseCounts} />}
                  active={pathname === to}
                  variant="filled"
                  style={{ borderRadius: 8 }}
                />
              );
            })}
          </Stack>
        );
      })}
    </Stack>
  );
}
