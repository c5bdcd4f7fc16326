/**
 * The work's file tree (spec 000 section 2 "File tree"): breadcrumbs from ROOT, folders
 * open on click and show their item count, audio plays on click (round play/pause
 * button, duration), images open the preview, text opens in a new tab, other files
 * download. Right-click: add to the queue ("add to playlist" in the spec's words), play
 * next, add the track or the whole work to one of the user's playlists (not for guests;
 * AddToPlaylistModal), download, AI translate (audio, of the library and of a downloaded
 * trial alike).
 * A circular AI status badge shows on items whose status is above none.
 */
import { useState, type MouseEvent } from 'react';
import { ActionIcon, Anchor, Breadcrumbs, Group, Menu, Paper, Text, Tooltip, UnstyledButton } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import {
  IconDownload, IconFile, IconFileText, IconFolder, IconLanguage, IconListDetails, IconPhoto, IconPlayerPauseFilled, IconPlayerPlayFilled, IconPlaylistAdd, IconPlayerTrackNext,
} from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { workIdOfHash, type TrackNode } from '@model';
import { trackMediaPath } from '../../../../src/api/routes';
import { mediaUrl, notifyError, notifySuccess } from '../../api/client';
import { translateAudio } from '../../api/lyric';
import { TaskStatus, mergeTaskStatus } from '../../../../src/lyrics/status.js';
import { formatSeconds } from '../../player/format';
import { player, usePlayer } from '../../player/store';
import { useCanWrite } from '../../api/auth';
import { AddToPlaylistModal, type AddTarget } from '../playlist/AddToPlaylist';
import { ImagePreview } from './ImagePreview';
import { audioHashes, resolvePath, toQueueItem } from './tree';

const AI_COLORS: Record<number, string> = { 1: 'gray', 2: 'blue', 3: 'green', 4: 'red' };

export interface FileTreeProps {
  tracks: TrackNode[];
  workTitle: string;
  path: number[];
  onPath(path: number[]): void;
  /** AI task status by audio hash. */
  aiStatus: Map<string, number>;
  /** Called after a task was created (the page reloads the statuses). */
  onTasks(): void;
}

function AiBadge({ status }: { status: number }) {
  const { t } = useTranslation();
  if (status <= TaskStatus.NONE) return null;
  return (
    <Tooltip label={t(`work.ai.${status as 1 | 2 | 3 | 4}`)}>
      <span data-testid="ai-badge" data-status={status}
        style={{ width: 10, height: 10, borderRadius: '50%', background: `var(--mantine-color-${AI_COLORS[status]}-6)`, display: 'inline-block', flexShrink: 0 }} />
    </Tooltip>
  );
}

function download(node: TrackNode): void {
  const a = document.createElement('a');
  a.href = mediaUrl(node.mediaDownloadUrl ?? trackMediaPath('download', node.hash!));
  a.download = node.title;
  document.body.appendChild(a);
  a.click();
  a.remove();
}

export function FileTree({ tracks, workTitle, path, onPath, aiStatus, onTasks }: FileTreeProps) {
  const { t } = useTranslation();
  const playingHash = usePlayer((s) => s.queue[s.queueIndex]?.hash);
  const playing = usePlayer((s) => s.playing);
  const [preview, setPreview] = useState<number | null>(null);
  const [menu, setMenu] = useState<{ x: number; y: number; node: TrackNode } | null>(null);
  const [adding, setAdding] = useState<AddTarget | null>(null);
  const canWrite = useCanWrite();
  const { folders, items } = resolvePath(tracks, path);
  const audios = items.filter((n) => n.type === 'audio');
  const images = items.filter((n) => n.type === 'image');

  const open = (node: TrackNode, index: number) => {
    switch (node.type) {
      case 'folder': return onPath([...path, index]);
      case 'audio': {
        if (node.hash === playingHash) return player.toggle();
        return player.playQueue(audios.map((a) => toQueueItem(a, workTitle)), audios.indexOf(node));
      }
      case 'image': return setPreview(images.indexOf(node));
      case 'text': return void window.open(mediaUrl(node.mediaStreamUrl ?? trackMediaPath('stream', node.hash!)), '_blank', 'noopener');
      default: return download(node);
    }
  };

  const onContextMenu = (e: MouseEvent, node: TrackNode) => {
    if (node.type === 'folder') return;
    e.preventDefault();
    setMenu({ x: e.clientX, y: e.clientY, node });
  };

  const aiTranslate = async (node: TrackNode) => {
    try {
      const res = await translateAudio(node.hash!);
      notifySuccess(res);
      onTasks();
    } catch (err) {
      notifyError(err);
    }
  };

  const icon = (node: TrackNode) => {
    if (node.type === 'folder') return <IconFolder size={22} color="var(--mantine-color-yellow-6)" />;
    if (node.type === 'audio') {
      const isCurrent = node.hash === playingHash;
      return (
        <ActionIcon component="span" radius="xl" size="md" variant={isCurrent ? 'filled' : 'light'} aria-hidden>
          {isCurrent && playing ? <IconPlayerPauseFilled size={14} /> : <IconPlayerPlayFilled size={14} />}
        </ActionIcon>
      );
    }
    if (node.type === 'image') return <IconPhoto size={22} color="var(--mantine-color-teal-6)" />;
    if (node.type === 'text') return <IconFileText size={22} color="var(--mantine-color-blue-6)" />;
    return <IconFile size={22} color="var(--mantine-color-gray-6)" />;
  };

  return (
    <Paper withBorder radius="md" p="xs" data-testid="file-tree">
      <Breadcrumbs mb="xs" separatorMargin={4} data-testid="breadcrumbs" style={{ flexWrap: 'wrap' }}>
        <Anchor component="button" type="button" size="sm" onClick={() => onPath([])}>{t('work.root')}</Anchor>
        {folders.map((f, i) => (
          <Anchor key={i} component="button" type="button" size="sm" onClick={() => onPath(path.slice(0, i + 1))}>{f.title}</Anchor>
        ))}
      </Breadcrumbs>
      {items.length === 0 && <Text c="dimmed" size="sm" p="sm">{t('work.emptyFolder')}</Text>}
      {items.map((node, i) => {
        const status = node.type === 'folder'
          ? mergeTaskStatus(audioHashes(node).map((h) => aiStatus.get(h) ?? 0), 'folder')
          : node.hash ? aiStatus.get(node.hash) ?? 0 : 0;
        return (
          <UnstyledButton
            key={`${node.type}:${node.title}:${i}`}
            onClick={() => open(node, i)}
            onContextMenu={(e) => onContextMenu(e, node)}
            w="100%" px="xs" py={8}
            style={{ borderRadius: 6, display: 'block', background: node.hash && node.hash === playingHash ? 'var(--mantine-color-default-hover)' : undefined }}
            data-testid="tree-item" data-type={node.type}
          >
            <Group wrap="nowrap" gap="sm">
              {icon(node)}
              <Text size="sm" style={{ flex: 1, minWidth: 0, wordBreak: 'break-all' }} data-testid="tree-title">{node.title}</Text>
              <AiBadge status={status} />
              {node.type === 'folder' && <Text size="xs" c="dimmed" data-testid="folder-count">{t('work.items', { count: node.children?.length ?? 0 })}</Text>}
              {node.type === 'audio' && <Text size="xs" c="dimmed" data-testid="duration">{formatSeconds(node.duration)}</Text>}
            </Group>
          </UnstyledButton>
        );
      })}
      <Menu opened={menu !== null} onChange={(o) => { if (!o) setMenu(null); }} position="bottom-start" withinPortal>
        <Menu.Target>
          <div style={{ position: 'fixed', left: menu?.x ?? 0, top: menu?.y ?? 0, width: 1, height: 1 }} />
        </Menu.Target>
        <Menu.Dropdown data-testid="context-menu">
          {menu?.node.type === 'audio' && (
            <>
              <Menu.Item leftSection={<IconPlaylistAdd size={16} />} onClick={() => { player.addToQueue(toQueueItem(menu.node, workTitle)); notifications.show({ message: t('work.addedToQueue') }); }}>
                {t('work.addToPlaylist')}
              </Menu.Item>
              <Menu.Item leftSection={<IconPlayerTrackNext size={16} />} onClick={() => { player.playNext(toQueueItem(menu.node, workTitle)); notifications.show({ message: t('work.willPlayNext') }); }}>
                {t('work.playNext')}
              </Menu.Item>
              {canWrite && (
                <>
                  <Menu.Item leftSection={<IconListDetails size={16} />} onClick={() => setAdding({ hashes: [menu.node.hash!] })} data-testid="menu-add-track-to-playlist">
                    {t('playlist.addTrack')}
                  </Menu.Item>
                  <Menu.Item leftSection={<IconListDetails size={16} />} onClick={() => setAdding({ workId: workIdOfHash(menu.node.hash!)! })} data-testid="menu-add-work-to-playlist">
                    {t('playlist.addWork')}
                  </Menu.Item>
                </>
              )}
            </>
          )}
          {menu && <Menu.Item leftSection={<IconDownload size={16} />} onClick={() => download(menu.node)}>{t('work.download')}</Menu.Item>}
          {menu?.node.type === 'audio' && (
            <Menu.Item leftSection={<IconLanguage size={16} />} onClick={() => void aiTranslate(menu.node)}>{t('work.aiTranslate')}</Menu.Item>
          )}
        </Menu.Dropdown>
      </Menu>
      <ImagePreview images={images} index={preview} onIndex={setPreview} onClose={() => setPreview(null)} />
      <AddToPlaylistModal target={adding} onClose={() => setAdding(null)} />
    </Paper>
  );
}
