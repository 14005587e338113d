// No schema library here: the web's first screens read these limits without loading the input schemas.

/** Files a contract, a settlement or a purchase order may carry: PDF and images, up to this size each. */
export const ATTACHMENT_MAX_BYTES = 5 * 1024 * 1024;
export const ATTACHMENT_TYPES = ['application/pdf', 'image/png', 'image/jpeg', 'image/webp'] as const;
export const MAX_ATTACHMENTS = 10;
