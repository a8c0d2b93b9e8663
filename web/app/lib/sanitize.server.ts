// The site renders rich text (the principal's message, page texts) only through the one policy the
// API also saves with. Re-exported from a .server module so the sanitizer stays out of the bundle.
export { RICH_TEXT_POLICY, sanitizeRichText } from '@sthsm/contract/rich-text-sanitize';
