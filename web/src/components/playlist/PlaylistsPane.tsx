/**
 * The favourites' playlists mode (/favourites/folder; src/playlists/README.md "Web UI"):
 * the caller's playlists (each pictured by its first track's cover), then other users' public ones; a new playlist by name (not for
 * guests). `?playlist={id}` opens one: play all or from a track, and for its owner rename,
 * public switch, delete (confirmed), remove a track, reorder by drag (dnd-kit: pointer or
 * keyboard on the handle) or with the up / down buttons. Every change is the server's
 * answer: the list shown is the playlist as saved.
 */
import { useCallback, useEffect, useState } from 'react';
import { ActionIcon, Badge, Button, Center, Group, Image, Loader, Modal, Paper, Stack, Switch, Text, TextInput, Title, UnstyledButton } from '@mantine/core';
import { IconArrowDown, IconArrowLeft, IconArrowUp, IconGripVertical, IconPlayerPlayFilled, IconTrash } from '@tabler/icons-react';
import { closestCenter, DndContext, KeyboardSensor, PointerSensor, useSensor, useSensors, type DragEndEvent } from '@dnd-kit/core';
import { SortableContext, arrayMove, sortableKeyboardCoordinates, useSortable, verticalListSortingStrategy } from '@dnd-kit/sortable';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { type PlaylistAnswer, type PlaylistEntry, type PlaylistSummary, type QueueItem } from '@model';
import { coverUrl, notifyError, notifySuccess } from '../../api/client';
import { playlists } from '../../api/playlists';
import { trackMediaPath } from '../../../../src/api/routes';
import { useCanWrite } from '../../api/auth';
import { formatSeconds } from '../../player/format';
import { player } from '../../player/store';
import { ConfirmModal } from '../ConfirmModal';

type Playlist = PlaylistAnswer['playlist'];

/** The queue item of an entry (its stream by hash: library or trial). */
const queueItem = (e: PlaylistEntry): QueueItem => ({ hash: e.hash, title: e.title, workTitle: e.workTitle, duration: e.duration, mediaStreamUrl: trackMediaPath('stream', e.hash) });

/** Plays the available entries of `list` from entry `from` (default the first available). */
function playEntries(list: PlaylistEntry[], from?: PlaylistEntry): void {
  const playable = list.filter((e) => e.available);
  const index = from ? playable.indexOf(from) : 0;
  player.playQueue(playable.map(queueItem), Math.max(index, 0));
}

function Summary({ p }: { p: PlaylistSummary }) {
  const { t } = useTranslation();
  return (
    <Group gap={6}>
      <Text size="xs" c="dimmed" data-testid="playlist-summary">{t('playlist.summary', { count: p.entryCount, duration: formatSeconds(p.duration) })}</Text>
      {p.public && <Badge size="xs" variant="light">{t('playlist.public')}</Badge>}
      {!p.mine && <Text size="xs" c="dimmed">{t('playlist.owner', { name: p.owner })}</Text>}
    </Group>
  );
}

interface RowProps { entry: PlaylistEntry; index: number; count: number; editable: boolean; onPlay(): void; onMove(to: number): void; onRemove(): void }

function EntryRow({ entry, index, count, editable, onPlay, onMove, onRemove }: RowProps) {
  const { t } = useTranslation();
  const { attributes, listeners, setNodeRef, transform, transition, isDragging } = useSortable({ id: entry.id, disabled: !editable });
  return (
    <Group ref={setNodeRef} gap={4} wrap="nowrap" py={6} px={4} data-testid="playlist-entry" data-entry={entry.id}
      style={{ transform: transform ? `translate3d(${transform.x}px, ${transform.y}px, 0)` : undefined, transition, opacity: isDragging ? 0.6 : 1, borderBottom: '1px solid var(--mantine-color-default-border)' }}>
      {editable && (
        <ActionIcon variant="subtle" color="gray" aria-label={t('playlist.drag')} style={{ cursor: 'grab', touchAction: 'none' }} {...attributes} {...listeners} data-testid="playlist-handle">
          <IconGripVertical size={16} />
        </ActionIcon>
      )}
      <UnstyledButton style={{ flex: 1, minWidth: 0 }} disabled={!entry.available} onClick={onPlay} data-testid="playlist-entry-play">
        <Text size="sm" truncate c={entry.available ? undefined : 'dimmed'} data-testid="playlist-entry-title">{entry.title}</Text>
        <Group gap={6} wrap="nowrap">
          <Text size="xs" c="dimmed" truncate>{entry.workTitle}</Text>
          {entry.trial && <Badge size="xs" variant="outline">{t('playlist.trial')}</Badge>}
          {!entry.available && <Badge size="xs" color="gray">{t('playlist.unavailable')}</Badge>}
        </Group>
      </UnstyledButton>
      <Text size="xs" c="dimmed">{formatSeconds(entry.duration)}</Text>
      {editable && (
        <>
          <ActionIcon variant="subtle" color="gray" aria-label={t('playlist.moveUp')} disabled={index === 0} onClick={() => onMove(index - 1)} data-testid="playlist-up">
            <IconArrowUp size={16} />
          </ActionIcon>
          <ActionIcon variant="subtle" color="gray" aria-label={t('playlist.moveDown')} disabled={index === count - 1} onClick={() => onMove(index + 1)} data-testid="playlist-down">
            <IconArrowDown size={16} />
          </ActionIcon>
          <ActionIcon variant="subtle" color="red" aria-label={t('playlist.remove')} onClick={onRemove} data-testid="playlist-remove">
            <IconTrash size={16} />
          </ActionIcon>
        </>
      )}
    </Group>
  );
}

/** One playlist (see the file comment); `onBack` returns to the list (also after a delete). */
function PlaylistView({ id, onBack }: { id: number; onBack(): void }) {
  const { t } = useTranslation();
  const [list, setList] = useState<Playlist | null>(null);
  const [renaming, setRenaming] = useState<string | null>(null);
  const [confirmDelete, setConfirmDelete] = useState(false);
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 4 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );

  const load = useCallback(() => playlists.get(id).then((a) => setList(a.playlist), (err) => { notifyError(err); onBack(); }), [id, onBack]);
  useEffect(() => { void load(); }, [load]);

  /** Runs a write; its answer becomes the list shown, its message the notice. A failure reloads. */
  const write = async (call: () => Promise<PlaylistAnswer & { message: string }>, quiet = false) => {
    try {
      const answer = await call();
      setList(answer.playlist);
      if (!quiet) notifySuccess(answer);
    } catch (err) {
      notifyError(err);
      void load();
    }
  };

  if (!list) return <Center py="xl"><Loader size="sm" /></Center>;
  const entries = list.entries;
  const move = (from: number, to: number) => {
    const order = arrayMove(entries, from, to);
    setList({ ...list, entries: order });
    void write(() => playlists.reorder(id, order.map((e) => e.id)), true);
  };
  const onDragEnd = (e: DragEndEvent) => {
    if (!e.over || e.active.id === e.over.id) return;
    move(entries.findIndex((x) => x.id === e.active.id), entries.findIndex((x) => x.id === e.over!.id));
  };

  return (
    <Stack gap="xs" data-testid="playlist-view">
      <Group justify="space-between" wrap="nowrap">
        <Group gap="xs" wrap="nowrap" style={{ minWidth: 0 }}>
          <ActionIcon variant="subtle" aria-label={t('playlist.back')} onClick={onBack} data-testid="playlist-back"><IconArrowLeft size={18} /></ActionIcon>
          <Title order={4} style={{ minWidth: 0, wordBreak: 'break-all' }} data-testid="playlist-name">{list.name}</Title>
        </Group>
        <Button size="xs" leftSection={<IconPlayerPlayFilled size={14} />} disabled={!entries.some((e) => e.available)} onClick={() => playEntries(entries)} data-testid="playlist-play">
          {t('playlist.play')}
        </Button>
      </Group>
      <Summary p={list} />
      {list.mine ? (
        <Group gap="xs">
          <Button size="xs" variant="light" onClick={() => setRenaming(list.name)} data-testid="playlist-rename">{t('playlist.rename')}</Button>
          <Button size="xs" variant="light" color="red" onClick={() => setConfirmDelete(true)} data-testid="playlist-delete">{t('playlist.delete')}</Button>
          <Switch size="xs" label={t('playlist.makePublic')} checked={list.public}
            onChange={(e) => { const value = e.currentTarget.checked; void write(() => playlists.update(id, { public: value })); }} data-testid="playlist-public" />
        </Group>
      ) : <Text size="xs" c="dimmed">{t('playlist.readOnly')}</Text>}
      {entries.length === 0 ? <Text c="dimmed" size="sm" py="md" data-testid="playlist-empty">{t('playlist.empty')}</Text> : (
        <Paper withBorder radius="md" p={4} data-testid="playlist-entries">
          <DndContext sensors={sensors} collisionDetection={closestCenter} onDragEnd={onDragEnd}>
            <SortableContext items={entries.map((e) => e.id)} strategy={verticalListSortingStrategy}>
              {entries.map((e, i) => (
                <EntryRow key={e.id} entry={e} index={i} count={entries.length} editable={list.mine}
                  onPlay={() => playEntries(entries, e)} onMove={(to) => move(i, to)}
                  onRemove={() => void write(() => playlists.removeEntry(id, e.id))} />
              ))}
            </SortableContext>
          </DndContext>
        </Paper>
      )}
      <Modal opened={renaming !== null} onClose={() => setRenaming(null)} title={t('playlist.renameTitle')} centered>
        <Stack>
          <TextInput data-autofocus aria-label={t('playlist.name')} value={renaming ?? ''} maxLength={200} onChange={(e) => setRenaming(e.currentTarget.value)} data-testid="playlist-rename-input" />
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setRenaming(null)}>{t('common.cancel')}</Button>
            <Button disabled={!renaming?.trim()} data-testid="playlist-rename-save"
              onClick={() => { const name = renaming!; setRenaming(null); void write(() => playlists.update(id, { name })); }}>{t('common.save')}</Button>
          </Group>
        </Stack>
      </Modal>
      <ConfirmModal opened={confirmDelete} message={t('playlist.deleteConfirm', { name: list.name })} onClose={() => setConfirmDelete(false)}
        onConfirm={() => void playlists.remove(id).then((a) => { notifySuccess(a); onBack(); }, notifyError)} />
    </Stack>
  );
}

/** The list of playlists, or the one `?playlist=` names. */
export function PlaylistsPane() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const open = Number(params.get('playlist')) || null;
  const [all, setAll] = useState<PlaylistSummary[] | null>(null);
  const [name, setName] = useState('');
  const canWrite = useCanWrite();

  const load = useCallback(() => playlists.list().then((a) => setAll(a.playlists), (err) => { notifyError(err); setAll([]); }), []);
  useEffect(() => { if (!open) void load(); }, [open, load]);
  const show = useCallback((id: number | null) => setParams(id ? { playlist: String(id) } : {}), [setParams]);
  const back = useCallback(() => show(null), [show]);

  if (open) return <PlaylistView key={open} id={open} onBack={back} />;
  if (!all) return <Center py="xl"><Loader size="sm" /></Center>;
  const create = async () => {
    try {
      const answer = await playlists.create({ name });
      notifySuccess(answer);
      setName('');
      show(answer.playlist.id);
    } catch (err) {
      notifyError(err);
    }
  };
  const scope = (title: string, items: PlaylistSummary[], testId: string) => items.length > 0 && (
    <Stack gap="xs" data-testid={testId}>
      <Text fw={600} size="sm">{title}</Text>
      {items.map((p) => (
        <Paper key={p.id} withBorder radius="md" p="xs">
          <Group wrap="nowrap" gap="sm">
            <ActionIcon radius="xl" variant="light" aria-label={t('playlist.play')} disabled={p.entryCount === 0}
              onClick={() => void playlists.get(p.id).then((a) => playEntries(a.playlist.entries), notifyError)} data-testid="playlist-row-play">
              <IconPlayerPlayFilled size={14} />
            </ActionIcon>
            {p.coverWork && (
              <Image src={coverUrl(p.coverWork.id, '240x240', p.coverWork.trial ? 'trial' : 'library')} w={48} h={48} radius="sm" alt="" loading="lazy" data-testid="playlist-cover" />
            )}
            <UnstyledButton style={{ flex: 1, minWidth: 0 }} onClick={() => show(p.id)} data-testid="playlist-row">
              <Text size="sm" fw={500} truncate data-testid="playlist-row-name">{p.name}</Text>
              <Summary p={p} />
            </UnstyledButton>
          </Group>
        </Paper>
      ))}
    </Stack>
  );
  const mine = all.filter((p) => p.mine);
  const others = all.filter((p) => !p.mine);
  return (
    <Stack gap="md" data-testid="fav-folder">
      {canWrite && (
        <Group gap="xs" wrap="nowrap">
          <TextInput style={{ flex: 1 }} placeholder={t('playlist.name')} aria-label={t('playlist.name')} value={name} maxLength={200}
            onChange={(e) => setName(e.currentTarget.value)} onKeyDown={(e) => { if (e.key === 'Enter' && name.trim()) void create(); }} data-testid="playlist-new-name" />
          <Button disabled={!name.trim()} onClick={() => void create()} data-testid="playlist-create">{t('playlist.create')}</Button>
        </Group>
      )}
      {all.length === 0 && <Text c="dimmed" ta="center" py="xl" data-testid="playlist-none">{t('playlist.none')}</Text>}
      {scope(t('playlist.mine'), mine, 'playlists-mine')}
      {scope(t('playlist.others'), others, 'playlists-others')}
    </Stack>
  );
}
