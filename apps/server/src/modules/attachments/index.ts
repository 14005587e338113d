export { attachmentFields, readAttachment } from './content';
export { downloadOf, listFiles, mustHaveRoom } from './stored';
