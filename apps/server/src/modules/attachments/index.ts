// The attachments module's door (decision 0032): all that other modules, the API, the tests and the scripts may use of it.
export { attachmentFields, readAttachment } from './content';
export { downloadOf, listFiles, mustHaveRoom } from './stored';
