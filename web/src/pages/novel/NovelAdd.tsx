/**
 * /novel/add (spec 001 section 2 "Add-novel form"): the link with a search button (the
 * spider: a code 2000 answer fills the form, anything else shows its msg), Id, title,
 * cover, author, short description, long info, status, word count, tags, publish time,
 * rating 0..5 (default 3), my progress, Submit and Reset. Submit adds the novel (POST
 * /api/novel/work/) and opens its page.
 */
import { useEffect, useState, type FormEvent } from 'react';
import {
  Autocomplete, Button, Group, NumberInput, Radio, Rating, Stack, TagsInput, Text, TextInput, Textarea, Title,
} from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import type { MyProcess, NamedRef, NovelForm, NovelProcess } from '@model';
import { notifyError, notifySuccess } from '../../api/client';
import { addNovel, authorList, spiderNovel, tagList } from '../../api/novel';

/** The form as edited: numbers as the inputs hold them, author and tags by name. */
interface Draft {
  url: string; novelId: string; name: string; cover: string; author: string; desc: string; info: string;
  process: NovelProcess; wordCount: number | string; tag: string[]; publish_datetime: string; plat: string;
  rate: number; myProcess: MyProcess | null; readCount: number;
}

const EMPTY: Draft = {
  url: '', novelId: '', name: '', cover: '', author: '', desc: '', info: '', process: 1, wordCount: 0, tag: [],
  publish_datetime: '', plat: '', rate: 3, myProcess: null, readCount: 0,
};

/** The draft of a spider answer (tags given as ids are shown by name). */
function draftOf(form: NovelForm, tags: NamedRef[]): Draft {
  return {
    ...form,
    novelId: form.novelId === null ? '' : String(form.novelId),
    author: form.author?.label ?? '',
    tag: form.tag.map((x) => (typeof x === 'number' ? tags.find((t) => t.id === x)?.name ?? String(x) : x)),
  };
}

export default function NovelAdd() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [draft, setDraft] = useState<Draft>(EMPTY);
  const [authors, setAuthors] = useState<NamedRef<string>[]>([]);
  const [tags, setTags] = useState<NamedRef[]>([]);
  const [searching, setSearching] = useState(false);
  const [saving, setSaving] = useState(false);
  const [nameError, setNameError] = useState(false);
  const set = <K extends keyof Draft>(key: K, value: Draft[K]) => setDraft((d) => ({ ...d, [key]: value }));

  useEffect(() => {
    authorList().then(setAuthors, notifyError);
    tagList().then(setTags, notifyError);
  }, []);

  const search = async () => {
    if (!draft.url.trim()) return;
    setSearching(true);
    try {
      setDraft(draftOf(await spiderNovel(draft.url.trim()), tags));
      setNameError(false);
      notifySuccess(t('novel.add.filled'));
    } catch (err) {
      notifyError(err);
    } finally {
      setSearching(false);
    }
  };

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!draft.name.trim()) return setNameError(true);
    setSaving(true);
    try {
      const label = draft.author.trim();
      const res = await addNovel({
        ...draft,
        novelId: draft.novelId.trim() ? Number(draft.novelId) : null,
        author: label ? { id: authors.find((a) => a.name === label)?.id ?? null, label } : null,
        wordCount: Number(draft.wordCount) || 0,
      });
      notifySuccess(res);
      navigate(`/novel/work/${res.id}`);
    } catch (err) {
      notifyError(err);
    } finally {
      setSaving(false);
    }
  };

  return (
    <form onSubmit={(e) => void submit(e)} noValidate data-testid="novel-add">
      <Stack maw={720} mx="auto">
        <Title order={3}>{t('novel.add.title')}</Title>
        <Group gap="xs" align="flex-end" wrap="nowrap">
          <TextInput style={{ flex: 1, minWidth: 0 }} label={t('novel.add.url')} placeholder="https://" value={draft.url} onChange={(e) => set('url', e.currentTarget.value)} data-testid="add-url" />
          <Button variant="light" leftSection={<IconSearch size={16} />} loading={searching} onClick={() => void search()} data-testid="add-spider">{t('novel.add.search')}</Button>
        </Group>
        <Group grow wrap="wrap" gap="xs" align="flex-start">
          <TextInput miw={140} label={t('novel.add.id')} inputMode="numeric" value={draft.novelId} onChange={(e) => set('novelId', e.currentTarget.value.replace(/\D/g, ''))} data-testid="add-id" />
          <TextInput miw={200} label={t('novel.add.name')} required value={draft.name} error={nameError ? t('novel.add.nameRequired') : undefined}
            onChange={(e) => { set('name', e.currentTarget.value); setNameError(false); }} data-testid="add-name" />
        </Group>
        <TextInput label={t('novel.add.cover')} value={draft.cover} onChange={(e) => set('cover', e.currentTarget.value)} data-testid="add-cover" />
        <Group grow wrap="wrap" gap="xs" align="flex-start">
          <Autocomplete miw={160} label={t('novel.add.author')} data={authors.map((a) => a.name ?? '').filter(Boolean)} value={draft.author} onChange={(v) => set('author', v)} data-testid="add-author" />
          <TextInput miw={160} label={t('novel.add.plat')} value={draft.plat} onChange={(e) => set('plat', e.currentTarget.value)} data-testid="add-plat" />
        </Group>
        <Textarea label={t('novel.add.desc')} autosize minRows={2} value={draft.desc} onChange={(e) => set('desc', e.currentTarget.value)} data-testid="add-desc" />
        <Textarea label={t('novel.add.info')} autosize minRows={4} maxRows={12} value={draft.info} onChange={(e) => set('info', e.currentTarget.value)} data-testid="add-info" />
        <Radio.Group label={t('novel.add.status')} value={String(draft.process)} onChange={(v) => set('process', Number(v) as NovelProcess)} data-testid="add-status">
          <Group gap="md" mt={4}>
            <Radio value="0" label={t('novel.complete')} />
            <Radio value="1" label={t('novel.serial')} />
          </Group>
        </Radio.Group>
        <Group grow wrap="wrap" gap="xs" align="flex-start">
          <NumberInput miw={140} label={t('novel.add.wordCount')} min={0} allowDecimal={false} value={draft.wordCount} onChange={(v) => set('wordCount', v)} data-testid="add-words" />
          <TextInput miw={180} type="datetime-local" label={t('novel.add.publish')} value={draft.publish_datetime} onChange={(e) => set('publish_datetime', e.currentTarget.value)} data-testid="add-publish" />
        </Group>
        <TagsInput label={t('novel.add.tags')} data={tags.map((x) => x.name ?? '').filter(Boolean)} value={draft.tag} onChange={(v) => set('tag', v)} clearable data-testid="add-tags" />
        <Stack gap={4}>
          <Text size="sm" fw={500}>{t('novel.add.rate')}</Text>
          <Rating value={draft.rate} onChange={(v) => set('rate', v)} count={5} data-testid="add-rate" />
        </Stack>
        <Radio.Group label={t('novel.add.myProcess')} value={draft.myProcess === null ? '' : String(draft.myProcess)} onChange={(v) => set('myProcess', v === '' ? null : (Number(v) as MyProcess))} data-testid="add-my-process">
          <Group gap="md" mt={4}>
            <Radio value="" label={t('novel.add.noProcess')} />
            {([0, 1, 2, 3] as const).map((n) => <Radio key={n} value={String(n)} label={t(`novel.myProcess.${n}`)} />)}
          </Group>
        </Radio.Group>
        <Group justify="flex-end" gap="xs">
          <Button variant="default" onClick={() => { setDraft(EMPTY); setNameError(false); }} data-testid="add-reset">{t('novel.add.reset')}</Button>
          <Button type="submit" loading={saving} data-testid="add-submit">{t('common.submit')}</Button>
        </Group>
      </Stack>
    </form>
  );
}
