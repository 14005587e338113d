export { enqueueEmail, enqueueSms } from './enqueue';
export { startOutboxWorker } from './worker';
