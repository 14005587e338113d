import { ComingSoonPage } from '../placeholder/ComingSoonPage';

/** One list page for every purchase status (SPEC: "All compras pages share one list page"); filled by the purchasing issue. */
export function ComprasListPage() {
  return <ComingSoonPage />;
}
