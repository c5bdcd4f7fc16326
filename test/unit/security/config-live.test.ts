/** Admin config changes: read-only keys, auth in production, restart keys, file watch reload. */
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  applyConfig, ConfigError, defaultConfig, mergeAdminConfig, parseCliValue, rememberStartValues, saveConfig, setConfigKey, watchConfig, loadConfig,
} from '../../../src/config/index.js';
import { tempDataDir } from '../../helpers/server.js';

describe('mergeAdminConfig', () => {
  it('merges a partial change and validates it', () => {
    expect(mergeAdminConfig(defaultConfig(), { pageSize: 20 }).pageSize).toBe(20);
    expect(() => mergeAdminConfig(defaultConfig(), { pageSize: '20' })).toThrow(ConfigError);
  });

  it('names the key it refuses', () => {
    const refused = (patch: unknown, base = defaultConfig()) => {
      try { mergeAdminConfig(base, patch); } catch (err) { return (err as ConfigError).key; }
      return 'accepted';
    };
    expect(refused({ production: false })).toBe('production');
    expect(refused({ auth: false })).toBe('auth');
    expect(refused({ auth: false }, { ...defaultConfig(), production: false })).toBe('accepted');
    expect(refused({ nope: 1 })).toBe('nope');
    expect(refused([1])).toBe('config');
  });
});

describe('applyConfig', () => {
  it('changes the live object in place and reports restart keys against the start values', () => {
    const live = defaultConfig();
    rememberStartValues(live);
    const same = live;
    expect(applyConfig(live, { ...live, rewindSeekTime: 10 })).toEqual([]);
    expect(same.rewindSeekTime).toBe(10);
    expect(applyConfig(live, { ...live, listenPort: 1234 })).toEqual(['listenPort']);
    expect(applyConfig(live, { ...live, pageSize: 3 })).toEqual(['listenPort']);
    expect(applyConfig(live, { ...live, listenPort: 8888 })).toEqual([]);
  });
});

describe('parseCliValue', () => {
  it('reads JSON when it parses, else text', () => {
    expect(parseCliValue('10')).toBe(10);
    expect(parseCliValue('true')).toBe(true);
    expect(parseCliValue('"10"')).toBe('10');
    expect(parseCliValue('[{"name":"a","path":"/"}]')).toEqual([{ name: 'a', path: '/' }]);
    expect(parseCliValue('ja-jp')).toBe('ja-jp');
    expect(parseCliValue('')).toBe('');
  });
});

describe('watchConfig', () => {
  it('reloads config.json written by another process into the live object; a bad file is reported and ignored', async () => {
    const dir = tempDataDir();
    const live = saveConfig(dir, defaultConfig());
    const lines: string[] = [];
    const watcher = watchConfig(dir, live, (l) => lines.push(l));
    const until = async (cond: () => boolean) => { while (!cond()) await new Promise((r) => setTimeout(r, 20)); };
    try {
      setConfigKey(dir, 'forwardSeekTime', 10);
      await until(() => live.forwardSeekTime === 10);
      expect(lines.at(-1)).toContain('forwardSeekTime');
      fs.writeFileSync(path.join(dir, 'config.json'), '{"pageSize": "many"}');
      await until(() => lines.length === 2);
      expect(lines[1]).toContain('config not reloaded');
      expect(lines[1]).toContain('pageSize');
      expect(live.pageSize).toBe(12);
      setConfigKey(dir, 'pageSize', 12); // repairs the file
      setConfigKey(dir, 'listenPort', 9000);
      await until(() => lines.length === 3);
      expect(live.listenPort).toBe(9000);
      expect(lines[2]).toContain('restart needed for: listenPort');
    } finally {
      watcher.close();
    }
  });

  it('writes config.json with mode 0600', () => {
    const dir = tempDataDir();
    setConfigKey(dir, 'pageSize', 24);
    expect(fs.statSync(path.join(dir, 'config.json')).mode & 0o777).toBe(0o600);
    expect(loadConfig(dir).pageSize).toBe(24);
  });
});
