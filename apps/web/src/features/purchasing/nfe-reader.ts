/**
 * The NF-e reader, loaded only when someone attaches an XML to conclude an order: its XML parser stays out of the
 * app's first load.
 */
export { compareNfeWithOrder, installmentsFromNfe, parseNfe } from '@financeiro/core';
