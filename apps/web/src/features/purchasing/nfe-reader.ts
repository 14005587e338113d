/**
 * The NF-e reader, loaded only when someone attaches an XML to conclude an order: its XML parser stays out of the
 * app's first load (the core package declares no side effects, so the bundler leaves it to this chunk).
 */
export { compareNfeWithOrder, parseNfe } from '@financeiro/core';
