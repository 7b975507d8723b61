/** API error messages by code: one catalogue shared with the server (shared/i18n/api-errors). */
export { default } from '../../../../../shared/i18n/api-errors/es-ES';
