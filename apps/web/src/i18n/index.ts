import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { en } from './en.ts';

/** Flat keys and `{name}` placeholders, the same form the domain's messages use. */
export const i18n = i18next.createInstance();
void i18n.use(initReactI18next).init({
  lng: 'en',
  fallbackLng: 'en',
  resources: { en: { translation: { ...en } } }, // a copy: area strings are added to it, not to en
  keySeparator: false,
  nsSeparator: false,
  interpolation: { escapeValue: false, prefix: '{', suffix: '}' },
  initImmediate: false,
  showSupportNotice: false,
  // A key missing when it is shown (a screen drawn before its area's strings arrived, a typo) is a bug:
  // reported on the console, where every browser test fails on it.
  saveMissing: true,
  missingKeyHandler: (_languages, _namespace, key) => console.error(`Missing console string: ${key}`),
});

let areaStringsLoaded: Promise<void> | undefined;

/** Adds the on-demand areas' strings (`area-strings.ts`) to the catalog, fetching them once. */
export const loadAreaStrings = () => {
  areaStringsLoaded ??= import('./area-strings.ts').then(({ areaStrings }) => {
    i18n.addResourceBundle('en', 'translation', areaStrings, true, false);
  });
  return areaStringsLoaded;
};
