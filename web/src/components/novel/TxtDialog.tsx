/**
 * The novel page's TXT dialog (spec 001 sections 2, 5 and 7): the uploaded TXT (name,
 * size, the encoding it came in, when) with read (the reader, beyond the spec), download and delete, and an upload of at most
 * 4 MB (a larger file is refused here before it is sent; the server refuses it too, 413).
 * Notices show the server's message (data.msg for uploads).
 */
import { useState } from 'react';
import { Button, FileInput, Group, Modal, Stack, Text } from '@mantine/core';
import { IconBook, IconDownload, IconTrash, IconUpload } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { NOVEL_TXT_MAX_BYTES, type NovelTxt } from '@model';
import { notifyError, notifySuccess } from '../../api/client';
import { deleteTxt, txtDownloadUrl, uploadTxt } from '../../api/novel';
import { useDateFormat } from '../../i18n/format';
import { ConfirmModal } from '../ConfirmModal';

export function TxtDialog({ id, txt, opened, onClose, onChange }: { id: number; txt: NovelTxt[]; opened: boolean; onClose(): void; onChange(txt: NovelTxt[]): void }) {
  const { t } = useTranslation();
  const { dateTime } = useDateFormat();
  const [file, setFile] = useState<File | null>(null);
  const [busy, setBusy] = useState(false);
  const [confirm, setConfirm] = useState(false);
  const tooLarge = file !== null && file.size > NOVEL_TXT_MAX_BYTES;

  const upload = async () => {
    if (!file || tooLarge) return;
    setBusy(true);
    try {
      const res = await uploadTxt(id, file);
      notifySuccess(res);
      onChange([res.txt]);
      setFile(null);
    } catch (err) {
      notifyError(err);
    } finally {
      setBusy(false);
    }
  };
  const remove = async () => {
    try {
      const res = await deleteTxt(id);
      notifySuccess(res);
      onChange([]);
    } catch (err) {
      notifyError(err);
    }
  };

  return (
    <Modal opened={opened} onClose={onClose} title={t('novel.txt.title')} centered data-testid="txt-dialog">
      <Stack>
        {txt.length === 0 && <Text c="dimmed" size="sm" data-testid="txt-none">{t('novel.txt.none')}</Text>}
        {txt.map((f) => (
          <Stack key={f.name} gap={4} data-testid="txt-file">
            <Text fw={600} size="sm" style={{ wordBreak: 'break-all' }}>{f.name}</Text>
            <Text size="xs" c="dimmed">{t('novel.txt.facts', { kb: Math.ceil(f.size / 1024), encoding: f.encoding, time: dateTime(f.uploaded_at) })}</Text>
            <Group gap="xs">
              <Button component={Link} to={`/novel/read/${id}`} size="xs" variant="light" leftSection={<IconBook size={14} />} data-testid="txt-read">{t('novel.txt.read')}</Button>
              <Button component="a" href={txtDownloadUrl(id)} download size="xs" variant="light" leftSection={<IconDownload size={14} />} data-testid="txt-download">{t('novel.txt.download')}</Button>
              <Button size="xs" variant="subtle" color="red" leftSection={<IconTrash size={14} />} onClick={() => setConfirm(true)} data-testid="txt-delete">{t('common.delete')}</Button>
            </Group>
          </Stack>
        ))}
        <FileInput accept=".txt,text/plain" clearable value={file} onChange={setFile} label={t('novel.txt.choose')} placeholder={t('novel.txt.choose')}
          error={tooLarge ? t('novel.txt.tooLarge') : undefined} data-testid="txt-file-input" />
        <Group justify="flex-end">
          <Button leftSection={<IconUpload size={16} />} disabled={!file || tooLarge} loading={busy} onClick={() => void upload()} data-testid="txt-upload">{t('novel.txt.upload')}</Button>
        </Group>
        <Text size="xs" c="dimmed">{t('novel.txt.limit')}</Text>
      </Stack>
      <ConfirmModal opened={confirm} message={t('novel.txt.deleteConfirm')} onClose={() => setConfirm(false)} onConfirm={() => void remove()} />
    </Modal>
  );
}
