/**
 * Adds the novel section's strings (`novel.` keys: novel-en.ts, novel-zh-CN.ts) to the
 * i18next instance of index.ts. The novel layout's route loads this module before it
 * renders (routes.tsx), so the strings come with the novel screens, not in the audio
 * site's first load.
 */
import i18n from 'i18next';
import en from './novel-en';
import zhCN from './novel-zh-CN';

i18n.addResourceBundle('en', 'translation', { novel: en }, true, true);
i18n.addResourceBundle('zh-CN', 'translation', { novel: zhCN }, true, true);
