/**
 * The TUI application: a header with the nine screens (8: the trial catalogue, 9: the
 * novel section, read only), the current screen,
 * a message line and the now-playing bar. Keys of the 'everywhere' context are handled
 * here (playback, views, search and sleep prompts, help, back/quit); each screen handles
 * its own context and the list keys. Esc goes back and never quits; q goes back and on a
 * first screen quits, asking "quit? [y/N]" on the message line while something plays.
 */
import React, { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { Box, Text, useApp, useStdout } from 'ink';
import { formatDuration, stepSpeed, stepVolume, SLEEP_NOTICE_MS } from '../player/index.js';
import { actionFor, keyToken, type ActionName } from './keys.js';
import { SessionContext, type Session } from './session.js';
import { usePlayerState } from './hooks/use-player.js';
import { ScreenKeysContext, useKeyQueue, type ScreenKeys } from './hooks/use-keys.js';
import { NowBar } from './components/now-bar.js';
import { Prompt, editPrompt } from './components/prompt.js';
import { WorksScreen } from './screens/works.js';
import { NamesScreen } from './screens/names.js';
import { WorkScreen } from './screens/work.js';
import { QueueScreen } from './screens/queue.js';
import { FavouritesScreen } from './screens/favourites.js';
import { PlaylistScreen, PlaylistsScreen } from './screens/playlists.js';
import { PlayingScreen } from './screens/playing.js';
import { TrialScreen } from './screens/trial.js';
import { HelpOverlay, HELP_LINE_COUNT } from './screens/help.js';
import { NovelScreen, NovelsScreen } from './screens/novels.js';
import { PagerScreen } from './screens/pager.js';
import { parseSeekTime } from './seek-time.js';
import { useRestoreHistory } from './hooks/use-restore.js';
import { parseSearch, rootView, searchText, tabOf, worksView, type View } from './views.js';
import type { DataSource, SharedConfig } from './data/source.js';
import type { PlayerIntent } from './session.js';
import type { PlayerController } from './player/controller.js';

export interface AppProps {
  source: DataSource;
  player: PlayerController | null;
  playerMissing?: string | null;
  /** The audio program is starting: player actions wait and run, in order, once `player` joins. */
  playerStarting?: boolean;
  seek: SharedConfig;
  /** Fixed size (tests, benches); else the terminal's, following resizes. */
  columns?: number;
  rows?: number;
  /** Called when the listener quits (q on the first screen). */
  onQuit?(): void;
  initialView?: View;
  /** Load the listener's latest play history into the empty queue when the player joins (paused), as the TUI does at start. */
  restoreAtStart?: boolean;
}

const TABS = ['Works', 'Circles', 'Tags', 'VAs', 'Favourites', 'Queue', 'Playing', 'Trial', 'Novels'];
/** Whether every tab fits padded (' 1 Works '), with the help hint, in `columns`. */
const roomyTabs = (columns: number) => TABS.reduce((n, t, i) => n + `${i + 1} ${t}`.length + 2, 0) + ' ? help'.length <= columns;

/**
 * The header's pieces: every tab padded (' 1 Works ') when they fit, else only the
 * selected tab padded and the others one space apart, so all nine fit in 80 columns.
 */
export function tabLabels(tab: number, columns: number): { text: string; selected: boolean }[] {
  const roomy = roomyTabs(columns);
  const out: { text: string; selected: boolean }[] = [];
  TABS.forEach((t, i) => {
    const selected = tab === i + 1;
    if (!roomy && i > 0 && !selected && tab !== i) out.push({ text: ' ', selected: false });
    out.push({ text: roomy || selected ? ` ${i + 1} ${t} ` : `${i + 1} ${t}`, selected });
  });
  return out;
}

/** The prompt on the message line: search, sleep time, or one a screen asked for (`ask`: its label and what Enter does). */
type PromptState = { kind: 'search' | 'sleep'; value: string } | { kind: 'ask'; label: string; value: string; submit(text: string): void } | null;

function useTerminalSize(columns?: number, rows?: number): { columns: number; rows: number } {
  const { stdout } = useStdout();
  const [size, setSize] = useState({ columns: stdout.columns || 80, rows: stdout.rows || 24 });
  useEffect(() => {
    if (columns && rows) return;
    const onResize = () => setSize({ columns: stdout.columns || 80, rows: stdout.rows || 24 });
    stdout.on('resize', onResize);
    return () => { stdout.off('resize', onResize); };
  }, [stdout, columns, rows]);
  return { columns: columns ?? size.columns, rows: rows ?? size.rows };
}

export function App(props: AppProps): React.ReactElement {
  const { source, player, seek } = props;
  const playerMissing = props.playerMissing ?? null;
  const { exit } = useApp();
  const { columns, rows } = useTerminalSize(props.columns, props.rows);
  const [stack, setStack] = useState<View[]>([props.initialView ?? worksView()]);
  const [notice, setNotice] = useState<{ text: string; kind: 'info' | 'error' } | null>(null);
  const [prompt, setPromptState] = useState<PromptState>(null);
  /** The prompt as the input handler sees it between frames. */
  const promptRef = useRef<PromptState>(null);
  const screenKeys = useRef<ScreenKeys | null>(null);
  const openPrompt = (p: PromptState) => { promptRef.current = p; setPromptState(p); };
  /** A question ("quit?", a screen's `confirm`) is on the message line with [y/N]: the next key answers it, y runs `yes`. */
  const [asking, setAsking] = useState<{ question: string; yes(): void } | null>(null);
  const askingRef = useRef<{ question: string; yes(): void } | null>(null);
  const confirm = useCallback((c: { question: string; yes(): void } | null) => { askingRef.current = c; setAsking(c); }, []);
  const [help, setHelp] = useState<number | null>(null);
  const state = usePlayerState(player);
  const noticeTimer = useRef<NodeJS.Timeout | null>(null);
  const view = stack[stack.length - 1]!;

  const notify = useCallback((text: string, kind: 'info' | 'error' = 'info') => {
    setNotice({ text, kind });
    if (noticeTimer.current) clearTimeout(noticeTimer.current);
    noticeTimer.current = setTimeout(() => setNotice(null), SLEEP_NOTICE_MS);
    noticeTimer.current.unref?.();
  }, []);
  useEffect(() => () => { if (noticeTimer.current) clearTimeout(noticeTimer.current); }, []);
  useRestoreHistory(!!props.restoreAtStart, source, player, notify);
  useEffect(() => {
    if (!player) return;
    const onFailure = (message: string) => notify(message, 'error');
    player.on('failure', onFailure);
    return () => { player.off('failure', onFailure); };
  }, [player, notify]);
  // A player that joins with a message (ffplay standing in for mpv): the install hint.
  useEffect(() => { if (player && playerMissing) notify(playerMissing, 'error'); }, [player, playerMissing, notify]);

  // The sleep timer clearing itself while due: tell the listener.
  const sleepBefore = useRef(state.sleepTime);
  useEffect(() => {
    if (sleepBefore.current && !state.sleepTime && !state.playing) notify(`sleep timer ${sleepBefore.current}: paused`);
    sleepBefore.current = state.sleepTime;
  }, [state.sleepTime, state.playing, notify]);

  /** Player actions taken while the audio program starts (run when it joins). */
  const waiting = useRef<PlayerIntent[]>([]);
  const playerStarting = !player && !!props.playerStarting;
  const dispatch = useCallback((intent: PlayerIntent) => {
    if (player) return player.dispatch(typeof intent === 'function' ? intent(player.state) : intent);
    if (playerStarting) { waiting.current.push(intent); return; }
    notify(playerMissing ?? 'no audio player', 'error');
  }, [player, playerStarting, playerMissing, notify]);
  useEffect(() => {
    if (playerStarting) return;
    const queued = waiting.current.splice(0);
    if (player) for (const intent of queued) player.dispatch(typeof intent === 'function' ? intent(player.state) : intent);
    else if (queued.length) notify(playerMissing ?? 'no audio player', 'error');
  }, [player, playerStarting, playerMissing, notify]);

  const session: Session = useMemo(() => ({
    source, player, playerMissing, seek, notify, dispatch,
    push: (v: View) => setStack((s) => [...s, v]),
    update: (patch: Partial<View>) => setStack((s) => [...s.slice(0, -1), { ...s[s.length - 1]!, ...patch } as View]),
    ask: (label: string, value: string, submit: (text: string) => void) => openPrompt({ kind: 'ask', label, value, submit }),
    confirm: (question: string, yes: () => void) => confirm({ question, yes }),
  }), [source, player, playerMissing, seek, notify, dispatch, confirm]);

  const quit = useCallback(() => {
    if (props.onQuit) props.onQuit();
    else exit();
  }, [props, exit]);

  /** Up a folder, else the previous view; on a first screen, quits when `mayQuit` (asking first while something plays). */
  const back = (mayQuit: boolean) => {
    if (view.screen === 'work' && view.path.length > 0) {
      session.update({ path: view.path.slice(0, -1), cursor: 0 } as Partial<View>);
      return;
    }
    if (stack.length > 1) setStack((s) => s.slice(0, -1));
    else if (!mayQuit) return;
    else if (state.playing) confirm({ question: 'quit?', yes: quit });
    else quit();
  };

  const onAction = (action: ActionName) => {
    switch (action) {
      case 'pause': return dispatch({ type: 'togglePlaying' });
      case 'seekBack': return dispatch({ type: 'seekBy', seconds: -seek.rewindSeekTime });
      case 'seekForward': return dispatch({ type: 'seekBy', seconds: seek.forwardSeekTime });
      case 'speedDown': return dispatch((s) => ({ type: 'setSpeed', speed: stepSpeed(s.speed, -1) }));
      case 'speedUp': return dispatch((s) => ({ type: 'setSpeed', speed: stepSpeed(s.speed, 1) }));
      case 'volumeUp': return dispatch((s) => ({ type: 'setVolume', volume: stepVolume(s.volume, 1) }));
      case 'volumeDown': return dispatch((s) => ({ type: 'setVolume', volume: stepVolume(s.volume, -1) }));
      case 'mute': return dispatch({ type: 'toggleMuted' });
      case 'next': return dispatch({ type: 'next' });
      case 'previous': return dispatch({ type: 'previous' });
      case 'playMode': return dispatch({ type: 'cyclePlayMode' });
      case 'seekTo': return openPrompt({ kind: 'ask', label: 'seek to (1:23:45, 83:45 or 45): ', value: '', submit: seekToTyped });
      case 'lyricEarlier': return dispatch({ type: 'stepLyricOffset', steps: -1 });
      case 'lyricLater': return dispatch({ type: 'stepLyricOffset', steps: 1 });
      case 'search': return openPrompt({ kind: 'search', value: view.screen === 'names' ? view.filter : view.screen === 'works' ? searchText(view) : '' });
      case 'sleep': return openPrompt({ kind: 'sleep', value: state.sleepTime ?? '' });
      case 'help': return setHelp(0);
      case 'back': return back(false);
      case 'quit': return back(true);
      case 'viewWorks': case 'viewCircles': case 'viewTags': case 'viewVas': case 'viewFavourites': case 'viewQueue': case 'viewPlaying': case 'viewTrial': case 'viewNovels': {
        const n = ['viewWorks', 'viewCircles', 'viewTags', 'viewVas', 'viewFavourites', 'viewQueue', 'viewPlaying', 'viewTrial', 'viewNovels'].indexOf(action) + 1;
        return setStack([rootView(n)]);
      }
      default:
    }
  };

  useKeyQueue((input, key) => {
    const token = keyToken(input, key);
    if (token === 'C-c') return quit();
    if (askingRef.current) {
      const { yes } = askingRef.current;
      confirm(null);
      return token === 'y' || token === 'Y' ? yes() : undefined;
    }
    if (promptRef.current) {
      const p = promptRef.current;
      const edited = editPrompt(p.value, input, key);
      if (edited === 'cancel') return openPrompt(null);
      if (edited === 'submit') return submitPrompt(p.value);
      return openPrompt({ ...p, value: edited });
    }
    if (help !== null) {
      const a = actionFor(token, ['list', 'everywhere']);
      const page = rows - 5;
      if (a === 'down') setHelp(Math.min(HELP_LINE_COUNT - 1, help + 1));
      else if (a === 'up') setHelp(Math.max(0, help - 1));
      else if (a === 'pageDown') setHelp(Math.min(HELP_LINE_COUNT - 1, help + page));
      else if (a === 'pageUp') setHelp(Math.max(0, help - page));
      else if (a === 'back' || a === 'quit' || a === 'help') setHelp(null);
      return;
    }
    const screen = screenKeys.current;
    const screenAction = screen ? actionFor(token, screen.contexts) : null;
    if (screen && screenAction) return screen.handler(screenAction);
    const action = actionFor(token, ['everywhere']);
    if (action) onAction(action);
  }, () => screenKeys.current?.ready ?? true);


  /** Seeks the loaded track to the time typed at the seek prompt. */
  const seekToTyped = (text: string) => {
    const seconds = parseSeekTime(text);
    if (seconds === null) return notify(`not a time: ${text} (1:23:45, 83:45 or 45)`, 'error');
    if (player && player.state.queue.length === 0) return notify('nothing is loaded to seek in', 'error');
    dispatch({ type: 'seek', seconds });
    notify(`seek to ${formatDuration(seconds)}`);
  };

  const submitPrompt = (value: string) => {
    const p = promptRef.current;
    openPrompt(null);
    if (!p) return;
    if (p.kind === 'ask') return p.submit(value);
    if (p.kind === 'sleep') {
      if (!value.trim()) { dispatch({ type: 'clearSleepTimer' }); return notify('sleep timer cancelled'); }
      const before = player?.state.sleepTime;
      dispatch({ type: 'setSleepTimer', time: value, now: Date.now() });
      const after = player?.state.sleepTime;
      if (player && (after === before || !after)) return notify(`not a time of day: ${value} (HH:MM)`, 'error');
      if (after) notify(`sleep timer: pause at ${after}`);
      return;
    }
    if (view.screen === 'names') return session.update({ filter: value, cursor: 0 } as Partial<View>);
    const search = parseSearch(value);
    const title = search.advanced ? 'Advanced search' : search.keyword ? 'Search keyword' : 'All works';
    const base = view.screen === 'works' ? view : worksView();
    const next = { ...base, ...{ keyword: undefined, advanced: undefined }, ...search, title: base.circleId || base.tagId || base.vaId ? base.title : title, cursor: 0 };
    // A search is a view of its own on the stack (q and Esc go back to where it was typed); empty text clears the search in place.
    if (search.keyword || search.advanced) setStack((s) => [...s, next]);
    else if (view.screen === 'works') setStack((s) => [...s.slice(0, -1), next]);
    else setStack([next]);
  };

  const bodyHeight = Math.max(3, rows - 4);
  const active = prompt === null && help === null;
  const tab = tabOf(view);
  const screenProps = { active, width: columns, height: bodyHeight };
  let body: React.ReactElement;
  if (help !== null) body = <HelpOverlay offset={help} width={columns} height={bodyHeight} />;
  else {
    switch (view.screen) {
      case 'works': body = <WorksScreen key={stack.length} view={view} {...screenProps} />; break;
      case 'names': body = <NamesScreen key={`${view.kind}:${stack.length}`} view={view} {...screenProps} />; break;
      case 'work': body = <WorkScreen key={`${view.workId}:${stack.length}`} view={view} {...screenProps} />; break;
      case 'favourites': body = view.mode === 'playlists' ? <PlaylistsScreen view={view} {...screenProps} /> : <FavouritesScreen view={view} {...screenProps} />; break;
      case 'playlist': body = <PlaylistScreen key={`${view.playlistId}:${stack.length}`} view={view} {...screenProps} />; break;
      case 'queue': body = <QueueScreen view={view} {...screenProps} />; break;
      case 'playing': body = <PlayingScreen view={view} {...screenProps} />; break;
      case 'trial': body = <TrialScreen view={view} {...screenProps} />; break;
      case 'novels': body = <NovelsScreen key={stack.length} view={view} {...screenProps} />; break;
      case 'novel': body = <NovelScreen key={`${view.novelId}:${stack.length}`} view={view} {...screenProps} />; break;
      case 'pager': body = <PagerScreen key={`${view.hash}:${stack.length}`} view={view} {...screenProps} />; break;
    }
  }

  return (
    <SessionContext.Provider value={session}>
    <ScreenKeysContext.Provider value={screenKeys}>
      <Box flexDirection="column" width={columns} height={rows}>
        <Text wrap="truncate-end">
          {tabLabels(tab, columns).map(({ text, selected }, i) => (
            <Text key={i} inverse={selected} color={selected ? undefined : 'gray'}>{text}</Text>
          ))}
          {roomyTabs(columns) ? <Text color="gray"> ? help</Text> : null}
        </Text>
        <Box height={bodyHeight} flexDirection="column">{body}</Box>
        {asking ? (
          <Text wrap="truncate-end" color="yellow">{`${asking.question} [y/N]`}</Text>
        ) : prompt ? (
          <Prompt
            label={prompt.kind === 'ask' ? prompt.label : prompt.kind === 'search' ? (view.screen === 'names' ? 'filter: ' : 'search: ') : 'sleep at (HH:MM, empty cancels): '}
            value={prompt.value}
            width={columns}
          />
        ) : (
          <Text wrap="truncate-end" color={notice?.kind === 'error' ? 'red' : 'yellow'}>{notice?.text ?? ' '}</Text>
        )}
        <NowBar state={state} width={columns} />
      </Box>
    </ScreenKeysContext.Provider>
    </SessionContext.Provider>
  );
}
