/** The TUI names sorts, filters, progress and play modes with the web UI's English labels. */
import { describe, expect, it } from 'vitest';
import en from '../../web/src/i18n/en.js';
import novelEn from '../../web/src/i18n/novel-en.js';
import { FAVOURITE_ORDER_LABELS, LYRIC_LABELS, MY_PROCESS_LABELS, NOVEL_ORDER_LABELS, NSFW_LABELS, PLAY_MODE_LABELS, PROGRESS_LABELS, WORK_ORDER_LABELS } from '../../src/tui/labels.js';

describe('TUI labels', () => {
  it('are the web UI\'s English labels', () => {
    const { betterRandom: _, ...webOrders } = en.works.order;
    expect(WORK_ORDER_LABELS).toEqual(webOrders);
    expect(FAVOURITE_ORDER_LABELS).toEqual(en.fav.sort);
    expect(NSFW_LABELS).toEqual([en.works.nsfwOpt[0], en.works.nsfwOpt[1], en.works.nsfwOpt[2]]);
    expect(LYRIC_LABELS).toEqual(en.works.lyricOpt);
    expect(PROGRESS_LABELS).toEqual(en.progress);
    expect(Object.values(PLAY_MODE_LABELS)).toEqual(Object.values(en.player.modes));
    expect(NOVEL_ORDER_LABELS).toEqual(novelEn.works.order);
    expect(MY_PROCESS_LABELS).toEqual([novelEn.myProcess[0], novelEn.myProcess[1], novelEn.myProcess[2], novelEn.myProcess[3]]);
  });
});
