/** The one plural helper lives in packages/shared, so the e-mails use the same forms. */
export { countOf, type PluralForms, plural } from '@studio/shared/plural';
