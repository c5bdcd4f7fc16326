/**
 * The message catalogue (src/model/messages.ts) and its translations: every code the
 * server can send (the wire types only take catalogue codes) has a zh-CN and an en text
 * in web/src/i18n with the same parameters, the web's serverText says it in the UI
 * language through i18next, and falls back to the server's English for a code it does
 * not know. Every code is used somewhere in src/.
 */
import fs from 'node:fs';
import path from 'node:path';
import i18next from 'i18next';
import { beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES, englishOf, isMessageCode, say, textOfError, NotFound, type MessageCode } from '../../../src/model/index.js';
import en from '../../../web/src/i18n/en.js';
import zhCN from '../../../web/src/i18n/zh-CN.js';
import { serverText } from '../../../web/src/i18n/serverText.js';

const ROOT = path.resolve(import.meta.dirname, '..', '..', '..');
const CODES = Object.keys(MESSAGES) as MessageCode[];
const LANGUAGES = { 'zh-CN': zhCN.server, en: en.server } as Record<string, Record<string, string>>;

/** The parameter names of a catalogue template (`{name}`) or of a translation (`{{name}}`). */
const templateParams = (text: string) => [...text.matchAll(/(?<!\{)\{(\w+)\}(?!\})/g)].map((m) => m[1]!).sort();
const translationParams = (text: string) => [...text.matchAll(/\{\{(\w+)\}\}/g)].map((m) => m[1]!).sort();

/** A value for each parameter of `code` that is easy to find in the output. */
const sampleParams = (code: MessageCode) => Object.fromEntries(templateParams(MESSAGES[code]).map((name, i) => [name, `<${name}-${i}>`]));

beforeAll(async () => {
  await i18next.init({
    resources: { 'zh-CN': { translation: zhCN }, en: { translation: en } },
    lng: 'zh-CN',
    fallbackLng: 'en',
    interpolation: { escapeValue: false },
  });
});

describe('the message catalogue', () => {
  it('has codes of the form area.name and templates with named params', () => {
    expect(CODES.length).toBeGreaterThan(100);
    for (const code of CODES) {
      expect(code).toMatch(/^[a-z][a-zA-Z]*\.[a-z][a-zA-Z0-9]*$/);
      expect(MESSAGES[code].replace(/\{\w+\}/g, ''), code).not.toMatch(/[{}]/);
    }
  });

  it('makes the wire text from the template and its params', () => {
    expect(say('lyric.tasksCreated', { count: 2 })).toEqual({ message: '2 lyric tasks created', code: 'lyric.tasksCreated', params: { count: 2 } });
    expect(say('review.saved')).toEqual({ message: 'review saved', code: 'review.saved' });
    expect(englishOf('user.deleted', { count: 1, names: 'bob' })).toBe('deleted 1 user(s): bob');
    expect(textOfError(new NotFound(say('work.idNotFound', { id: 7 })))).toEqual({ message: 'work 7 not found', code: 'work.idNotFound', params: { id: 7 } });
    expect(textOfError(new Error('EACCES: permission denied'))).toEqual({ message: 'EACCES: permission denied', code: 'error.other', params: { reason: 'EACCES: permission denied' } });
    expect(isMessageCode('review.saved')).toBe(true);
    expect(isMessageCode('toString')).toBe(false);
  });

  it('takes only catalogue codes, with exactly their params (checked by the compiler)', () => {
    // @ts-expect-error not a code of the catalogue
    expect(() => say('review.nope')).toThrow();
    // @ts-expect-error the template has {count}
    say('lyric.tasksCreated');
    // @ts-expect-error the template has no params
    say('review.saved', { count: 1 });
    // @ts-expect-error {names} is missing
    say('user.deleted', { count: 1 });
  });

  it('is used: every code appears in the server sources', () => {
    const sources = fs.readdirSync(path.join(ROOT, 'src'), { recursive: true, encoding: 'utf8' })
      .filter((f) => /\.tsx?$/.test(f) && f !== path.join('model', 'messages.ts'))
      .map((f) => fs.readFileSync(path.join(ROOT, 'src', f), 'utf8'))
      .join('\n');
    const unused = CODES.filter((code) => !sources.includes(`'${code}'`));
    expect(unused).toEqual([]);
  });
});

describe.each(Object.keys(LANGUAGES))('the %s translations', (lang) => {
  const texts = LANGUAGES[lang]!;

  it('have every code, and no code the catalogue lacks', () => {
    expect(CODES.filter((code) => typeof texts[code] !== 'string' || texts[code] === '')).toEqual([]);
    expect(Object.keys(texts).filter((key) => !isMessageCode(key))).toEqual([]);
  });

  it("use exactly each template's params", () => {
    for (const code of CODES) expect(translationParams(texts[code]!), `${lang} ${code}`).toEqual(templateParams(MESSAGES[code]));
  });

  it('say every code through serverText with its params filled in', async () => {
    await i18next.changeLanguage(lang);
    for (const code of CODES) {
      const params = sampleParams(code);
      const shown = serverText({ message: englishOf(code, params), code, params });
      for (const value of Object.values(params)) expect(shown, `${lang} ${code}`).toContain(value);
      expect(shown, `${lang} ${code}`).not.toMatch(/\{\{|server\./);
      if (lang === 'en') expect(shown).toBe(englishOf(code, params));
      else expect(shown, `${code} is not translated`).not.toBe(englishOf(code, params));
    }
  });
});

describe('serverText', () => {
  it('translates answers and refusals by code, and falls back to the English text', async () => {
    await i18next.changeLanguage('zh-CN');
    expect(serverText(say('review.saved'))).toBe('评论已保存');
    expect(serverText({ error: 'wrong user name or password', code: 'auth.wrongCredentials' })).toBe('用户名或密码错误');
    expect(serverText(say('lyric.tasksCreated', { count: 2 }))).toBe('已创建 2 个字幕任务');
    expect(serverText({ message: 'something new', code: 'future.code' })).toBe('something new');
    expect(serverText({ error: 'from a proxy' })).toBe('from a proxy');
    expect(serverText('the page says this')).toBe('the page says this');
    await i18next.changeLanguage('en');
    expect(serverText(say('lyric.tasksCreated', { count: 2 }))).toBe('2 lyric tasks created');
  });

  it('says a param that is a coded text in the UI language too (a failed fetch\'s reason and its cause)', async () => {
    const url = 'http://store.example/maniax/work/=/product_id/RJ173248.html';
    const text = say('metadata.failed', { reason: say('fetch.unreachable', { url, cause: say('network.refused') }) });
    expect(text).toMatchObject({ message: `metadata failed, will retry: cannot reach ${url}: connection refused`, params: { reason: `cannot reach ${url}: connection refused` } });
    await i18next.changeLanguage('zh-CN');
    expect(serverText(text)).toBe(`获取元数据失败，稍后重试：网络错误，无法连接 ${url}：连接被拒绝`);
    expect(serverText(say('work.metadataNotFetched', { code: 'RJ01012345', reason: say('metadata.unknownWork') }))).toBe('RJ01012345 扫描完成，但未获取到元数据：作品代码未知：DLsite 和 HVDB 都没有该作品');
    // a reason without a code (an older server's line) is put in as it came
    expect(serverText(say('metadata.failed', { reason: 'HTTP 500: x' }))).toBe('获取元数据失败，稍后重试：HTTP 500: x');
    await i18next.changeLanguage('en');
    expect(serverText(text)).toBe(text.message);
  });
});
