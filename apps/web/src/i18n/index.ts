import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { en } from './en.ts';

/** Flat keys and `{name}` placeholders, the same form the domain's messages use. */
export const i18n = i18next.createInstance();
void i18n.use(initReactI18next).init({
  lng: 'en',
  fallbackLng: 'en',
  resources: { en: { translation: en } },
  keySeparator: false,
  nsSeparator: false,
  interpolation: { escapeValue: false, prefix: '{', suffix: '}' },
  initImmediate: false,
  showSupportNotice: false,
});
