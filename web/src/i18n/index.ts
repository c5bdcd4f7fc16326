/**
 * i18n setup: zh-CN by default, English selectable; the choice persists in
 * localStorage ('lang'). Every visible string goes through `t()`.
 * Other pages add their keys to zh-CN.ts and en.ts (one namespace object per area).
 */
import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import en from './en';
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

/** Switches the UI language and remembers it. */
export function setLanguage(lang: Language): void {
  localStorage.setItem(LANG_KEY, lang);
  document.documentElement.lang = lang;
  void i18n.changeLanguage(lang);
}

void i18n.use(initReactI18next).init({
  resources: { 'zh-CN': { translation: zhCN }, en: { translation: en } },
  lng: storedLanguage(),
  fallbackLng: 'en',
  interpolation: { escapeValue: false },
});
document.documentElement.lang = storedLanguage();

export default i18n;
