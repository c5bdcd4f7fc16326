/**
 * /work/:id (spec 000 section 2 "Work detail"): GET /api/work/{id} and
 * GET /api/tracks/{id}; the header, the actions and the file tree (single-child folder
 * chain auto-expanded at load), then the caller's bookmarks of the work (library works), and
 * (beyond the spec) a button that downloads the whole work as one zip while it has files.
 * AI task badges poll every 10 s while a task is pending
 * or transcribing. A saved history loads the queue (without playing) when nothing plays.
 * /fake/work/:id is the same page against the trial catalogue (GET /api/fake/{id} and
 * /api/fake/tracks/{id}; trial hashes): header, dislike and download, file tree, play,
 * AI tasks and their badges (a task's hash is the trial form there).
 * An id that is not a work id (`/work/abc`) and a work the server does not know (404) show
 * the not-found page, with no call for the former; any other failure its error notice and text.
 */
import { lazy, useCallback, useEffect, useMemo, useState } from 'react';
import { Center, Loader, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate, useParams } from 'react-router-dom';
import type { TrackNode, Work } from '@model';
import { ApiError, call, callMediaUrl, errorText, notifyError } from '../api/client';
import { player } from '../player/store';
import { FileTree } from '../components/work/FileTree';
import { initialPath, resolvePath } from '../components/work/tree';
import { useWorkTasks } from '../components/work/useWorkTasks';
import { WorkActions } from '../components/work/WorkActions';
import { WorkHeader } from '../components/work/WorkHeader';
import { WorkBookmarks } from '../components/work/WorkBookmarks';
import { TrialActions } from '../components/TrialActions';
import { scopeOfPath, tracksRoute, workRoute, worksPage, zipRoute } from '../api/scope';

// The layout's Suspense shows its loader while this small chunk (shared with the route table) loads.
const NotFound = lazy(() => import('./NotFound'));
const isNotFound = (err: unknown) => err instanceof ApiError && err.status === 404;
/** Whether a route's id can name a work: a positive whole number. */
const isWorkId = (id: string) => /^[1-9]\d{0,15}$/.test(id);

export default function WorkDetail() {
  const { t } = useTranslation();
  const { id = '' } = useParams();
  const scope = scopeOfPath(useLocation().pathname);
  const navigate = useNavigate();
  const [work, setWork] = useState<Work | null>(null);
  const [tracks, setTracks] = useState<TrackNode[] | null>(null);
  const [failure, setFailure] = useState<unknown>(null);
  const [path, setPath] = useState<number[]>([]);
  const validId = isWorkId(id);
  const { tasks, refresh: loadTasks } = useWorkTasks(validId ? id : '');

  useEffect(() => {
    let live = true;
    setWork(null);
    setTracks(null);
    setFailure(null);
    if (!validId) return;
    Promise.all([call(workRoute(scope), { params: { id } }), call(tracksRoute(scope), { params: { id } })])
      .then(([w, tr]) => {
        if (!live) return;
        setWork(w);
        setTracks(tr);
        setPath(initialPath(tr));
        if (w.state && w.state.queue.length && player.getState().queue.length === 0) {
          player.playQueue(w.state.queue, w.state.index, { seconds: w.state.seconds, autoplay: false });
        }
      })
      .catch((err) => {
        if (!live) return;
        setFailure(err);
        if (!isNotFound(err)) notifyError(err);
      });
    return () => { live = false; };
  }, [id, scope, validId]);

  /** The tree again (a trial download has just finished). */
  const reloadTracks = useCallback(() => {
    call(tracksRoute(scope), { params: { id } }).then((tr) => { setTracks(tr); setPath(initialPath(tr)); }, notifyError);
  }, [id, scope]);

  /** The work again (its metadata was just fetched again). */
  const reloadWork = useCallback(() => {
    call(workRoute(scope), { params: { id } }).then(setWork, notifyError);
  }, [id, scope]);

  const aiStatus = useMemo(() => new Map(tasks.filter((t) => t.hash).map((t) => [t.hash!, t.status])), [tasks]);

  const folder = useMemo(() => (tracks ? resolvePath(tracks, path).folders.map((f) => f.title).join('/') : ''), [tracks, path]);
  const patch = useCallback((p: Partial<Work>) => setWork((w) => (w ? { ...w, ...p } : w)), []);

  if (!validId) return <NotFound />;
  if (failure !== null) return isNotFound(failure) ? <NotFound /> : <Center h="40vh"><Text c="dimmed">{errorText(failure)}</Text></Center>;
  if (!work || !tracks) return <Center h="40vh"><Loader /></Center>;
  return (
    <Stack gap={0} maw={1200} mx="auto">
      <WorkHeader work={work} scope={scope} onChange={patch} onReload={reloadWork} />
      <WorkActions work={work} folder={folder} onChange={patch} onTasks={loadTasks} zipUrl={tracks.length > 0 ? callMediaUrl({ route: zipRoute(scope), params: { workId: work.id } }) : null}
        trial={scope === 'trial' ? <TrialActions workId={work.id} variant="page" onDisliked={() => navigate(worksPage('trial'))} onDownloaded={reloadTracks} downloaded={work.trial?.downloaded} /> : undefined} />
      {scope === 'trial' && tracks.length === 0 && <Text size="sm" c="dimmed" mb="sm" data-testid="trial-not-downloaded">{t('trial.notDownloaded')}</Text>}
      <FileTree tracks={tracks} workTitle={work.title} path={path} onPath={setPath} aiStatus={aiStatus} onTasks={loadTasks} />
      {scope === 'library' && <WorkBookmarks workId={work.id} workTitle={work.title} tracks={tracks} />}
    </Stack>
  );
}
