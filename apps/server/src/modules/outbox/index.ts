// The outbox module's door (decision 0032): all that other modules, the API, the tests and the scripts may use of it.
export { enqueueEmail, enqueueSms } from './enqueue';
export { startOutboxWorker } from './worker';
