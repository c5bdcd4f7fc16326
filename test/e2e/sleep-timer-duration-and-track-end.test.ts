/**
 * The sleep timer beside the spec's time of day (beyond the spec, as audiobook players
 * offer it): a duration (15, 30, 45, 60 or 90 minutes) pauses playback that long after it
 * is set, and "end of this track" pauses when the playing track ends, on the next track.
 *
 * RJ265946: 'long tone 10min.mp3' (600 s); RJ01012345: 02_耳かき.mp3 (4.9 s), 03_おやすみ.mp3.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { startE2E, type E2E } from './browser.js';

let e2e: E2E;
beforeAll(async () => { e2e = await startE2E(); }, 120_000);
afterAll(async () => { await e2e?.close(); });

const paused = (page: Page) => page.evaluate(() => document.querySelector('audio')!.paused);

async function playTrack(page: Page, workId: number, title: string): Promise<void> {
  await page.goto(`/work/${workId}`);
  await page.locator('[data-testid="tree-item"][data-type="audio"]').filter({ hasText: title }).click();
  await expect.poll(() => page.getByTestId('player-title').textContent()).toBe(title);
  await page.waitForFunction(() => { const a = document.querySelector('audio'); return !!a && !a.paused && a.currentTime > 0.2; }, undefined, { timeout: 20_000 });
}

async function openSleepTimer(page: Page): Promise<void> {
  await page.getByTestId('player-settings').first().click();
  await page.getByRole('menuitem', { name: 'Sleep timer' }).click();
  await page.getByTestId('sleep-durations').waitFor();
}

describe('sleep timer by duration and at the end of the track', () => {
  it('offers the durations; 15 minutes pause playback 15 minutes later, shown as the time it falls due', async () => {
    const page = await e2e.page();
    await page.clock.install({ time: new Date(2026, 10, 21, 22, 10, 30) });
    await playTrack(page, 265946, 'long tone 10min.mp3');
    await openSleepTimer(page);
    expect(await page.getByTestId('sleep-durations').getByRole('button').allTextContents()).toEqual(['15 min', '30 min', '45 min', '60 min', '90 min', 'End of this track']);
    await page.getByRole('button', { name: '15 min' }).click();
    await page.getByText('Playback pauses at 22:25').first().waitFor();
    expect(JSON.parse((await page.evaluate(() => sessionStorage.getItem('sleepTimer')))!)).toMatchObject({ time: '22:25' });
    await page.clock.fastForward('14:50');
    expect(await paused(page)).toBe(false);
    await page.clock.fastForward('00:15');
    await expect.poll(() => paused(page)).toBe(true);
    await page.getByText('Sleep timer reached: playback paused').waitFor();
    expect(await page.evaluate(() => sessionStorage.getItem('sleepTimer'))).toBeNull();
    await page.context().close();
  });

  it('"end of this track" pauses when the playing track ends, on the next track, kept for the session until then', async () => {
    const page = await e2e.page();
    await playTrack(page, 1012345, '02_耳かき.mp3');
    await openSleepTimer(page);
    await page.getByTestId('sleep-track-end').click();
    await page.getByText('Playback pauses at the end of this track').first().waitFor();
    expect(await page.evaluate(() => sessionStorage.getItem('sleepTimer'))).toBe('{"atTrackEnd":true}');
    await expect.poll(() => page.getByTestId('player-title').textContent(), { timeout: 20_000 }).toBe('03_おやすみ.mp3');
    await expect.poll(() => paused(page)).toBe(true);
    await page.waitForTimeout(2500); // 03 lasts 1.4 s: had it played, it would have ended by now
    expect(await page.evaluate(() => document.querySelector('audio')!.currentTime)).toBeLessThan(0.5);
    await page.getByText('Sleep timer reached: playback paused').waitFor();
    expect(await page.evaluate(() => sessionStorage.getItem('sleepTimer'))).toBeNull();
    await openSleepTimer(page);
    await page.getByTestId('sleep-state').filter({ hasText: 'No timer set' }).waitFor();
    await page.context().close();
  });

  it('speaks Chinese in the zh-CN UI', async () => {
    const page = await e2e.page({ lang: 'zh-CN' });
    await page.goto('/works');
    await page.getByTestId('drawer-toggle').click();
    await page.getByText('睡眠定时').click();
    expect(await page.getByTestId('sleep-durations').getByRole('button').allTextContents()).toEqual(['15 分钟', '30 分钟', '45 分钟', '60 分钟', '90 分钟', '播完当前音轨']);
    await page.getByRole('button', { name: '30 分钟' }).click();
    await page.getByText(/^将在 \d\d:\d\d 暂停播放$/).first().waitFor();
    await page.context().close();
  });
});
