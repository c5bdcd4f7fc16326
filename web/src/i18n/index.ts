/**
 * i18n setup: zh-CN by default, English selectable; the choice persists in
 * localStorage ('lang'). Every visible string goes through `t()`.
 * Other pages add their keys to zh-CN.ts and en.ts (one namespace object per area).
 * The English strings (en.ts, with the server's English templates) are a chunk of their
 * own, loaded when English is the stored language (main.tsx renders once `i18nReady`
 * resolves) or when it is chosen: the default first load carries one language.
 */
import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import zhCN from './zh-CN';

export const LANGUAGES = [
  { value: 'zh-CN', label: '简体中文' },
  { value: 'en', label: 'English' },
] as const;
export type Language = (typeof LANGUAGES)[number]['value'];

const LANG_KEY = 'lang';

/** The stored language, else zh-CN. */
export function storedLanguage(): Language {
  const v = localStorage.getItem(LANG_KEY);
  return v === 'en' ? 'en' : 'zh-CN';
}

let english: Promise<void> | undefined;

/** Adds the English strings to i18next (once; the novel section's are added apart, i18n/novel.ts). A failed load is tried again on the next call. */
function loadEnglish(): Promise<void> {
  english ??= import('./en').then(
    (m) => { i18n.addResourceBundle('en', 'translation', m.default, true, true); },
    (err: unknown) => { english = undefined; throw err; },
  );
  return english;
}

/** Switches the UI language (after loading its strings) and remembers it. Rejects when the strings could not be loaded. */
export async function setLanguage(lang: Language): Promise<void> {
  if (lang === 'en') await loadEnglish();
  localStorage.setItem(LANG_KEY, lang);
  document.documentElement.lang = lang;
  await i18n.changeLanguage(lang);
}

void i18n.use(initReactI18next).init({
  resources: { 'zh-CN': { translation: zhCN } },
  lng: storedLanguage(),
  fallbackLng: 'en',
  interpolation: { escapeValue: false },
});
document.documentElement.lang = storedLanguage();

/**
 * Resolves once the stored language's strings are there (at once for zh-CN). When the
 * English strings cannot be loaded (the server went away mid-load), the page speaks zh-CN
 * rather than showing message keys; it never rejects.
 */
export const i18nReady: Promise<void> = storedLanguage() === 'en'
  ? loadEnglish().catch(async () => {
    document.documentElement.lang = 'zh-CN';
    await i18n.changeLanguage('zh-CN');
  })
  : Promise.resolve();

export default i18n;
