// The purchasing module's door (decision 0032): all that other modules, the API, the tests and the scripts may use of it.

export { purchasingRouter } from './router';
export type { PurchasingRouter } from './router';
export type { PurchasingContext } from './access';
export { concludeOrder } from './conclude';
export { createOrder, lockOrder, transition, updateOrder } from './orders';
export { countOrders } from './queries';

/** Its table of kept files, as the attachments module reads and lists them. */
