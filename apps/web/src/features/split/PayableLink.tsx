import { Anchor } from '@mantine/core';
import { useNavigate } from '@tanstack/react-router';
import type { ReactNode } from 'react';

/** A link to a payable's drawer in contas/pagar: a real address (a new tab works), followed in the app on a click. */
export function PayableLink(props: { id: string; children: ReactNode; size?: string }) {
  const navigate = useNavigate();
  return (
    <Anchor
      size={props.size}
      href={`/contas/pagar?doc=${props.id}`}
      onClick={(event) => {
        if (event.metaKey || event.ctrlKey || event.shiftKey || event.button !== 0) return;
        event.preventDefault();
        void navigate({ to: '/contas/pagar', search: { doc: props.id } });
      }}
    >
      {props.children}
    </Anchor>
  );
}
