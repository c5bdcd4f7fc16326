/**
 * The queue dialog (spec 000 section 2 "Player"): the queue with the playing item
 * marked; click plays an item; edit mode shows drag handles (reorder with
 * @dnd-kit/sortable) and remove buttons; 'empty' clears the queue. A signed-in user (not a
 * guest) adds the whole queue, or in edit mode one item, to one of their playlists
 * (AddToPlaylistModal). List max height 450 px.
 */
import { useState } from 'react';
import { ActionIcon, Button, Group, Modal, ScrollArea, Text, UnstyledButton } from '@mantine/core';
import { IconGripVertical, IconListDetails, IconTrash } from '@tabler/icons-react';
import { closestCenter, DndContext, KeyboardSensor, PointerSensor, useSensor, useSensors, type DragEndEvent } from '@dnd-kit/core';
import { SortableContext, sortableKeyboardCoordinates, useSortable, verticalListSortingStrategy } from '@dnd-kit/sortable';
import { useTranslation } from 'react-i18next';
import type { QueueItem } from '@model';
import { useCanWrite } from '../api/auth';
import { AddToPlaylistModal, type AddTarget } from '../components/playlist/AddToPlaylist';
import { player, usePlayer } from './store';

export const QUEUE_MAX_HEIGHT = 450;

function Row({ id, item, index, playing, editing, onAdd }: { id: string; item: QueueItem; index: number; playing: boolean; editing: boolean; onAdd?(): void }) {
  const { t } = useTranslation();
  const { attributes, listeners, setNodeRef, transform, transition, isDragging } = useSortable({ id, disabled: !editing });
  return (
    <Group ref={setNodeRef} gap={6} wrap="nowrap" py={6} px={4} data-testid="queue-item" data-index={index} data-playing={playing || undefined}
      style={{ transform: transform ? `translate3d(${transform.x}px, ${transform.y}px, 0)` : undefined, transition, opacity: isDragging ? 0.6 : 1, borderBottom: '1px solid var(--mantine-color-default-border)', background: playing ? 'var(--mantine-primary-color-light)' : undefined }}>
      {editing && (
        <ActionIcon variant="subtle" color="gray" aria-label={t('player.queueDrag')} style={{ cursor: 'grab', touchAction: 'none' }} {...attributes} {...listeners} data-testid="queue-handle">
          <IconGripVertical size={16} />
        </ActionIcon>
      )}
      <UnstyledButton style={{ flex: 1, minWidth: 0 }} onClick={() => player.setIndex(index)}>
        <Text size="sm" truncate fw={playing ? 700 : undefined} data-testid="queue-title">{item.title}</Text>
        {item.workTitle && <Text size="xs" c="dimmed" truncate>{item.workTitle}</Text>}
      </UnstyledButton>
      {editing && onAdd && (
        <ActionIcon variant="subtle" color="gray" aria-label={t('playlist.addItem')} onClick={onAdd} data-testid="queue-add-to-playlist">
          <IconListDetails size={16} />
        </ActionIcon>
      )}
      {editing && (
        <ActionIcon variant="subtle" color="red" aria-label={t('player.queueRemove')} onClick={() => player.removeFromQueue(index)} data-testid="queue-remove">
          <IconTrash size={16} />
        </ActionIcon>
      )}
    </Group>
  );
}

/** The queue dialog (see the file comment). */
export function QueueDialog({ opened, onClose }: { opened: boolean; onClose(): void }) {
  const { t } = useTranslation();
  const queue = usePlayer((s) => s.queue);
  const queueIndex = usePlayer((s) => s.queueIndex);
  const [editing, setEditing] = useState(false);
  const [adding, setAdding] = useState<AddTarget | null>(null);
  const canWrite = useCanWrite();
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 4 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );
  const ids = queue.map((_, i) => `q${i}`);
  const onDragEnd = (e: DragEndEvent) => {
    if (!e.over || e.active.id === e.over.id) return;
    player.moveInQueue(ids.indexOf(String(e.active.id)), ids.indexOf(String(e.over.id)));
  };
  return (
    <Modal opened={opened} onClose={onClose} title={t('player.queueTitle', { n: queue.length })} centered data-testid="queue-dialog">
      <Group justify="flex-end" gap="xs" mb="xs">
        {canWrite && (
          <Button size="xs" variant="light" leftSection={<IconListDetails size={14} />} disabled={!queue.length}
            onClick={() => setAdding({ hashes: queue.map((q) => q.hash) })} data-testid="queue-to-playlist">
            {t('playlist.addQueue')}
          </Button>
        )}
        <Button size="xs" variant={editing ? 'filled' : 'light'} onClick={() => setEditing((v) => !v)} data-testid="queue-edit">
          {editing ? t('player.queueDone') : t('player.queueEdit')}
        </Button>
        <Button size="xs" color="red" variant="light" disabled={!queue.length} onClick={() => player.emptyQueue()} data-testid="queue-empty">
          {t('player.queueEmpty')}
        </Button>
      </Group>
      {queue.length === 0 ? <Text c="dimmed" size="sm">{t('player.queueNone')}</Text> : (
        <ScrollArea.Autosize mah={QUEUE_MAX_HEIGHT} data-testid="queue-list">
          <DndContext sensors={sensors} collisionDetection={closestCenter} onDragEnd={onDragEnd}>
            <SortableContext items={ids} strategy={verticalListSortingStrategy}>
              {queue.map((item, i) => <Row key={ids[i]} id={ids[i]!} item={item} index={i} playing={i === queueIndex} editing={editing}
                onAdd={canWrite ? () => setAdding({ hashes: [item.hash] }) : undefined} />)}
            </SortableContext>
          </DndContext>
        </ScrollArea.Autosize>
      )}
      <AddToPlaylistModal target={adding} onClose={() => setAdding(null)} />
    </Modal>
  );
}
