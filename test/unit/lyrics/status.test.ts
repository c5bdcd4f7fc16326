import { describe, expect, it } from 'vitest';
import { canRetryTask, mergeTaskStatus, shouldPollTasks, TaskStatus, withTaskStatus } from '../../../src/lyrics/index.js';

const { NONE, PENDING, TRANSCRIBING, SUCCESS, ERROR } = TaskStatus;

describe('mergeTaskStatus (spec 000 section 4)', () => {
  it('transcribing beats pending, which beats the rest', () => {
    expect(mergeTaskStatus([SUCCESS, PENDING, TRANSCRIBING, ERROR], 'folder')).toBe(TRANSCRIBING);
    expect(mergeTaskStatus([SUCCESS, PENDING, ERROR], 'audio')).toBe(PENDING);
  });
  it('audio: success beats error; folder: error beats success', () => {
    expect(mergeTaskStatus([ERROR, SUCCESS], 'audio')).toBe(SUCCESS);
    expect(mergeTaskStatus([ERROR, SUCCESS], 'folder')).toBe(ERROR);
  });
  it('no tasks (or only none) gives none', () => {
    expect(mergeTaskStatus([], 'audio')).toBe(NONE);
    expect(mergeTaskStatus([NONE, NONE], 'folder')).toBe(NONE);
  });
  it('polls only while pending or transcribing; retry from pending up', () => {
    expect([NONE, PENDING, TRANSCRIBING, SUCCESS, ERROR].map(shouldPollTasks)).toEqual([false, true, true, false, false]);
    expect([NONE, PENDING, TRANSCRIBING, SUCCESS, ERROR].map(canRetryTask)).toEqual([false, true, true, true, true]);
  });
});

describe('withTaskStatus', () => {
  const tree = [
    { type: 'folder', title: 'mp3', children: [
      { type: 'audio', title: '01.mp3', hash: '7/1' },
      { type: 'audio', title: '02.mp3', hash: '7/2' },
      { type: 'text', title: '01.lrc', hash: '7/3' },
    ] },
    { type: 'folder', title: 'flac', children: [{ type: 'audio', title: '01.flac', hash: '7/4' }] },
    { type: 'image', title: 'cover.jpg', hash: '7/5' },
  ];
  it('gives audio nodes their tasks, folders the folder rule, others none, and the overall status', () => {
    const tasks = [
      { id: 1, hash: '7/1', status: ERROR },
      { id: 2, hash: '7/1', status: SUCCESS },
      { id: 3, hash: '7/2', status: ERROR },
      { id: 4, hash: '7/4', status: SUCCESS },
    ];
    const { nodes, status } = withTaskStatus(tree, tasks);
    const mp3 = nodes[0]!.children!;
    expect(mp3.map((n) => n.status)).toEqual([SUCCESS, ERROR, NONE]);
    expect(mp3[0]!.tasks.map((t) => t.id)).toEqual([1, 2]);
    expect(nodes.map((n) => n.status)).toEqual([ERROR, SUCCESS, NONE]);
    expect(status).toBe(ERROR);
    expect(shouldPollTasks(status)).toBe(false);
    expect(nodes[0]!.title).toBe('mp3');
  });
  it('a pending task anywhere makes the whole tree pending (polling on)', () => {
    const { status } = withTaskStatus(tree, [{ hash: '7/4', status: PENDING }, { hash: '7/2', status: ERROR }]);
    expect(status).toBe(PENDING);
    expect(withTaskStatus(tree, []).status).toBe(NONE);
  });
});
